/**
 * Sending a roster: skip the names already in the tournament (a re-run resumes
 * an interrupted add), send the rest, and say what an interrupt undid or left.
 * The guarantees are in bulk-add.ts's help text; the undo itself in client/bulk-add.ts.
 */
import { type BulkAddControl, BulkAddInterruptedError } from "../../../client/bulk-add.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { RejectedError } from "../../../client/errors.js";
import type { ParticipantOwner, ParticipantsApi } from "../../../client/participants.js";
import { participantNameKey } from "../../../model/participant-name.js";
import { CancelledError } from "../../errors.js";
import { onFileLines, someOf } from "./file-items.js";
import { checkRosterSeeds, type RosterEntry, rosterAttributes, sendingOrder } from "./roster.js";

export interface BulkAddRun {
  readonly participants: ParticipantsApi;
  /** A line for stderr. */
  readonly note: (line: string) => void;
  readonly control: BulkAddControl;
  /** false: names already present are sent anyway, and the service refuses them. */
  readonly skipPresent: boolean;
}

export interface Split {
  readonly send: readonly RosterEntry[];
  readonly skipped: readonly RosterEntry[];
}

/** Splits the roster into names to send and names the tournament already has. */
export function splitPresent(roster: readonly RosterEntry[], present: readonly ApiRecord[]): Split {
  const taken = new Set(present.map((p) => participantNameKey(String(p.attributes.name ?? ""))));
  const send: RosterEntry[] = [];
  const skipped: RosterEntry[] = [];
  for (const entry of roster) {
    (taken.has(participantNameKey(entry.name)) ? skipped : send).push(entry);
  }
  return { send, skipped };
}

/** `"A", "B", "C" and 7 more`: a few names, quoted. */
export function someNames(names: readonly string[], shown = 3): string {
  return someOf(names, shown, (n) => JSON.stringify(n));
}

/** `12-40, 57`: ids as ranges of consecutive numbers, ascending. */
export function idRanges(ids: readonly string[]): string {
  const numbers = ids.map(Number).sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    ranges.push(i === j ? `${numbers[i]}` : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  return ranges.join(", ");
}

function leftLines(error: BulkAddInterruptedError): string[] {
  const { added, left, total } = error;
  const reason =
    error.undoFailure instanceof Error ? error.undoFailure.message : String(error.undoFailure);
  const removed = added.length - left.length;
  const names = left.map((r) => String(r.attributes.name ?? ""));
  const span =
    names.length <= 6
      ? names.map((n) => JSON.stringify(n)).join(", ")
      : `${JSON.stringify(names[0])} to ${JSON.stringify(names.at(-1))}`;
  return [
    `interrupted: this run added ${added.length} of ${total} participants; undoing it stopped (${reason})` +
      `${removed > 0 ? ` after removing ${removed}` : ""}, so ${left.length} are still in the tournament:`,
    `  ids ${idRanges(left.map((r) => r.id))} (${span})`,
    "Run the same bulk add again to add the rest (names already present are skipped), or delete these.",
  ];
}

/** What an interrupted bulk add tells the user (exit 130). */
export function interruptedMessage(error: BulkAddInterruptedError): string {
  if (error.added.length === 0) return "interrupted: nothing was added";
  if (error.left.length > 0) return leftLines(error).join("\n");
  return (
    `interrupted: this run had added ${error.added.length} of ${error.total} participants ` +
    "and removed them again; the tournament is as it was before"
  );
}

/**
 * The service's refusal with each problem put on its roster line ("line 26:
 * name "Ada" is already taken") instead of a pointer into the request: the
 * client gives pointers the index in the whole roster sent, on every backend.
 */
export function onRosterLines(error: unknown, sent: readonly RosterEntry[]): unknown {
  return onFileLines(error, "participants", sent);
}

/**
 * Adds the roster's names that are not in the tournament yet; returns the
 * records added. Seeds may come in any order: the roster goes unseeded names
 * first, then by ascending seed (roster.ts sendingOrder).
 *
 * The names present are read before the add is sent: another command adding the same names
 * in between (two bulk adds of one file at once, on one database or one serve) makes the
 * service refuse this one's as taken. Refused so, the add (undone whole: rolled back, or
 * deleted again on a remote service) reads the tournament again and goes on as a re-run of
 * it would, skipping the names now there (exit 0), as long as each read finds more of them
 * taken. Before, it failed, exit 5, each name "already taken" (the file run again did not).
 */
export async function runBulkAdd(
  run: BulkAddRun,
  tournament: ParticipantOwner,
  roster: readonly RosterEntry[],
): Promise<ApiRecord[]> {
  let present = run.skipPresent ? await run.participants.listAll(tournament) : undefined;
  // Tests order two adds by it (test-pause.ts); loaded only then.
  if (process.env.TOURNEY_TEST_PAUSE)
    await (await import("../../test-pause.js")).pauseAt("bulk-add-read");
  for (let reads = 1; ; reads++) {
    try {
      return await addMissing(run, tournament, roster, present);
    } catch (error) {
      if (present === undefined || reads > READS_AGAIN || !(error instanceof RejectedError))
        throw error;
      const now = await run.participants.listAll(tournament).catch(() => undefined);
      const taken = now === undefined ? 0 : newlyTaken(roster, present, now);
      if (taken === 0) throw error;
      run.note(
        `${taken} of these names were added by another command meanwhile: nothing of this run was kept; adding the rest`,
      );
      present = now;
    }
  }
}

/** How many times a bulk add refused for names added meanwhile reads the tournament again. */
const READS_AGAIN = 5;

/** How many of the roster's names are in `now` and were not in `before`. */
function newlyTaken(
  roster: readonly RosterEntry[],
  before: readonly ApiRecord[],
  now: readonly ApiRecord[],
): number {
  const keys = (records: readonly ApiRecord[]) =>
    new Set(records.map((p) => participantNameKey(String(p.attributes.name ?? ""))));
  const was = keys(before);
  const is = keys(now);
  return roster.filter((e) => {
    const key = participantNameKey(e.name);
    return is.has(key) && !was.has(key);
  }).length;
}

/** The add of the roster's names not in `present` (undefined: --no-skip-present, all of them). */
async function addMissing(
  run: BulkAddRun,
  tournament: ParticipantOwner,
  roster: readonly RosterEntry[],
  present: readonly ApiRecord[] | undefined,
): Promise<ApiRecord[]> {
  const { send, skipped } = splitPresent(roster, present ?? []);
  if (skipped.length > 0) {
    run.note(
      `Skipped ${skipped.length} of ${roster.length} names already in the tournament: ` +
        someNames(skipped.map((e) => e.name.trim())),
    );
  }
  if (send.length === 0) return [];
  checkRosterSeeds(send, present === undefined ? undefined : present.length + send.length);
  const ordered = sendingOrder(send);
  try {
    return await run.participants.bulkAdd(tournament, ordered.map(rosterAttributes), {
      ...run.control,
      namesAreNew: run.skipPresent,
    });
  } catch (error) {
    if (error instanceof BulkAddInterruptedError)
      throw new CancelledError(interruptedMessage(error));
    throw onRosterLines(error, ordered);
  }
}
