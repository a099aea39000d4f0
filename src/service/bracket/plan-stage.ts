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
import { newMatchRow } from "../../store/match-columns.js";
import type { MatchRow } from "../../store/match-rows.js";
import { newMatchFromPlan } from "./match-codec.js";
import { forfeitAll } from "./progress.js";
import {
  type Entrant,
  planFreeForAllTables,
  planSwissRound,
  type RoundPlan,
} from "./round-plans.js";
import { type StageChange, StageDraft } from "./stage-draft.js";
import { stageFormat, stageState } from "./stage-state.js";

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
 * draft records what to store. An entrant already deactivated (`active` false:
 * a group-stage qualifier removed before the final stage) is planned like the
 * others, and forfeits at once (`forfeitsAtStart`); a swiss round 1 gives them
 * no bye.
 */
export function startStage(
  draft: StageDraft,
  settings: TournamentSettings,
  participants: readonly Entrant[],
): void {
  const { ref } = draft.state;
  const format = stageFormat(settings, ref.stage);
  let round: RoundPlan;
  if (format === "swiss") {
    round = planSwissRound(settings, ref, 1, participants, NOTHING_PLAYED);
  } else if (format === "free for all") {
    const ids = participants.map((p) => p.id);
    const withdrawn = new Set(participants.filter((p) => p.active === false).map((p) => p.id));
    round = planFreeForAllTables(settings, ref, 1, ids, 0, { withdrawn });
  } else {
    draft.plan(planWhole(settings, format, ref.stage, participants));
    return;
  }
  draft.insert(round.matches);
  if (round.bye !== null) draft.addBye(round.bye);
}

const NOTHING_PLAYED = { rows: [], byes: [] } as const;

/**
 * The forfeits that follow a stage's start (`started`: the draft `startStage` planned it
 * on, the tournament now underway) when some of its `participants` are already
 * deactivated: each loses every playable match, and the matches their losses open, as a
 * removal once started does (progress.ts forfeitAll; in elimination the opponent
 * advances). Pure: the changes to apply after the start's, in the same write; none when
 * every entrant is active. The planned stage is read as rows made from its plan (planned
 * again: the start's plan of a round robin is streamed to the store, not held), which
 * happens only at such a start. A free-for-all stage forfeits nothing here (its tables
 * have no forfeit).
 */
export function forfeitsAtStart(
  started: StageDraft,
  settings: TournamentSettings,
  participants: readonly Entrant[],
): readonly StageChange[] {
  const inactive = participants.filter((p) => p.active === false);
  const { ref, tournament } = started.state;
  const format = stageFormat(settings, ref.stage);
  if (inactive.length === 0 || format === "free for all") return [];
  let rows: readonly MatchRow[];
  if (format === "swiss") {
    rows = started.rows();
  } else {
    const plan = planWhole(settings, format, ref.stage, participants);
    rows = Array.from(plan, (m) =>
      newMatchRow(newMatchFromPlan(ref, m), ref.tournamentId, 0, started.now),
    );
  }
  const state = stageState({
    ref,
    tournament: { url: tournament.url, settings, state: "underway" },
    rows,
    byes: started.byes(),
    participants: started.state.participants(),
  });
  const draft = new StageDraft(state, started.now);
  for (const p of inactive) forfeitAll(draft, p.id);
  return draft.changes;
}
