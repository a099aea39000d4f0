/**
 * Sending a roster: skip the names already in the tournament (a re-run resumes
 * an interrupted add), send the rest, and say what an interrupt undid or left.
 * The guarantees are in bulk-add.ts's help text; the undo itself in client/bulk-add.ts.
 */
import { type BulkAddControl, BulkAddInterruptedError } from "../../../client/bulk-add.js";
import { BulkAddOverlapError, KeptForOthers } from "../../../client/bulk-add-overlap.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { RejectedError } from "../../../client/errors.js";
import type { ParticipantOwner, ParticipantsApi } from "../../../client/participants.js";
import { participantNameKey } from "../../../model/participant-name.js";
import { CancelledError, StateRefusedError } from "../../errors.js";
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
    error.undoFailure instanceof KeptForOthers
      ? "Run the same bulk add again to add the rest (names already present are skipped)."
      : "Run the same bulk add again to add the rest (names already present are skipped), or delete these.",
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
 * On a remote service, a refusal while another command adds names of the roster keeps what
 * this run had added (client/bulk-add-overlap.ts), and the names skipped as present are
 * checked to be there still at the end (completeRoster).
 */
export async function runBulkAdd(
  run: BulkAddRun,
  tournament: ParticipantOwner,
  roster: readonly RosterEntry[],
): Promise<ApiRecord[]> {
  let present: readonly ApiRecord[] | undefined = run.skipPresent
    ? await run.participants.listAll(tournament)
    : undefined;
  // Tests order two adds by it (test-pause.ts); loaded only then.
  if (process.env.TOURNEY_TEST_PAUSE)
    await (await import("../../test-pause.js")).pauseAt("bulk-add-read");
  // What this run added and kept when another command was adding names of its roster.
  const kept: ApiRecord[] = [];
  for (let reads = 1; ; reads++) {
    try {
      const added = [...kept, ...(await addMissing(run, tournament, roster, present, kept))];
      if (present === undefined || run.participants.bulkAddIsOneTransaction) return added;
      return await completeRoster(run, tournament, roster, present, added);
    } catch (error) {
      if (error instanceof BulkAddOverlapError) {
        if (reads > READS_AGAIN) throw error.refusal();
        kept.push(...error.kept);
        run.note(
          `${error.overlap.others} of these names were added by another command meanwhile: the ${error.kept.length} this run had added were kept (that command may count them as present); adding the rest`,
        );
        present = error.overlap.present;
        continue;
      }
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

/**
 * The add of the roster's names not in `present` (undefined: --no-skip-present, all of them);
 * the names of `kept` (this run's own) are not counted as skipped.
 */
async function addMissing(
  run: BulkAddRun,
  tournament: ParticipantOwner,
  roster: readonly RosterEntry[],
  present: readonly ApiRecord[] | undefined,
  kept: readonly ApiRecord[] = [],
): Promise<ApiRecord[]> {
  const { send, skipped: all } = splitPresent(roster, present ?? []);
  const skipped = splitPresent(all, kept).send;
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
    if (error instanceof BulkAddOverlapError) {
      error.refused = onRosterLines(error.refused, ordered);
      throw error;
    }
    throw onRosterLines(error, ordered);
  }
}

/*
 * The end of a remote bulk add that skipped names as present: are they still there? Before
 * (review I, #6), two runs of one roster at once (a CI retry overlapping the first attempt)
 * could end short of names: run B added P1-P20, run A skipped them as present and added the
 * rest, then B, refused (its next names were A's now), removed its own P1-P20, and A had
 * exited 0 on a roster without them. No transaction spans a remote service's requests: B
 * keeps what it added when it sees another command adding names of its roster
 * (client/bulk-add-overlap.ts); and A, whose skipped names may still be removed by a run
 * that could not see it (one interrupted before A added anything), reads the tournament
 * again and adds back the names that went, up to CHECK_ROUNDS times; then fails, exit 5,
 * naming them. A run that skipped nothing added every name itself: nothing to check.
 */

/** How many times names removed meanwhile are added again before the run fails. */
const CHECK_ROUNDS = 3;

/** Whether `present` held names of the roster this run did not add (`added`): it skipped them. */
function skippedOthers(
  roster: readonly RosterEntry[],
  present: readonly ApiRecord[],
  added: readonly ApiRecord[],
): boolean {
  const keys = new Set(roster.map((e) => participantNameKey(e.name)));
  const mine = new Set(added.map((r) => r.id));
  return present.some(
    (r) => !mine.has(r.id) && keys.has(participantNameKey(String(r.attributes.name ?? ""))),
  );
}

/**
 * The records this run added (`added`, and any it adds again here), once every name of
 * `roster` is in the tournament; `present` is what the add skipped names by.
 */
export async function completeRoster(
  run: BulkAddRun,
  tournament: ParticipantOwner,
  roster: readonly RosterEntry[],
  present: readonly ApiRecord[],
  added: readonly ApiRecord[],
): Promise<ApiRecord[]> {
  if (!skippedOthers(roster, present, added)) return [...added];
  const records = [...added];
  // The skip line was said once; adding again says its own.
  const quiet: BulkAddRun = { ...run, note: () => {} };
  let refusal = "";
  for (let round = 1; ; round++) {
    const now = await run.participants.listAll(tournament);
    const missing = splitPresent(roster, now).send.map((e) => e.name.trim());
    if (missing.length === 0) return records;
    if (round > CHECK_ROUNDS) throw stillMissing(missing, records.length, refusal);
    run.note(
      `${missing.length} of these names, counted as present, were removed by another command meanwhile: adding them again: ${someNames(missing)}`,
    );
    try {
      records.push(...(await addMissing(quiet, tournament, roster, now)));
    } catch (error) {
      // Refused (taken again meanwhile, ...): the next round reads the tournament again.
      if (error instanceof BulkAddOverlapError) records.push(...error.kept);
      else if (error instanceof RejectedError) refusal = error.message;
      else throw error;
    }
  }
}

function stillMissing(missing: readonly string[], added: number, refusal: string): Error {
  return new StateRefusedError(
    `${missing.length} of the roster's names are not in the tournament: ${someNames(missing, 10)}; ` +
      `counted as present, they were removed by another command meanwhile, ${CHECK_ROUNDS} times after adding them again` +
      `${refusal === "" ? "" : ` (last refused: ${refusal})`}; the ${added} participant(s) this run added were kept: ` +
      "run the same bulk add again once no other bulk add of this tournament runs",
  );
}
