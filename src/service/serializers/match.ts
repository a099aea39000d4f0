import type { ResourceObject } from "../../model/resource.js";
import type { MatchRow } from "../../store/matches-repository.js";

type Sets = readonly (readonly [number, number])[];

interface FreeForAllEntry {
  participant_id: number;
  score_set: string;
  rank: number | null;
  advancing: boolean;
}

function scoresOf(scoreSet: string): number[] {
  return scoreSet === "" ? [] : scoreSet.split(",").map(Number);
}

/** "2 - 1": sets won by player1 and player2; empty before any score. */
function summary(sets: Sets): string {
  if (sets.length === 0) return "";
  let won = 0;
  let lost = 0;
  for (const [a, b] of sets) {
    if (a > b) won++;
    else if (b > a) lost++;
  }
  return `${won} - ${lost}`;
}

function player(id: number | null) {
  return { data: id === null ? null : { id: String(id), type: "participant" } };
}

const NO_SETS: Sets = [];

/** Points per participant: free-for-all entries, or each player's column of the sets. */
function pointsOf(row: MatchRow, sets: Sets, ffa: readonly FreeForAllEntry[] | undefined) {
  if (ffa !== undefined)
    return ffa.map((e) => ({
      participant_id: e.participant_id,
      scores: scoresOf(e.score_set),
      rank: e.rank,
      advancing: e.advancing,
    }));
  if (row.player1_id === null || row.player2_id === null || sets.length === 0) return [];
  return [
    { participant_id: row.player1_id, scores: sets.map((s) => s[0]) },
    { participant_id: row.player2_id, scores: sets.map((s) => s[1]) },
  ];
}

export function matchResource(row: MatchRow): ResourceObject {
  const sets = row.score_sets === null ? NO_SETS : (JSON.parse(row.score_sets) as Sets);
  const ffa =
    row.side === "free_for_all"
      ? (JSON.parse(row.entries ?? "[]") as FreeForAllEntry[])
      : undefined;
  const attributes: Record<string, unknown> = {
    state: row.state,
    round: row.round,
    identifier: row.identifier,
    suggested_play_order: row.suggested_play_order,
    player1_id: row.player1_id,
    player2_id: row.player2_id,
    scores: summary(sets),
    score_in_sets: sets === NO_SETS ? [] : sets,
    points_by_participant: pointsOf(row, sets, ffa),
    winner_id: row.winner_id,
    loser_id: row.loser_id,
    tie: row.tie === 1,
    group_id: row.group_id,
  };
  if (ffa !== undefined) attributes.participant_ids = ffa.map((e) => e.participant_id);
  attributes.bracket = row.side;
  attributes.underway_at = row.underway_at;
  attributes.timestamps = {
    created_at: row.created_at,
    updated_at: row.updated_at,
    underway_at: row.underway_at,
    completed_at: row.completed_at,
  };
  return {
    id: String(row.id),
    type: "match",
    attributes,
    relationships: { player1: player(row.player1_id), player2: player(row.player2_id) },
  };
}
