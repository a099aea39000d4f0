/**
 * Planning a stage with the engine and storing one row per planned match.
 * Elimination and round-robin stages are planned whole; swiss and free-for-all
 * stages one round at a time (round 1 here; each later round when the one
 * before completes, progress.ts). A round robin is stored as the engine yields
 * its matches, never held whole (its match count grows with the square of the
 * field; see model/limits.ts).
 */
import {
  type EngineParticipant,
  type PlannedMatch,
  planDoubleElimination,
  planSingleElimination,
  roundRobinMatches,
} from "../../engine/index.js";
import type { TournamentSettings, TournamentType } from "../../model/tournament.js";
import type { NewMatch, StageRef } from "../../store/match-rows.js";
import type { ServiceContext } from "../context.js";
import { newMatchFromPlan } from "./match-codec.js";
import { planFreeForAllTables, planSwissRound, type RoundPlan } from "./round-plans.js";
import { seedStageIndex } from "./stage-index.js";
import { stageFormat } from "./stage-state.js";

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
    storeRound(service, ref, planSwissRound(settings, ref, 1, participants, NOTHING_PLAYED));
  } else if (format === "free for all") {
    const ids = participants.map((p) => p.id);
    storeRound(service, ref, planFreeForAllTables(settings, ref, 1, ids, 0));
  } else {
    storePlan(service, ref, planWhole(settings, format, ref.stage, participants));
  }
}

const NOTHING_PLAYED = { rows: [], byes: [] } as const;

function storeRound(service: ServiceContext, ref: StageRef, plan: RoundPlan): void {
  service.matches.insertMany(ref.tournamentId, plan.matches, service.now());
  if (plan.bye !== null) service.matches.addBye(ref, plan.bye.round, plan.bye.participantId);
}

function* newMatches(ref: StageRef, plan: Iterable<PlannedMatch>): Generator<NewMatch> {
  for (const m of plan) yield newMatchFromPlan(ref, m);
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
