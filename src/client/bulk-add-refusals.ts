/**
 * What a remote bulk add says when it is refused (issue 24, item 12): a roster
 * past the participant limit went in 20-name requests for 46 s before serve
 * refused the one past it, every name was then deleted again one by one, and the
 * message said nothing of that.
 *
 * - Before anything is sent, the roster is checked against the tournament's
 *   own format, count and signup_cap (one GET) with tourney's limits (model/limits.ts, the
 *   docs/tournaments.md, "Size limits"): past them it is refused at once, nothing sent. A race is
 *   left to the service. Inside a backend's transaction too: there the service counted the
 *   earlier requests' names, which the refusal then rolled back, so its "has 1000
 *   participants" named rows that were never kept.
 * - A refusal after earlier requests had added names, which were then removed,
 *   says so beside the service's words.
 */
import { MAX_PARTICIPANTS, participantBreach, withSeparators } from "../model/limits.js";
import type { TournamentType } from "../model/tournament.js";
import { RejectedError } from "./errors.js";
import { isRace, ownerPath, type ParticipantOwner } from "./participant-owner.js";
import type { Requester } from "./requester.js";

/**
 * The limit a tournament of attributes `a` (its format, options and signup_cap) breaks with
 * `total` participants, in words; undefined when it takes them. Also import's file check
 * (cli/transfer/export-contents.ts), on the file's settings.
 */
export function breachOf(a: Record<string, unknown>, total: number): string | undefined {
  const registration = a.registration_options as { signup_cap?: unknown } | null | undefined;
  const cap = registration?.signup_cap;
  if (typeof cap === "number" && cap > 0 && total > cap)
    return `signup_cap is ${withSeparators(cap)}`;
  if (a.group_stage_enabled === true) {
    return total > MAX_PARTICIPANTS
      ? `a tournament takes at most ${withSeparators(MAX_PARTICIPANTS)} participants`
      : undefined;
  }
  const options = a.round_robin_options as { iterations?: unknown } | null | undefined;
  const iterations = typeof options?.iterations === "number" ? options.iterations : 1;
  return participantBreach(a.tournament_type as TournamentType, total, iterations)?.detail;
}

/** Refuses (RejectedError, 422) a roster of `adding` the tournament cannot take, before it is sent. */
export async function checkRosterFits(
  requester: Requester,
  owner: ParticipantOwner,
  adding: number,
): Promise<void> {
  if (isRace(owner)) return;
  const { attributes } = await requester.single({ method: "GET", path: ownerPath(owner) });
  const existing = Number(attributes.participants_count ?? 0);
  const detail = breachOf(attributes, existing + adding);
  if (detail === undefined) return;
  const message = `${detail}: the tournament has ${withSeparators(existing)} participants and cannot take ${withSeparators(adding)} more; nothing was sent`;
  throw new RejectedError(422, message, [{ status: 422, detail: message }]);
}

/** A refusal that came after `removed` names this run had added were deleted again. */
export function afterUndo(error: unknown, removed: number): unknown {
  if (removed === 0 || !(error instanceof RejectedError)) return error;
  const note = `the ${withSeparators(removed)} participant(s) this bulk add had added before the refusal were removed again: the roster is not half added`;
  return new RejectedError(error.status, error.message, [...error.errors, { detail: note }]);
}
