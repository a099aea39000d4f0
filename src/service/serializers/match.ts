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
  const won = sets.filter(([a, b]) => a > b).length;
  const lost = sets.filter(([a, b]) => b > a).length;
  return `${won} - ${lost}`;
}

function player(id: number | null) {
  return { data: id === null ? null : { id: String(id), type: "participant" } };
}

export function matchResource(row: MatchRow): ResourceObject {
  const sets = row.score_sets === null ? [] : (JSON.parse(row.score_sets) as Sets);
  const ffa =
    row.side === "free_for_all"
      ? (JSON.parse(row.entries ?? "[]") as FreeForAllEntry[])
      : undefined;
  const points =
    ffa !== undefined
      ? ffa.map((e) => ({
          participant_id: e.participant_id,
          scores: scoresOf(e.score_set),
          rank: e.rank,
          advancing: e.advancing,
        }))
      : row.player1_id === null || row.player2_id === null || sets.length === 0
        ? []
        : [
            { participant_id: row.player1_id, scores: sets.map((s) => s[0]) },
            { participant_id: row.player2_id, scores: sets.map((s) => s[1]) },
          ];
  return {
    id: String(row.id),
    type: "match",
    attributes: {
      state: row.state,
      round: row.round,
      identifier: row.identifier,
      suggested_play_order: row.suggested_play_order,
      player1_id: row.player1_id,
      player2_id: row.player2_id,
      scores: summary(sets),
      score_in_sets: sets,
      points_by_participant: points,
      winner_id: row.winner_id,
      loser_id: row.loser_id,
      tie: row.tie === 1,
      group_id: row.group_id,
      ...(ffa === undefined ? {} : { participant_ids: ffa.map((e) => e.participant_id) }),
      bracket: row.side,
      underway_at: row.underway_at,
      timestamps: {
        created_at: row.created_at,
        updated_at: row.updated_at,
        underway_at: row.underway_at,
        completed_at: row.completed_at,
      },
    },
    relationships: { player1: player(row.player1_id), player2: player(row.player2_id) },
  };
}
