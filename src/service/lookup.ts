/** Finding the resources named in a path, or answering 404. */
import type { ParticipantRow } from "../store/participants-repository.js";
import type { TournamentRow } from "../store/tournaments-repository.js";
import { refreshCheckIn } from "./bracket/check-in.js";
import type { ServiceContext } from "./context.js";
import { notFound } from "./errors.js";

/** `{tournament_id}` is an id or the tournament's url slug. */
export function findTournament(
  service: ServiceContext,
  ref: string,
  communityId: string | undefined,
): TournamentRow {
  const row = /^\d+$/.test(ref)
    ? service.tournaments.findById(Number(ref))
    : service.tournaments.findByUrl(ref);
  if (row === undefined || (communityId !== undefined && row.community_id !== communityId)) {
    throw notFound(`tournament ${ref} not found`);
  }
  return refreshCheckIn(service, row);
}

export function findParticipant(
  service: ServiceContext,
  tournament: TournamentRow,
  ref: string,
): ParticipantRow {
  const row = /^\d+$/.test(ref) ? service.participants.find(tournament.id, Number(ref)) : undefined;
  if (row === undefined) {
    throw notFound(`participant ${ref} not found in tournament ${tournament.id}`);
  }
  return row;
}
