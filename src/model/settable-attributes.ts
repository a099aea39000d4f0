/**
 * The attributes a client may set on a tournament and on a race, by name: a plain
 * attribute (null) or an option group and its keys. The service ignores any other
 * (`meta.ignored_attributes`, DESIGN.md §3); the CLI's `--set` refuses it before sending.
 * test/model/settable-attributes.test.ts holds these to the service's schemas
 * (service/validation/tournament-settings.ts and race-settings.ts).
 */
export type SettableAttributes = Readonly<Record<string, readonly string[] | null>>;

const POINTS = ["pts_for_game_win", "pts_for_game_tie", "pts_for_match_win", "pts_for_match_tie"];

export const TOURNAMENT_SETTABLE: SettableAttributes = {
  name: null,
  url: null,
  tournament_type: null,
  game_name: null,
  private: null,
  starts_at: null,
  description: null,
  group_stage_enabled: null,
  tie_breaks: null,
  notifications: ["upon_matches_open", "upon_tournament_ends"],
  match_options: ["consolation_matches_target_rank", "accept_attachments"],
  registration_options: ["open_signup", "signup_cap", "check_in_duration"],
  seeding_options: ["hide_seeds", "sequential_pairings"],
  station_options: ["auto_assign", "only_start_matches_with_assigned_stations"],
  group_stage_options: [
    "stage_type",
    "group_size",
    "participant_count_to_advance_per_group",
    "rr_iterations",
    "ranked_by",
    "rr_pts_for_match_win",
    "rr_pts_for_match_tie",
    "rr_pts_for_game_win",
    "rr_pts_for_game_tie",
    "split_participants",
    "tie_breaks",
  ],
  double_elimination_options: ["split_participants", "grand_finals_modifier"],
  round_robin_options: ["iterations", "ranking", ...POINTS],
  swiss_options: ["rounds", ...POINTS, "pts_for_bye"],
  free_for_all_options: ["max_participants"],
};

export const RACE_SETTABLE: SettableAttributes = {
  name: null,
  url: null,
  raceType: null,
  description: null,
  private: null,
  startsAt: null,
  pointsTable: null,
  notifications: ["uponMatchesOpen", "uponTournamentEnds"],
  registrationOptions: ["openSignup", "signupCap"],
  grandPrixOptions: ["rounds"],
};
