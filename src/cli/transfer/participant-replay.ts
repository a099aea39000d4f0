/**
 * An export's participant states into the target: the check-in (those checked
 * in checked in again while the target is checking_in, then the check-in
 * processed, which sets aside the others, or aborted where the file's was not
 * processed), and the participants removed once the event had started
 * (deactivated on the target at the point of the replay where they were
 * removed: see match-replay.ts). What the target already holds is not sent again.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { TournamentExport } from "../../model/tournament-export.js";
import { StateRefusedError } from "../errors.js";
import type { Progress } from "./progress.js";
import { targetStateOf } from "./published-state.js";

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
 * Participants inactive in the file who play in some match: removed once the
 * event had started (the others, in no match, were set aside by the check-in).
 */
export function removedAfterStart(doc: TournamentExport): Set<string> {
  const inMatches = playing(doc);
  return new Set(
    doc.participants.filter((p) => !p.active && inMatches.has(p.name)).map((p) => p.name),
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

/** Whether someone in the file was set aside by its check-in (inactive, in no match). */
function setAside(doc: TournamentExport): boolean {
  const inMatches = playing(doc);
  return doc.participants.some((p) => !p.active && !inMatches.has(p.name));
}

/** Whether the file's check-in was processed: someone checked in, or set aside by it. */
function checkInProcessed(doc: TournamentExport): boolean {
  const inMatches = playing(doc);
  return doc.participants.some((p) => p.checked_in || (!p.active && !inMatches.has(p.name)));
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
  if (fileState === "checking_in") return state;
  const change = processed ? "process_checkin" : "abort_checkin";
  progress.step(`${url}: ${change}`);
  const after = await client.tournaments.changeState(url, change);
  return (await targetStateOf(client, url, after)).state;
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
