/**
 * A race round's ranks, the rule serve ranks a round by (engine/race-ranking.ts) and a dry
 * run predicts the target's ranks with (cli/transfer/race-plan.ts): lower time is better,
 * equal times share a rank (competition ranking: 1, 2, 2, 4), an entry without a time is
 * unranked (null); a rank given by hand holds its place and the others fill the ranks left.
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

/**
 * Ranks of the entries without a given rank, by time, around the ranks given: each takes
 * the (1 + the others' times strictly below its own)-th rank that no entry was given, so
 * ties share one (1, 2, 2, 4 with none given) and a given rank is nobody else's. The
 * service refuses a rank given that another entry holds by hand (service/races/
 * rank-collisions.ts); two entries given one rank (a round from before that) both hold it.
 * A rank given beyond the field holds it too, the others filling from 1. Before 6e2249f,
 * the others ranked by every time, the hand-ranked one's included. Here, not in the engine,
 * so that the dry run of a race import predicts with the service's own rule.
 */
export function rankAroundGiven<K>(
  entries: readonly {
    readonly id: K;
    readonly time: number | null;
    readonly givenRank: number | null;
  }[],
): Map<K, number | null> {
  const taken = new Set(entries.flatMap((e) => (e.givenRank === null ? [] : [e.givenRank])));
  const byTime = rankByTime(entries.filter((e) => e.givenRank === null));
  if (taken.size === 0) return byTime;
  // The free ranks, as many as there are entries to place, first to last.
  const free: number[] = [];
  for (let r = 1; free.length < byTime.size; r++) if (!taken.has(r)) free.push(r);
  const ranks = new Map<K, number | null>();
  for (const [id, rank] of byTime) ranks.set(id, rank === null ? null : free[rank - 1]!);
  return ranks;
}
