/**
 * A race round's results: ranks by time, and grand prix points by rank.
 * Lower time is better; equal times share a rank (competition ranking:
 * 1, 2, 2, 4); an entry without a time is unranked (null) and comes last. A
 * rank or points the client gave are the client's: kept as given, and a rank
 * given holds its place: the others fill the ranks no client gave, in time order
 * (docs/races.md).
 */

import { rankAroundGiven, rankByTime } from "../model/race-rank.js";

/**
 * Grand prix points by rank when the race sets no `pointsTable`: first place
 * 25, then 18, 15, 12, 10, 8, 6, 4, 2, 1 (the top ten score); below tenth, or
 * without a time, 0. Tied entries each score their shared rank's points.
 */
export const DEFAULT_POINTS_TABLE: readonly number[] = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];

export interface RoundEntry {
  readonly id: number;
  /** Milliseconds, or null: no time. */
  readonly time: number | null;
  /** The client's rank, if it gave one. */
  readonly givenRank: number | null;
  /** The client's points, if it gave them. */
  readonly givenPoints: number | null;
}

export interface RoundResult {
  readonly id: number;
  readonly rank: number | null;
  /** Null while the round is not finalized (no points yet) unless the client gave them. */
  readonly points: number | null;
}

/**
 * Ranks by time, and around the ranks given (model/race-rank.ts: the dry run of a race
 * import predicts with them too).
 */
export { rankAroundGiven, rankByTime };

/** Points of a rank from `table` (first place first); 0 below the table or without a rank. */
export function pointsForRank(rank: number | null, table: readonly number[]): number {
  if (rank === null || rank < 1) return 0;
  return table[rank - 1] ?? 0;
}

/**
 * Every entry's rank (the client's, else by time around the client's) and points: the
 * client's; else, when `table` is given (a grand prix round being finalized), the table's
 * for the rank; else null.
 */
export function roundResults(
  entries: readonly RoundEntry[],
  table: readonly number[] | null,
): RoundResult[] {
  const byTime = rankAroundGiven(entries);
  return entries.map((e) => {
    const rank = e.givenRank ?? byTime.get(e.id) ?? null;
    const points = e.givenPoints ?? (table === null ? null : pointsForRank(rank, table));
    return { id: e.id, rank, points };
  });
}
