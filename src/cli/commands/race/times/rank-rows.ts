/**
 * Ranks set by hand in a times file (`race times bulk-update`), as the service takes them: a
 * rank set by hand is one racer's (service/races/rank-collisions.ts refuses a second). Two
 * rows giving one rank are refused before anything is sent, naming both lines; and the rows
 * of racers who hold a rank by hand and give it up go first, so that a file handing that
 * rank to another racer in a later request of 20 is not refused for the moment between.
 */
import type { ElapsedTimeEntry } from "../../../../client/races.js";
import type { ResourceObject } from "../../../../model/resource.js";
import { relatedId } from "../race-records.js";

/** "line 5: rank 2 is also given on line 3": one problem a repeated rank. */
export function repeatedRanks(
  rows: readonly { readonly where: string; readonly rank?: number | undefined }[],
): string[] {
  const first = new Map<number, string>();
  const problems: string[] = [];
  for (const row of rows) {
    if (row.rank === undefined || row.rank === 0) continue;
    const before = first.get(row.rank);
    if (before === undefined) first.set(row.rank, row.where);
    else
      problems.push(
        `${row.where}: rank ${row.rank} is given on ${before} too: a rank set by hand is one racer's (equal times share a rank by themselves; 0 ranks by time)`,
      );
  }
  return problems;
}

/**
 * The entries in the order to send them: those of a time whose rank is set by hand
 * (`rankGiven`) and changes first, the others after, each in file order.
 */
export function givingUpFirst(
  entries: readonly ElapsedTimeEntry[],
  times: readonly ResourceObject[],
): ElapsedTimeEntry[] {
  const held = new Map(
    times.filter((t) => t.attributes.rankGiven === true).map((t) => [t.id, t.attributes.rank]),
  );
  const givesUp = (e: ElapsedTimeEntry) =>
    e.rank !== undefined &&
    held.has(String(e.elapsedTimeId)) &&
    held.get(String(e.elapsedTimeId)) !== e.rank;
  return [...entries.filter(givesUp), ...entries.filter((e) => !givesUp(e))];
}

/**
 * "line 3: rank 3 in round 1 is \"R30\"'s, set by hand ...": one problem a row giving a rank
 * another racer holds by hand and who is not in the file (so keeps it). The service refuses
 * that row; on a remote profile the requests before it would be written already.
 */
export function heldRanks(
  rows: readonly { readonly where: string; readonly rank?: number | undefined }[],
  entries: readonly ElapsedTimeEntry[],
  rt: {
    readonly race: string;
    readonly round: number;
    readonly times: readonly ResourceObject[];
    /** A participant's name, asked only of a rank's holder (no read a row otherwise). */
    readonly nameOf: (participant: number | undefined) => string;
  },
): string[] {
  const inFile = new Set(entries.map((e) => String(e.elapsedTimeId)));
  const holder = new Map<number, ResourceObject>();
  for (const t of rt.times)
    if (t.attributes.rankGiven === true && !inFile.has(t.id))
      holder.set(Number(t.attributes.rank), t);
  const problems: string[] = [];
  for (const row of rows) {
    const held = row.rank === undefined || row.rank === 0 ? undefined : holder.get(row.rank);
    if (held === undefined) continue;
    const name = rt.nameOf(relatedId(held, "participant"));
    problems.push(
      `${row.where}: rank ${row.rank} in round ${rt.round} is "${name}"'s, set by hand, and they are not in the file: one rank set by hand is one racer's; give this row another rank, or clear "${name}"'s first (tourney race update ${rt.race} "${name}" --rank auto)`,
    );
  }
  return problems;
}
