/**
 * The v1 tournament record: exactly the fields of the seed's "Tournament fields
 * in v1" table, with their types (decimals as strings, integer ids,
 * timestamps with an offset, the nullable ones null when unset). Which of
 * them are derived rather than stored is listed in docs/v1.md.
 */
import type { MatchCounts } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";

const BEFORE_START = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

/** A stored ISO time ("...Z") with its offset written out, as v1 records give it. */
export function v1Time(iso: string | null | undefined): string | null {
  return iso == null ? null : iso.replace(/Z$/, "+00:00");
}

/** A decimal as v1 gives it: text with a decimal point ("1.0", "0.5"). */
function decimal(value: number): string {
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

function checkInStartedAt(row: TournamentRow, now: string): string | null {
  const opens = row.check_in_opens_at;
  if (opens === null || row.state === "pending" || opens > now) return null;
  return v1Time(opens);
}

/** The tournament as a flat v1 record (without `participants` or `matches`). */
// long: one literal naming every field of the seed's table, in its order.
export function tournamentRecord(
  row: TournamentRow,
  counts: MatchCounts,
  origin: string,
  now: string,
): Record<string, unknown> {
  const s = row.settings;
  const started = !BEFORE_START.has(row.state);
  const predictions = row.state === "accepting_predictions";
  return {
    id: row.id,
    name: s.name,
    url: s.url,
    description: s.description,
    description_source: s.description,
    ranked_by: s.round_robin_options.ranking,
    state: row.state,
    tournament_type: s.tournament_type,
    game_name: s.game_name,
    full_service_url: `${origin}/v1/tournaments/${s.url}`,
    live_image_url: `${origin}/v1/tournaments/${s.url}.json?include_matches=1`,
    game_id: 0,
    participants_count: row.participants_count,
    progress_meter: counts.total === 0 ? 0 : Math.floor((100 * counts.complete) / counts.total),
    max_predictions_per_user: 1,
    prediction_method: predictions ? 1 : 0,
    swiss_rounds: s.swiss_options.rounds ?? 0,
    pts_for_bye: decimal(s.swiss_options.pts_for_bye),
    pts_for_game_tie: decimal(s.swiss_options.pts_for_game_tie),
    pts_for_game_win: decimal(s.swiss_options.pts_for_game_win),
    pts_for_match_tie: decimal(s.swiss_options.pts_for_match_tie),
    pts_for_match_win: decimal(s.swiss_options.pts_for_match_win),
    rr_pts_for_game_tie: decimal(s.round_robin_options.pts_for_game_tie),
    rr_pts_for_game_win: decimal(s.round_robin_options.pts_for_game_win),
    rr_pts_for_match_tie: decimal(s.round_robin_options.pts_for_match_tie),
    rr_pts_for_match_win: decimal(s.round_robin_options.pts_for_match_win),
    created_at: v1Time(row.created_at),
    updated_at: v1Time(row.updated_at),
    accept_attachments: s.match_options.accept_attachments,
    allow_participant_match_reporting: false,
    anonymous_voting: false,
    created_by_api: true,
    credit_capped: false,
    group_stages_enabled: s.group_stage_enabled,
    hide_forum: false,
    hide_seeds: s.seeding_options.hide_seeds,
    hold_third_place_match: (s.match_options.consolation_matches_target_rank ?? 0) >= 3,
    notify_users_when_matches_open: s.notifications.upon_matches_open,
    notify_users_when_the_tournament_ends: s.notifications.upon_tournament_ends,
    open_signup: s.registration_options.open_signup,
    private: s.private,
    quick_advance: false,
    require_score_agreement: false,
    sequential_pairings: s.seeding_options.sequential_pairings,
    show_rounds: true,
    teams: false,
    review_before_finalizing: true,
    accepting_predictions: predictions,
    participants_locked: started,
    participants_swappable: row.state === "pending",
    team_convertable: false,
    group_stages_were_started: s.group_stage_enabled && started,
    tie_breaks: [...s.tie_breaks],
    category: null,
    check_in_duration: s.registration_options.check_in_duration ?? null,
    completed_at: v1Time(row.completed_at),
    predictions_opened_at: predictions ? v1Time(row.updated_at) : null,
    signup_cap: s.registration_options.signup_cap ?? null,
    start_at: v1Time(s.starts_at),
    started_at: v1Time(row.started_at),
    started_checking_in_at: checkInStartedAt(row, now),
    subdomain: row.community_id,
    sign_up_url: s.registration_options.open_signup
      ? `${origin}/v2.1/tournaments/${s.url}/participants/register`
      : null,
  };
}
