/**
 * A stage's BracketIndex, built from its stored rows and cached. A stage's
 * plan never changes once stored (a new plan gets new row ids), so the cache
 * key includes the stage's lowest row id.
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

export class StageIndexCache {
  private readonly cache = new Map<string, BracketIndex>();

  constructor(private readonly matches: MatchRepository) {}

  clear(): void {
    this.cache.clear();
  }

  get(ref: StageRef): BracketIndex {
    const generation = this.matches.stageGeneration(ref);
    const key = `${ref.tournamentId}:${ref.stage}:${ref.groupId ?? 0}:${generation}`;
    let index = this.cache.get(key);
    if (index === undefined) {
      index = buildIndex(this.matches.stageRows(ref).map(plannedFrom));
      if (this.cache.size > 64) this.cache.clear();
      this.cache.set(key, index);
    }
    return index;
  }
}

/** Completed one-on-one results of a stage, read from the store by plan key. */
export function storedResults(matches: MatchRepository, ref: StageRef): ResultLookup {
  return {
    get(key: string): MatchOutcome | undefined {
      const row = matches.resultByKey(ref, key);
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
