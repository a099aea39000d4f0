/**
 * A race round's ranks by time, the rule serve ranks a round by (engine/race-ranking.ts)
 * and a dry run predicts the target's ranks with (cli/transfer/race-plan.ts): lower time
 * is better, equal times share a rank (competition ranking: 1, 2, 2, 4), an entry without
 * a time is unranked (null).
 */

/**
 * Ranks by time: 1 + the number of entries with a strictly lower time; null without a time.
 * Each time's rank is its first place among the times sorted: before, each entry counted the
 * times below it one by one (8,000 racers: 32 million steps a round's finalize).
 */
export function rankByTime<K>(
  entries: readonly { readonly id: K; readonly time: number | null }[],
): Map<K, number | null> {
  const times = entries.flatMap((e) => (e.time === null ? [] : [e.time])).sort((a, b) => a - b);
  const first = new Map<number, number>();
  times.forEach((time, i) => {
    if (!first.has(time)) first.set(time, i + 1);
  });
  return new Map(entries.map((e) => [e.id, e.time === null ? null : first.get(e.time)!]));
}
