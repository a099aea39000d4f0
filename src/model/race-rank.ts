/**
 * A race round's ranks by time, the rule serve ranks a round by (engine/race-ranking.ts)
 * and a dry run predicts the target's ranks with (cli/transfer/race-plan.ts): lower time
 * is better, equal times share a rank (competition ranking: 1, 2, 2, 4), an entry without
 * a time is unranked (null).
 */

/** Ranks by time: 1 + the number of entries with a strictly lower time; null without a time. */
export function rankByTime<K>(
  entries: readonly { readonly id: K; readonly time: number | null }[],
): Map<K, number | null> {
  const times = entries.flatMap((e) => (e.time === null ? [] : [e.time])).sort((a, b) => a - b);
  const ranks = new Map<K, number | null>();
  for (const e of entries) {
    if (e.time === null) {
      ranks.set(e.id, null);
      continue;
    }
    let below = 0;
    while (below < times.length && times[below]! < e.time) below++;
    ranks.set(e.id, below + 1);
  }
  return ranks;
}
