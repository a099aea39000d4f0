/** Planning a stage with the engine and storing one row per planned match. */
import {
  type EngineParticipant,
  type PlannedMatch,
  planDoubleElimination,
  planRoundRobin,
  planSingleElimination,
} from "../../engine/index.js";
import type { TournamentSettings } from "../../model/tournament.js";
import type { NewMatch, StageRef } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";

/** The final stage's plan for the tournament's type and options. */
export function planFinalStage(
  settings: TournamentSettings,
  participants: readonly EngineParticipant[],
): PlannedMatch[] {
  const sequentialPairings = settings.seeding_options.sequential_pairings;
  switch (settings.tournament_type) {
    case "single elimination": {
      const rank = settings.match_options.consolation_matches_target_rank;
      return planSingleElimination(participants, {
        sequentialPairings,
        ...(rank === undefined ? {} : { consolationMatchesTargetRank: rank }),
      });
    }
    case "double elimination":
      return planDoubleElimination(participants, {
        sequentialPairings,
        grandFinalsModifier: settings.double_elimination_options.grand_finals_modifier,
        splitParticipants: settings.double_elimination_options.split_participants,
      });
    case "round robin":
      return planRoundRobin(participants, { iterations: settings.round_robin_options.iterations });
    default:
      throw unprocessable(
        `starting a ${settings.tournament_type} tournament is not available yet in this version of the service`,
        "/data/attributes/state",
      );
  }
}

function participantOf(source: PlannedMatch["player1"]): number | null {
  return source.type === "participant" ? source.participantId : null;
}

export function storeStage(
  service: ServiceContext,
  ref: StageRef,
  plan: readonly PlannedMatch[],
): void {
  const rows: NewMatch[] = plan.map((m) => {
    const player1Id = participantOf(m.player1);
    const player2Id = participantOf(m.player2);
    return {
      stage: ref.stage,
      groupId: ref.groupId,
      key: m.key,
      side: m.side,
      round: m.round,
      identifier: m.identifier,
      suggestedPlayOrder: m.suggestedPlayOrder,
      player1Source: JSON.stringify(m.player1),
      player2Source: JSON.stringify(m.player2),
      onlyIfLoserWins: m.onlyIfLoserWins ?? null,
      active: m.onlyIfLoserWins === undefined,
      player1Id,
      player2Id,
      state: player1Id !== null && player2Id !== null ? "open" : "pending",
    };
  });
  service.matches.insertMany(ref.tournamentId, rows, service.now());
}
