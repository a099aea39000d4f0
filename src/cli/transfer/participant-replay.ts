/**
 * An export's participant states into the target: the check-in (those checked
 * in checked in again while the target is checking_in, then the check-in
 * processed, which sets aside the others, or aborted where the file's was not
 * processed), and the participants removed once the event had started
 * (deactivated on the target at the point of the replay where they were
 * removed: see match-replay.ts). What the target already holds is not sent again.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import type { Progress } from "./progress.js";
import { targetStateOf } from "./published-state.js";

/** The states before a tournament's start (its participants may still change). */
export const BEFORE_START: ReadonlySet<string> = new Set(["pending", "checking_in", "checked_in"]);

/**
 * The target's participants the file does not have (by name), but for `renamed` (those the
 * import renames to a name of the file's: participant-renames.ts).
 */
export function notInFile(
  doc: TournamentExport,
  targetNames: readonly string[],
  renamed: readonly string[] = [],
): string[] {
  const fileNames = new Set(doc.participants.map((p) => p.name));
  return targetNames.filter((name) => !fileNames.has(name) && !renamed.includes(name));
}

/**
 * The refusal of a started target holding participants the file does not have: its bracket
 * was drawn with them, so it is another tournament than the file's, whatever its results.
 * Before, an import of a file without results into it went through (exit 0), the target left
 * with a bracket the file's tournament never had; with results, it stopped at the first one
 * ("its players differ") once the earlier ones were sent.
 */
export function startedWithRefusal(url: string, extra: readonly string[]): StateRefusedError {
  return new StateRefusedError(
    `the target's tournament ${url} has started with ${extra.join(", ")}, whom the file does not have: its bracket is not the file's; nothing was sent\n` +
      `delete the tournament there (tourney tournament delete ${url}) and import again, or import the file under another url (change "url" in its "tournament")`,
  );
}

/** The target's participants both ways, and those inactive there (kept up to date). */
export interface Roster {
  readonly idOf: ReadonlyMap<string, number>;
  readonly nameOf: ReadonlyMap<number, string>;
  readonly inactive: Set<string>;
}

export interface ParticipantCounts {
  checked_in: number;
  deactivated: number;
}

function playing(doc: TournamentExport): Set<string> {
  const names = new Set<string>();
  for (const m of doc.matches) {
    for (const p of m.players) if (p !== null) names.add(p);
    for (const e of m.entries) names.add(e.participant);
  }
  return names;
}

/**
 * Participants inactive in the file who were removed once the event had started: those who
 * play in some match, and those in none who cannot have been set aside by a check-in (checked
 * in, or the tournament has no check-in window). The others, in no match, were set aside by
 * the check-in. A swiss player removed while holding round 1's bye is in no match: they were
 * taken for set aside, and the import stopped at the check-in it could not open ("the
 * check-in of sw is not open on the target"; a helper found it).
 */
export function removedAfterStart(doc: TournamentExport): Set<string> {
  const inMatches = playing(doc);
  const window = hasWindow(doc);
  return new Set(
    doc.participants
      .filter((p) => !p.active && (inMatches.has(p.name) || p.checked_in || !window))
      .map((p) => p.name),
  );
}

/**
 * Whether the file's tournament has a check-in window (starts_at and
 * check_in_duration): without one the target never opens a check-in to replay.
 */
export function hasWindow(doc: TournamentExport): boolean {
  const settings = doc.tournament.settings;
  const registration = (settings.registration_options ?? {}) as Record<string, unknown>;
  return settings.starts_at != null && registration.check_in_duration != null;
}

/** Whether someone in the file was set aside by its check-in (inactive, not removed after the start). */
function setAside(doc: TournamentExport): boolean {
  const removed = removedAfterStart(doc);
  return doc.participants.some((p) => !p.active && !removed.has(p.name));
}

/** Whether the file's check-in was processed: someone checked in, or set aside by it. */
function checkInProcessed(doc: TournamentExport): boolean {
  return doc.participants.some((p) => p.checked_in) || setAside(doc);
}

/**
 * What the import does with the target's open check-in once the file's check-ins are sent:
 * processes it, aborts it (the file's never was), or leaves it open (the file's is still
 * open). The run's rule (replayCheckIn) and the plan's (import-plan.ts).
 */
export function checkInChange(
  doc: TournamentExport,
): "process_checkin" | "abort_checkin" | undefined {
  if (doc.tournament.state === "checking_in") return undefined;
  return checkInProcessed(doc) ? "process_checkin" : "abort_checkin";
}

/**
 * Replays the check-in; returns the target's state after it. A target whose
 * check-in has not opened (its clock is before starts_at less the duration)
 * cannot take the file's check-ins: refused, nothing more sent.
 */
export async function replayCheckIn(
  client: ApiClient,
  doc: TournamentExport,
  counts: ParticipantCounts,
  progress: Progress,
): Promise<string> {
  const url = doc.tournament.url;
  const fileState = doc.tournament.state;
  const target = await targetStateOf(client, url);
  const state = target.state;
  const processed = checkInProcessed(doc);
  // Without a window the check-ins are not carried; unless someone was set aside by
  // them (the bracket would differ), which is refused before the start.
  if (
    state === "pending" &&
    processed &&
    fileState !== "pending" &&
    (hasWindow(doc) || setAside(doc))
  )
    throw new StateRefusedError(
      target.derived
        ? `the check-in of ${url} is not known to be open on the target: its records give no state (as the published description's), and with no matches yet it reads as pending; its check-ins cannot be replayed; nothing more was sent`
        : `the check-in of ${url} is not open on the target (it opens check_in_duration minutes before starts_at, by the target's clock, and the file's tournament needs both set): its check-ins cannot be replayed; nothing more was sent`,
    );
  if (state !== "checking_in") return state;
  const wanted = new Set(doc.participants.filter((p) => p.checked_in).map((p) => p.name));
  const records = await client.participants.listAll(url);
  for (const p of records) {
    const name = String(p.attributes.name);
    const states = (p.attributes.states ?? {}) as Record<string, unknown>;
    if (!wanted.has(name) || states.checked_in === true) continue;
    await client.participants.checkIn(url, p.id);
    counts.checked_in++;
  }
  const change = checkInChange(doc);
  if (change === undefined) return state;
  progress.step(`${url}: ${change}`);
  const after = await client.tournaments.changeState(url, change);
  return (await targetStateOf(client, url, after)).state;
}

/** The target's participants as read: a name and a seed (undefined: the record gives none). */
export interface TargetParticipant {
  readonly name: string;
  readonly seed: number | undefined;
}

export function targetParticipants(records: readonly ApiRecord[]): TargetParticipant[] {
  return records.map((p) => {
    const seed = Number(p.attributes.seed);
    return { name: String(p.attributes.name), seed: Number.isInteger(seed) ? seed : undefined };
  });
}

/** The most seeds a refusal shows on each side. */
const SHOWN = 6;

/**
 * Why the target's tournament, not started yet, would start with another bracket than the
 * file's once the import has added the file's missing participants (bulk add puts each at
 * its seed, in ascending order, moving the others down: service/participants/add.ts): a
 * participant of the target the file does not have, or those it shares in another order.
 * Before, the import started it and stopped at the first match whose players differed
 * ("import stopped at match final A: its players differ", exit 5), the target started.
 * The two sides as lines ("target: ...", "file: ..."), the seeds where they differ;
 * undefined when the bracket would be the file's.
 */
export function rosterDifference(
  doc: TournamentExport,
  target: readonly TargetParticipant[],
): string[] | undefined {
  const file = [...doc.participants].sort((a, b) => a.seed - b.seed);
  const have = new Set(target.map((p) => p.name));
  // The target's order after the bulk add: its own by seed (list order where no seed is given).
  const after = target
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (a.p.seed ?? a.i + 1) - (b.p.seed ?? b.i + 1) || a.i - b.i)
    .map(({ p }) => p.name);
  for (const p of file)
    if (!have.has(p.name)) after.splice(Math.min(p.seed - 1, after.length), 0, p.name);
  const wanted = file.map((p) => p.name);
  const differ: number[] = [];
  for (let i = 0; i < Math.max(after.length, wanted.length); i++)
    if (after[i] !== wanted[i]) differ.push(i);
  if (differ.length === 0) return undefined;
  const side = (names: readonly string[]) => {
    const shown = differ.slice(0, SHOWN).map((i) => `seed ${i + 1} ${names[i] ?? "(none)"}`);
    const more = differ.length > SHOWN ? `, and ${differ.length - SHOWN} more` : "";
    return `${shown.join(", ")}${more}`;
  };
  return [`target: ${side(after)}`, `file:   ${side(wanted)}`];
}

/**
 * Refuses (exit 5, nothing sent) an import that would start the target's tournament, not
 * started yet, with other participants or seeds than the file's (rosterDifference).
 */
export function refuseOtherRoster(
  doc: TournamentExport,
  target: readonly TargetParticipant[],
): void {
  const lines = rosterDifference(doc, target);
  if (lines === undefined) return;
  const url = doc.tournament.url;
  throw new StateRefusedError(
    `the target's tournament ${url} has not started and would start with another bracket than the file's: its participants or seeds differ (with the file's missing participants added at their seeds)\n  ${lines.join("\n  ")}\nnothing was sent; give the target's ${url} the file's participants and seeds (tourney participants update --seed, participants delete), or delete it, and import again`,
  );
}

/** Whether the import starts the target (the file's tournament has started: a stage's matches). */
export function startsTarget(doc: TournamentExport): boolean {
  return !BEFORE_START.has(doc.tournament.state);
}

/** Removes `name` from the target's started tournament (they forfeit what is left), once. */
export async function deactivate(
  client: ApiClient,
  url: string,
  name: string,
  roster: Roster,
  counts: ParticipantCounts,
): Promise<void> {
  if (roster.inactive.has(name)) return;
  const id = roster.idOf.get(name);
  if (id === undefined) return;
  await client.participants.delete(url, id);
  roster.inactive.add(name);
  counts.deactivated++;
}
