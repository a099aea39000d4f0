/**
 * Finding the resources named in a path, or answering 404.
 *
 * A write route resolves the path's references with `findTournament` (and
 * routes/participant-verbs.ts `findOwnedParticipant`) (404 before the body is read), then reads the rows again
 * with `currentTournament` and `currentParticipant` inside `service.write`,
 * and checks their state there: another process may have changed them between
 * the two reads (issue 9, defect 4).
 */
import type { ParticipantRow } from "../store/participants-repository.js";
import type { TournamentRow } from "../store/tournaments-repository.js";
import { checkOwner } from "./access.js";
import { refreshCheckIn } from "./bracket/check-in.js";
import type { ServiceContext } from "./context.js";
import { notFound } from "./errors.js";

/**
 * `{tournament_id}` is an id or the tournament's url slug. Answers for the
 * caller (access.ts): another account's private tournament is not found, a
 * public one is read-only.
 */
export function findTournament(
  service: ServiceContext,
  ref: string,
  communityId: string | undefined,
): TournamentRow {
  const row = /^\d+$/.test(ref)
    ? service.tournaments.findById(Number(ref))
    : service.tournaments.findByUrl(ref);
  const missing = `tournament ${ref} not found`;
  if (row === undefined || (communityId !== undefined && row.community_id !== communityId)) {
    throw notFound(missing);
  }
  checkOwner(service, row.owner_id, row.settings.private, missing, "tournament");
  return refreshCheckIn(service, row);
}

/** Read-then-check outside a transaction is the race this module exists to prevent. */
function requireWrite(service: ServiceContext): void {
  if (!service.db.inTransaction) throw new Error("current rows are read inside service.write");
}

/** The tournament as it stands now; called inside a write, so the row cannot change under it. */
export function currentTournament(service: ServiceContext, id: number): TournamentRow {
  requireWrite(service);
  const row = service.tournaments.findById(id);
  if (row === undefined) throw notFound(`tournament ${id} not found`);
  return refreshCheckIn(service, row);
}

/** The participant as it stands now; called inside a write. */
export function currentParticipant(
  service: ServiceContext,
  tournament: TournamentRow,
  id: number,
): ParticipantRow {
  requireWrite(service);
  const row = service.participants.find(tournament.id, id);
  if (row === undefined)
    throw notFound(`participant ${id} not found in tournament ${tournament.url}`);
  return row;
}
