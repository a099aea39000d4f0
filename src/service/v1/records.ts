/** v1 participant and match records: flat, ids as integers, times with an offset. */
import { decodeSets } from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import type { ParticipantRow } from "../../store/participants-repository.js";
import { attachmentStore } from "../attachments/attachments.js";
import type { ServiceContext } from "../context.js";
import { originsFrom, type SlotOrigins } from "../serializers/match-origins.js";
import { v1Time } from "./tournament-record.js";

export function participantRecord(row: ParticipantRow): Record<string, unknown> {
  return {
    id: row.id,
    tournament_id: row.tournament_id,
    name: row.name,
    display_name: row.name,
    username: row.username,
    seed: row.seed,
    active: row.active === 1,
    misc: row.misc,
    final_rank: row.final_rank,
    checked_in: row.checked_in_at !== null,
    checked_in_at: v1Time(row.checked_in_at),
    created_at: v1Time(row.created_at),
    updated_at: v1Time(row.updated_at),
    group_id: row.group_id,
    // Group-stage matches name a participant by their own id.
    group_player_ids: row.group_id === null ? [] : [row.id],
    on_waiting_list: false,
    invitation_pending: false,
  };
}

/** "3-1,1-3,3-0": each set from player 1's side; "" before any score. */
export function scoresCsv(row: MatchRow): string {
  return decodeSets(row.score_sets)
    .map(([a, b]) => `${a}-${b}`)
    .join(",");
}

/** A v1 match; `origins` are where its players come from (the prereq fields of v1). */
export function matchRecord(
  row: MatchRow,
  attachments: number,
  origins: SlotOrigins,
): Record<string, unknown> {
  return {
    id: row.id,
    tournament_id: row.tournament_id,
    identifier: row.identifier,
    // v1 numbers the losers bracket's rounds below zero, as they are stored.
    round: row.round,
    state: row.state,
    player1_id: row.player1_id,
    player2_id: row.player2_id,
    winner_id: row.winner_id,
    loser_id: row.loser_id,
    scores_csv: scoresCsv(row),
    group_id: row.group_id,
    underway_at: v1Time(row.underway_at),
    suggested_play_order: row.suggested_play_order,
    completed_at: v1Time(row.completed_at),
    created_at: v1Time(row.created_at),
    updated_at: v1Time(row.updated_at),
    tie: row.tie === 1,
    ...origins,
    attachment_count: attachments,
    has_attachment: attachments > 0,
  };
}

/**
 * A tournament's wrapped v1 matches (`include_matches=1`): their attachments counted in one
 * query, not one a match (124,750 at a 500-player round robin), the origins' lookups shared.
 */
export function wrappedMatches(
  service: ServiceContext,
  tournamentId: number,
  rows: readonly MatchRow[],
): { match: Record<string, unknown> }[] {
  const counts = attachmentStore(service).countsInTournament(tournamentId);
  const origins = originsFrom(service.matches);
  return rows.map((row) => ({ match: matchRecord(row, counts.get(row.id) ?? 0, origins(row)) }));
}

/** The wrapped v1 match, with its attachment count. */
export function wrappedMatch(
  service: ServiceContext,
  row: MatchRow,
): { match: Record<string, unknown> } {
  const origins = originsFrom(service.matches)(row);
  return { match: matchRecord(row, attachmentStore(service).count(row.id), origins) };
}
