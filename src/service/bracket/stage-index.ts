/**
 * A stage's BracketIndex, built from its stored rows and kept with the rows
 * the MatchRepository holds (dropped with them, rebuilt when the stage changes).
 */
import { type BracketIndex, buildIndex, type PlannedMatch } from "../../engine/index.js";
import type { MatchRow, StageRef } from "../../store/match-rows.js";
import type { MatchRepository } from "../../store/matches-repository.js";
import { plannedFrom } from "./match-codec.js";

/** A stage's BracketIndex, built from its stored rows once and kept with them. */
export function stageIndex(matches: MatchRepository, ref: StageRef): BracketIndex {
  return matches.derivedFromPlan(ref, (rows) => buildIndex(rows.map(plannedFrom)));
}

/**
 * Keeps the index of a stage just stored from `plan` (the planned matches its
 * rows were made from), so that the first report need not rebuild it from rows.
 */
export function seedStageIndex(
  matches: MatchRepository,
  ref: StageRef,
  plan: readonly PlannedMatch[],
): void {
  matches.derivedFromPlan(ref, () => buildIndex(plan));
}

export function stageOf(row: MatchRow): StageRef {
  return { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
}
