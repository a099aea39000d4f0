/** PUT /tournaments/{t}/change_state. */
import { STATE_CHANGES, type StateChange } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { applyStateChange } from "../bracket/tournament-state.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { currentTournament } from "../lookup.js";

/** Applies a change_state value to the tournament as it stands inside the write. */
export function changeTournamentState(
  service: ServiceContext,
  tournamentId: number,
  attributes: Record<string, unknown>,
): TournamentRow {
  const state = attributes.state;
  if (typeof state !== "string" || !STATE_CHANGES.includes(state as StateChange)) {
    throw unprocessable(
      `state must be one of ${STATE_CHANGES.join(", ")}`,
      "/data/attributes/state",
    );
  }
  return service.write(() => {
    applyStateChange(service, currentTournament(service, tournamentId), state as StateChange);
    return service.tournaments.findById(tournamentId)!;
  });
}
