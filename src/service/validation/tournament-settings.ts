/**
 * Every tournament attribute of the seed's table: its specification, its
 * default (DESIGN.md §3 decides where the contract's defaults are sample data),
 * and the merge of a request's attributes over defaults (create) or the stored
 * settings (update).
 */

import { MAX_PARTICIPANTS, MAX_PARTICIPANTS_WHY, MAX_REPORT_ENTRIES } from "../../model/limits.js";
import {
  GRAND_FINALS_MODIFIERS,
  RANKINGS,
  STAGE_TYPES,
  TIE_BREAKS,
  TOURNAMENT_TYPES,
  type TournamentSettings,
} from "../../model/tournament.js";
import { defaultSettings } from "../../model/tournament-defaults.js";
import type { Problems } from "../errors.js";
import { type AttributeSchema, mergeAttributes } from "./attribute-merge.js";
import { type FieldSpec, NAME_FIELD, URL_FIELD } from "./fields.js";
import type { Ignored } from "./ignored.js";

const bool: FieldSpec = { kind: "boolean" };
const points: FieldSpec = { kind: "number", min: -1000, max: 1000 };
const ranking: FieldSpec = { kind: "enum", values: RANKINGS, aliases: { "": "match wins" } };
const tieBreaks: FieldSpec = { kind: "enumList", values: TIE_BREAKS };

/**
 * The placements single elimination decides (engine/placements.ts): 3 a third-place match, 5
 * also 5th-8th, 9 also 9th-16th, ... a power of two plus one, up to the largest a bracket of
 * MAX_PARTICIPANTS has (its round before the final sends 2^15 losers: 32769). A value in between
 * (4, 6) is refused naming these rather than rounded: the engine would plan the level below it,
 * and a 6 shown by `tournament view` would promise a 6th place decided alone. A value above the
 * field is taken (participants come later): the placements stop where the bracket's rounds do.
 */
export const MAX_CONSOLATION_RANK = MAX_PARTICIPANTS / 2 + 1;

export function consolationRankProblem(v: number): string | undefined {
  if (v >= 3 && v <= MAX_CONSOLATION_RANK && Number.isInteger(Math.log2(v - 1))) return undefined;
  return `must be 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, 33, ... (a power of two plus one, up to ${MAX_CONSOLATION_RANK}), or null or 0 for none, not ${v}`;
}

const consolationRank: FieldSpec = {
  kind: "integer",
  min: Number.MIN_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
  nullable: true,
  zeroIsUnset: true,
  check: consolationRankProblem,
};

/**
 * A count whose least value is above 0: 0 is "not set", its default (DESIGN.md §3; the
 * contract bounds none of them), as swiss_options.rounds and signup_cap take 0 as null.
 */
const DEFAULTS = defaultSettings();
function count(min: number, max: number, zeroIs: number): FieldSpec {
  return { kind: "integer", min, max, zeroIs };
}

const TOP_LEVEL: Readonly<Record<string, FieldSpec>> = {
  name: NAME_FIELD,
  url: URL_FIELD,
  tournament_type: { kind: "enum", values: TOURNAMENT_TYPES },
  game_name: { kind: "string", maxLength: 100 },
  private: bool,
  starts_at: { kind: "timestamp", nullable: true },
  description: { kind: "string", maxLength: 10_000, multiline: true },
  group_stage_enabled: bool,
  tie_breaks: tieBreaks,
};

const GROUPS: Readonly<Record<string, Readonly<Record<string, FieldSpec>>>> = {
  notifications: { upon_matches_open: bool, upon_tournament_ends: bool },
  match_options: { consolation_matches_target_rank: consolationRank, accept_attachments: bool },
  registration_options: {
    open_signup: bool,
    signup_cap: { kind: "integer", min: 1, max: 100_000, nullable: true, zeroIsUnset: true },
    check_in_duration: { kind: "integer", min: 1, max: 10_080, nullable: true, zeroIsUnset: true },
  },
  seeding_options: { hide_seeds: bool, sequential_pairings: bool },
  station_options: { auto_assign: bool, only_start_matches_with_assigned_stations: bool },
  group_stage_options: {
    stage_type: { kind: "enum", values: STAGE_TYPES },
    group_size: count(2, 64, DEFAULTS.group_stage_options.group_size),
    participant_count_to_advance_per_group: count(
      1,
      63,
      DEFAULTS.group_stage_options.participant_count_to_advance_per_group,
    ),
    rr_iterations: count(1, 10, DEFAULTS.group_stage_options.rr_iterations),
    ranked_by: ranking,
    rr_pts_for_match_win: points,
    rr_pts_for_match_tie: points,
    rr_pts_for_game_win: points,
    rr_pts_for_game_tie: points,
    split_participants: bool,
    tie_breaks: tieBreaks,
  },
  double_elimination_options: {
    split_participants: bool,
    grand_finals_modifier: { kind: "enum", values: GRAND_FINALS_MODIFIERS },
  },
  round_robin_options: {
    iterations: count(1, 10, DEFAULTS.round_robin_options.iterations),
    ranking,
    pts_for_game_win: points,
    pts_for_game_tie: points,
    pts_for_match_win: points,
    pts_for_match_tie: points,
  },
  swiss_options: {
    rounds: { kind: "integer", min: 1, max: 64, nullable: true, zeroIsUnset: true },
    pts_for_game_win: points,
    pts_for_game_tie: points,
    pts_for_match_win: points,
    pts_for_match_tie: points,
    pts_for_bye: points,
  },
  free_for_all_options: {
    max_participants: {
      kind: "integer",
      min: 2,
      max: MAX_REPORT_ENTRIES,
      zeroIs: DEFAULTS.free_for_all_options.max_participants,
      why: MAX_PARTICIPANTS_WHY,
    },
  },
};

/** Attributes that appear in responses; a client may send them back, they are ignored. */
const READ_ONLY: ReadonlySet<string> = new Set([
  "id",
  "state",
  "timestamps",
  "participants_count",
  "progress_meter",
  "full_url",
  "matches_count",
  "matches_complete",
]);

/** Exported for test/model/settable-attributes.test.ts (the CLI's --set list). */
export const SCHEMA: AttributeSchema = { topLevel: TOP_LEVEL, groups: GROUPS, readOnly: READ_ONLY };

/** The defaults live with the vocabulary (the CLI's `tourney help formats` shows them). */
export { defaultSettings } from "../../model/tournament-defaults.js";

/**
 * Merges `input` over `base` (a deep copy is changed), recording every problem;
 * unknown attributes go to `ignored` when it is given (attribute-merge.ts).
 */
export function mergeSettings(
  base: TournamentSettings,
  input: Record<string, unknown>,
  problems: Problems,
  ignored?: Ignored,
  pointer = "/data/attributes",
): TournamentSettings {
  const merged = mergeAttributes(base, input, SCHEMA, problems, pointer, ignored);
  checkCrossFields(merged, problems, pointer);
  return merged;
}

function checkCrossFields(s: TournamentSettings, problems: Problems, pointer: string): void {
  // A name refused as too long (or not a string) is not also blank.
  if (s.name.trim() === "" && !problems.has(`${pointer}/name`))
    problems.add(`${pointer}/name`, "name can't be blank");
  const gs = s.group_stage_options;
  if (gs.participant_count_to_advance_per_group >= gs.group_size) {
    problems.add(
      `${pointer}/group_stage_options/participant_count_to_advance_per_group`,
      `participant_count_to_advance_per_group (${gs.participant_count_to_advance_per_group}) must be below group_size (${gs.group_size})`,
    );
  }
}
