/**
 * Planning a stage with the engine and storing one row per planned match.
 * Elimination and round-robin stages are planned whole; swiss and free-for-all
 * stages one round at a time (round 1 here, later rounds in rounds.ts). A
 * round robin is stored as the engine yields its matches, never held whole
 * (its match count grows with the square of the field; see model/limits.ts).
 */
import {
  type EngineParticipant,
  matchIdentifier,
  type PlannedMatch,
  planDoubleElimination,
  planSingleElimination,
  roundRobinMatches,
} from "../../engine/index.js";
import type { TournamentSettings, TournamentType } from "../../model/tournament.js";
import type { NewMatch, StageRef } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";
import { storeFreeForAllRound, storeSwissRound } from "./rounds.js";
import { seedStageIndex } from "./stage-index.js";

/** The format of a stage: the tournament type for the final stage, stage_type for groups. */
export function stageFormat(
  settings: TournamentSettings,
  stage: "final" | "group",
): TournamentType {
  return stage === "final" ? settings.tournament_type : settings.group_stage_options.stage_type;
}

function planWhole(
  settings: TournamentSettings,
  format: TournamentType,
  stage: "final" | "group",
  participants: readonly EngineParticipant[],
): PlannedMatch[] | Iterable<PlannedMatch> {
  const sequentialPairings = settings.seeding_options.sequential_pairings;
  const group = stage === "group" ? settings.group_stage_options : undefined;
  switch (format) {
    case "single elimination": {
      const rank =
        group === undefined ? settings.match_options.consolation_matches_target_rank : undefined;
      return planSingleElimination(participants, {
        sequentialPairings,
        ...(rank === undefined ? {} : { consolationMatchesTargetRank: rank }),
      });
    }
    case "double elimination":
      return planDoubleElimination(participants, {
        sequentialPairings,
        grandFinalsModifier:
          group === undefined ? settings.double_elimination_options.grand_finals_modifier : "",
        splitParticipants:
          group?.split_participants ?? settings.double_elimination_options.split_participants,
      });
    default:
      return roundRobinMatches(participants, {
        iterations: group?.rr_iterations ?? settings.round_robin_options.iterations,
      });
  }
}

/** Plans and stores a stage; swiss and free for all get their first round. */
export function startStage(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
  participants: readonly EngineParticipant[],
): void {
  const format = stageFormat(settings, ref.stage);
  if (format === "swiss") {
    storeSwissRound(service, settings, ref, 1, participants);
  } else if (format === "free for all") {
    const ids = participants.map((p) => p.id);
    storeFreeForAllRound(service, settings, ref, 1, ids);
  } else {
    storePlan(service, ref, planWhole(settings, format, ref.stage, participants));
  }
}

function participantOf(source: PlannedMatch["player1"]): number | null {
  return source.type === "participant" ? source.participantId : null;
}

function newMatch(ref: StageRef, m: PlannedMatch): NewMatch {
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
}

function* newMatches(ref: StageRef, plan: Iterable<PlannedMatch>): Generator<NewMatch> {
  for (const m of plan) yield newMatch(ref, m);
}

/**
 * Stores a stage's planned matches as they come. A plan held whole (an array:
 * elimination) also seeds the stage's bracket index; a streamed one (round
 * robin, whose results move nobody on) does not need one.
 */
export function storePlan(
  service: ServiceContext,
  ref: StageRef,
  plan: readonly PlannedMatch[] | Iterable<PlannedMatch>,
): void {
  service.matches.insertMany(ref.tournamentId, newMatches(ref, plan), service.now());
  // The stage's bracket index, from the plan at hand rather than from the stored rows.
  if (Array.isArray(plan)) seedStageIndex(service.matches, ref, plan);
}

/** Play order and identifier of the next match of a stage planned round by round. */
export function nextOrder(
  service: ServiceContext,
  ref: StageRef,
  offset: number,
): { order: number; identifier: string } {
  const order = service.matches.countStage(ref) + offset;
  return { order, identifier: matchIdentifier(order) };
}
