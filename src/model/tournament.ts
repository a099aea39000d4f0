/** Tournament vocabulary of the v2.1 interface (DESIGN.md §3). */

export const TOURNAMENT_TYPES = [
  "single elimination",
  "double elimination",
  "round robin",
  "swiss",
  "free for all",
] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

export const TOURNAMENT_STATES = [
  "pending",
  "checking_in",
  "checked_in",
  "accepting_predictions",
  "group_stages_underway",
  "group_stages_finalized",
  "underway",
  "awaiting_review",
  "complete",
] as const;
export type TournamentState = (typeof TOURNAMENT_STATES)[number];

export const STATE_CHANGES = [
  "process_checkin",
  "abort_checkin",
  "start_group_stage",
  "finalize_group_stage",
  "reset_group_stage",
  "start",
  "finalize",
  "reset",
  "open_predictions",
] as const;
export type StateChange = (typeof STATE_CHANGES)[number];

/** The list filter `state` of the contract groups the states in three. */
export const STATE_FILTER_GROUPS: Readonly<Record<string, readonly TournamentState[]>> = {
  pending: ["pending", "checking_in", "checked_in", "accepting_predictions"],
  in_progress: ["group_stages_underway", "group_stages_finalized", "underway", "awaiting_review"],
  ended: ["complete"],
};

export const STAGE_TYPES = [
  "round robin",
  "single elimination",
  "double elimination",
  "swiss",
] as const;

export const RANKINGS = [
  "match wins",
  "game wins",
  "game win percentage",
  "points scored",
  "points difference",
  "custom",
] as const;

export const GRAND_FINALS_MODIFIERS = ["", "single match", "skip"] as const;

export const TIE_BREAKS = [
  "match wins vs tied",
  "game wins",
  "game win percentage",
  "points scored",
  "points difference",
  "median buchholz",
] as const;

export const DEFAULT_TIE_BREAKS = ["match wins vs tied", "game wins", "points scored"] as const;

/** Tournament attributes as the service stores and returns them (snake_case, as the seed). */
export interface TournamentSettings {
  name: string;
  url: string;
  tournament_type: TournamentType;
  game_name: string;
  private: boolean;
  starts_at: string | null;
  description: string;
  notifications: { upon_matches_open: boolean; upon_tournament_ends: boolean };
  match_options: { consolation_matches_target_rank?: number; accept_attachments: boolean };
  registration_options: {
    open_signup: boolean;
    signup_cap?: number;
    check_in_duration?: number;
  };
  seeding_options: { hide_seeds: boolean; sequential_pairings: boolean };
  station_options: { auto_assign: boolean; only_start_matches_with_assigned_stations: boolean };
  group_stage_enabled: boolean;
  group_stage_options: {
    stage_type: (typeof STAGE_TYPES)[number];
    group_size: number;
    participant_count_to_advance_per_group: number;
    rr_iterations: number;
    ranked_by: (typeof RANKINGS)[number];
    rr_pts_for_match_win: number;
    rr_pts_for_match_tie: number;
    rr_pts_for_game_win: number;
    rr_pts_for_game_tie: number;
    split_participants: boolean;
    tie_breaks: string[];
  };
  double_elimination_options: {
    split_participants: boolean;
    grand_finals_modifier: (typeof GRAND_FINALS_MODIFIERS)[number];
  };
  round_robin_options: {
    iterations: number;
    ranking: (typeof RANKINGS)[number];
    pts_for_game_win: number;
    pts_for_game_tie: number;
    pts_for_match_win: number;
    pts_for_match_tie: number;
  };
  swiss_options: {
    rounds?: number;
    pts_for_game_win: number;
    pts_for_game_tie: number;
    pts_for_match_win: number;
    pts_for_match_tie: number;
    pts_for_bye: number;
  };
  free_for_all_options: { max_participants: number };
  tie_breaks: string[];
}
