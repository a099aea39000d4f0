/**
 * A stage's BracketIndex, built from its stored rows and kept with the rows
 * the MatchRepository holds (dropped with them, rebuilt when the stage changes).
 */
import {
  type BracketIndex,
  buildIndex,
  type MatchOutcome,
  type PlannedMatch,
  type ResultLookup,
  type SlotSource,
} from "../../engine/index.js";
import type { MatchRepository, MatchRow, StageRef } from "../../store/matches-repository.js";

export function plannedFrom(row: MatchRow): PlannedMatch {
  const match = {
    key: row.plan_key,
    round: row.round,
    side: row.side as PlannedMatch["side"],
    suggestedPlayOrder: row.suggested_play_order,
    identifier: row.identifier,
    player1: JSON.parse(row.player1_source) as SlotSource,
    player2: JSON.parse(row.player2_source) as SlotSource,
  };
  return row.only_if_loser_wins === null
    ? match
    : { ...match, onlyIfLoserWins: row.only_if_loser_wins };
}

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

/**
 * Completed one-on-one results of a stage, read from the rows the store holds
 * now (use the lookup within one request, not across a `forget`).
 */
export function storedResults(matches: MatchRepository, ref: StageRef): ResultLookup {
  const rowOf = matches.stageLookup(ref);
  return {
    get(key: string): MatchOutcome | undefined {
      const row = rowOf(key);
      if (
        row === undefined ||
        row.state !== "complete" ||
        row.winner_id === null ||
        row.loser_id === null
      ) {
        return undefined;
      }
      return { winnerId: row.winner_id, loserId: row.loser_id };
    },
  };
}

export function stageOf(row: MatchRow): StageRef {
  return { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
}
