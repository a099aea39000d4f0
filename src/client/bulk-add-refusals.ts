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
import type { ApiRecord } from "./envelope.js";
import { RejectedError, UnknownOutcomeError } from "./errors.js";
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

/** A request of a bulk add whose answer was lost: its names, and those found in the tournament. */
export interface LostChunk {
  readonly names: readonly string[];
  readonly found: readonly ApiRecord[];
  /** False when it cannot be told whether the names found (or to come) are this run's. */
  readonly checked: boolean;
}

/**
 * A failure that came after `removed` names this run had added (earlier requests) were deleted
 * again; for a request whose outcome is unknown (exit 7), what became of its own names. Before
 * (review I, #1), a 504 said only the gateway's words: nothing of the names removed, nor of
 * the ones that may be in.
 */
export function afterUndo(error: unknown, removed: number, lost?: LostChunk): unknown {
  if (error instanceof UnknownOutcomeError && lost !== undefined)
    return new BulkAddUnknownOutcomeError(error, outcomeNote(removed, lost));
  if (removed === 0 || !(error instanceof RejectedError)) return error;
  const note = `the ${withSeparators(removed)} participant(s) this bulk add had added before the refusal were removed again: the roster is not half added`;
  return new RejectedError(error.status, error.message, [...error.errors, { detail: note }]);
}

function outcomeNote(removed: number, lost: LostChunk): string {
  const earlier =
    removed === 0 ? "" : `the ${withSeparators(removed)} participant(s) earlier requests had added`;
  const names = lost.names.map((n) => JSON.stringify(n)).join(", ");
  const n = lost.names.length;
  if (!lost.checked) {
    return `${earlier === "" ? "" : `${earlier} were removed again; `}it cannot be told whether that request's ${n} name(s) are in the tournament by this run: ${names}`;
  }
  if (lost.found.length > 0) {
    const also = earlier === "" ? "" : `, and ${earlier},`;
    return `the tournament read again held ${lost.found.length} of that request's ${n} name(s)${also} and they were removed again: nothing of this run is in the tournament`;
  }
  return `the tournament read again held none of that request's ${n} name(s)${earlier === "" ? "" : ` and ${earlier} were removed again`}; if the service is still adding them they may yet appear: ${names}`;
}

/** A bulk add's request of unknown outcome, with what the undo found and did (exit 7). */
export class BulkAddUnknownOutcomeError extends UnknownOutcomeError {
  constructor(base: UnknownOutcomeError, note: string) {
    super(base.method, base.path, { failure: "", cause: base.cause, attempts: 1 });
    this.message = `${base.message}; ${note}`;
  }
}
