/**
 * A new tournament's settings where the request leaves them unset (DESIGN.md §3
 * decides where the contract's defaults are sample data). The service merges
 * requests over them; `tourney help formats` shows them.
 */
import { DEFAULT_TIE_BREAKS, type TournamentSettings } from "./tournament.js";

export function defaultSettings(): TournamentSettings {
  return {
    name: "",
    url: "",
    tournament_type: "single elimination",
    game_name: "",
    private: false,
    starts_at: null,
    description: "",
    notifications: { upon_matches_open: true, upon_tournament_ends: true },
    match_options: { accept_attachments: false },
    registration_options: { open_signup: false },
    seeding_options: { hide_seeds: false, sequential_pairings: false },
    station_options: { auto_assign: false, only_start_matches_with_assigned_stations: false },
    group_stage_enabled: false,
    group_stage_options: {
      stage_type: "round robin",
      group_size: 4,
      participant_count_to_advance_per_group: 2,
      rr_iterations: 1,
      ranked_by: "match wins",
      rr_pts_for_match_win: 1,
      rr_pts_for_match_tie: 0.5,
      rr_pts_for_game_win: 0,
      rr_pts_for_game_tie: 0,
      split_participants: false,
      tie_breaks: [...DEFAULT_TIE_BREAKS],
    },
    double_elimination_options: { split_participants: false, grand_finals_modifier: "" },
    round_robin_options: {
      iterations: 1,
      ranking: "match wins",
      pts_for_game_win: 0,
      pts_for_game_tie: 0,
      pts_for_match_win: 1,
      pts_for_match_tie: 0.5,
    },
    swiss_options: {
      pts_for_game_win: 0,
      pts_for_game_tie: 0,
      pts_for_match_win: 1,
      pts_for_match_tie: 0.5,
      pts_for_bye: 1,
    },
    free_for_all_options: { max_participants: 4 },
    tie_breaks: [...DEFAULT_TIE_BREAKS],
  };
}
