/**
 * Planning a stage with the engine: the changes that store one row per planned
 * match (stage-io.ts applies them).
 * Elimination and round-robin stages are planned whole; swiss and free-for-all
 * stages one round at a time (round 1 here; each later round when the one
 * before completes, progress.ts). A round robin's plan is handed on as the
 * engine yields its matches, never held whole (its match count grows with the square of the
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
import { planFreeForAllTables, planSwissRound, type RoundPlan } from "./round-plans.js";
import type { StageDraft } from "./stage-draft.js";
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

/**
 * Plans a stage on its (empty) draft: a whole plan for elimination and round
 * robin, the first round and its bye for swiss and free for all. Pure: the
 * draft records what to store.
 */
export function startStage(
  draft: StageDraft,
  settings: TournamentSettings,
  participants: readonly EngineParticipant[],
): void {
  const { ref } = draft.state;
  const format = stageFormat(settings, ref.stage);
  let round: RoundPlan;
  if (format === "swiss") {
    round = planSwissRound(settings, ref, 1, participants, NOTHING_PLAYED);
  } else if (format === "free for all") {
    const ids = participants.map((p) => p.id);
    round = planFreeForAllTables(settings, ref, 1, ids, 0);
  } else {
    draft.plan(planWhole(settings, format, ref.stage, participants));
    return;
  }
  draft.insert(round.matches);
  if (round.bye !== null) draft.addBye(round.bye);
}

const NOTHING_PLAYED = { rows: [], byes: [] } as const;
