/**
 * Win, loss and tie counts of a free-for-all stage, read off its reported matches.
 *
 * A free-for-all match is won by placing first: first place alone is a win,
 * first place shared with others (equal rank 1) a tie for each of them, any other
 * place a loss. Advancing is not a win: the second of a match who advances has
 * lost it, and the last round (whose ranks are final) counts like any other.
 * Points are wins plus half the ties, as for the `match wins` ranking.
 */
import type { FreeForAllReport } from "./free-for-all.js";

export interface FreeForAllRecord {
  readonly participantId: number;
  wins: number;
  losses: number;
  ties: number;
}

/** Each participant's record over the given completed matches, in order of first appearance. */
export function freeForAllRecords(
  reports: readonly FreeForAllReport[],
): Map<number, FreeForAllRecord> {
  const records = new Map<number, FreeForAllRecord>();
  addFreeForAllRecords(records, reports);
  return records;
}

/** Adds `reports` (those from `from` up to `to`) to `records` (freeForAllRecords a part at a time). */
export function addFreeForAllRecords(
  records: Map<number, FreeForAllRecord>,
  reports: readonly FreeForAllReport[],
  from = 0,
  to = reports.length,
): void {
  for (let i = from; i < Math.min(to, reports.length); i++) {
    const report = reports[i]!;
    const firsts = report.entries.filter((entry) => entry.rank === 1).length;
    for (const entry of report.entries) {
      let record = records.get(entry.participantId);
      if (record === undefined) {
        record = { participantId: entry.participantId, wins: 0, losses: 0, ties: 0 };
        records.set(entry.participantId, record);
      }
      if (entry.rank !== 1) record.losses++;
      else if (firsts === 1) record.wins++;
      else record.ties++;
    }
  }
}

/** Ranking points of a free-for-all record: a win 1, a tie (shared first place) 1/2. */
export function freeForAllPoints(record: FreeForAllRecord): number {
  return record.wins + record.ties / 2;
}
