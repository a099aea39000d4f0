/**
 * Removing participants: one, the asking user (unregister), or all (clear).
 * Each reads and checks the tournament inside the write that removes: before
 * the start a participant row is deleted; once matches exist it stays,
 * deactivated, so that no match slot names a participant that is gone.
 */
import type { ParticipantRow } from "../../store/participants-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { forfeitOpenMatches } from "../bracket/match-actions.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { currentParticipant, currentTournament } from "../lookup.js";
import { BEFORE_START, requirePending } from "./rules.js";

export function removeParticipant(
  service: ServiceContext,
  tournamentId: number,
  participantId: number,
): void {
  service.write(() => {
    const t = currentTournament(service, tournamentId);
    remove(service, t, currentParticipant(service, t, participantId));
  });
}

/** Unregister me: the asking user leaves the tournament. */
export function unregisterUser(service: ServiceContext, tournamentId: number, user: string): void {
  service.write(() => {
    const t = currentTournament(service, tournamentId);
    const mine = service.participants.findByUsername(t.id, user);
    if (mine === undefined) throw unprocessable(`${user} is not registered in tournament ${t.url}`);
    remove(service, t, mine);
  });
}

export function clearParticipants(service: ServiceContext, tournamentId: number): void {
  service.write(() => {
    requirePending(currentTournament(service, tournamentId), "clear the participants");
    service.participants.clear(tournamentId);
  });
}

/**
 * Before the start a participant is deleted. Once matches are under way the
 * participant is deactivated instead, and forfeits every remaining match.
 */
function remove(service: ServiceContext, t: TournamentRow, p: ParticipantRow): void {
  if (BEFORE_START.has(t.state)) {
    service.participants.delete(t.id, p.id, p.seed);
    return;
  }
  if (t.state !== "underway" && t.state !== "group_stages_underway") {
    throw unprocessable(
      `cannot remove a participant while the tournament is ${t.state}; nothing is left for them to forfeit`,
    );
  }
  service.participants.setActive(t.id, p.id, false, service.now());
  forfeitOpenMatches(service, t, p.id);
}
