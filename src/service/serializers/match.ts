import { placesOfKey } from "../../engine/index.js";
import type { ResourceObject } from "../../model/resource.js";
import { decodeEntries, decodeSets, type StoredEntry } from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import type { SlotOrigins } from "./match-origins.js";

type Sets = readonly (readonly [number, number])[];

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

/**
 * A placement match's places (bracket "placement": 5th-8th and on, engine/placements.ts), an
 * addition to v2.1 beside `bracket`: [5, 8] for a match among players playing for 5th to 8th,
 * [7, 8] for the 7th-place match. Only on those matches: the bracket drawings title them by it.
 */
function placesOf(row: MatchRow): [number, number] | null {
  const places = placesOfKey(row.plan_key);
  return places === undefined ? null : [places.first, places.last];
}

/** Points per participant: free-for-all entries, or each player's column of the sets. */
function pointsOf(row: MatchRow, sets: Sets, ffa: readonly StoredEntry[] | undefined) {
  if (ffa !== undefined)
    return ffa.map((e) => ({
      participant_id: e.participantId,
      scores: e.scores,
      rank: e.rank,
      advancing: e.advancing,
    }));
  if (row.player1_id === null || row.player2_id === null || sets.length === 0) return [];
  return [
    { participant_id: row.player1_id, scores: sets.map((s) => s[0]) },
    { participant_id: row.player2_id, scores: sets.map((s) => s[1]) },
  ];
}

/**
 * A match resource; `stationId` is the station holding it (issue 15), `origins` where
 * its players come from (issue 28, match-origins.ts: an addition to v2.1). The
 * players' relationships sit beside `attributes` (JSON:API) and inside them,
 * where the contract draws them (DESIGN.md §3): the same values at both.
 */
export function matchResource(
  row: MatchRow,
  stationId: number | null = null,
  origins?: SlotOrigins,
): ResourceObject {
  const sets = decodeSets(row.score_sets);
  const relationships = { player1: player(row.player1_id), player2: player(row.player2_id) };
  if (row.side !== "free_for_all" && origins !== undefined) {
    const attributes = withOrigins(row, sets, stationId, origins, relationships);
    if (row.side === "placement") attributes.places = placesOf(row);
    return { id: String(row.id), type: "match", attributes, relationships };
  }
  const ffa = row.side === "free_for_all" ? decodeEntries(row.entries) : undefined;
  const attributes: Record<string, unknown> = {
    state: row.state,
    round: row.round,
    identifier: row.identifier,
    suggested_play_order: row.suggested_play_order,
    player1_id: row.player1_id,
    player2_id: row.player2_id,
    scores: summary(sets),
    score_in_sets: sets.length === 0 ? [] : sets,
    points_by_participant: pointsOf(row, sets, ffa),
    winner_id: row.winner_id,
    loser_id: row.loser_id,
    tie: row.tie === 1,
    group_id: row.group_id,
  };
  if (ffa !== undefined) attributes.participant_ids = ffa.map((e) => e.participantId);
  attributes.bracket = row.side;
  if (row.side === "placement") attributes.places = placesOf(row);
  attributes.station_id = stationId;
  attributes.underway_at = row.underway_at;
  if (origins !== undefined) Object.assign(attributes, origins);
  attributes.timestamps = timestampsOf(row);
  attributes.relationships = relationships;
  return { id: String(row.id), type: "match", attributes, relationships };
}

function timestampsOf(row: MatchRow) {
  return {
    created_at: row.created_at,
    updated_at: row.updated_at,
    underway_at: row.underway_at,
    completed_at: row.completed_at,
  };
}

/**
 * The attributes of a one-on-one match with its slot origins (every reply of serve's match
 * routes): the fields of matchResource in the same order, made as one object of its final
 * size rather than grown field by field past its literal (issue 27, a report's reply).
 */
function withOrigins(
  row: MatchRow,
  sets: Sets,
  stationId: number | null,
  origins: SlotOrigins,
  relationships: object,
): Record<string, unknown> {
  return {
    state: row.state,
    round: row.round,
    identifier: row.identifier,
    suggested_play_order: row.suggested_play_order,
    player1_id: row.player1_id,
    player2_id: row.player2_id,
    scores: summary(sets),
    score_in_sets: sets.length === 0 ? [] : sets,
    points_by_participant: pointsOf(row, sets, undefined),
    winner_id: row.winner_id,
    loser_id: row.loser_id,
    tie: row.tie === 1,
    group_id: row.group_id,
    bracket: row.side,
    station_id: stationId,
    underway_at: row.underway_at,
    player1_prereq_match_id: origins.player1_prereq_match_id,
    player1_is_prereq_match_loser: origins.player1_is_prereq_match_loser,
    player2_prereq_match_id: origins.player2_prereq_match_id,
    player2_is_prereq_match_loser: origins.player2_is_prereq_match_loser,
    timestamps: timestampsOf(row),
    relationships,
  };
}
