/**
 * v1 tournament parameters (`tournament[hold_third_place_match]`, `pts_for_*`,
 * ...) as v2.1 tournament attributes, so one tournament is the same through
 * v1, v2.1 and the CLI; and a v2.1 problem's pointer back to its v1 name.
 */
import { isRecord, type V1Record } from "./params.js";
import { v1Error } from "./transport.js";
import { readV1Value, type V1Kind } from "./values.js";

interface Mapping {
  readonly kind: V1Kind;
  /** Where the value goes among the v2.1 attributes; empty: accepted, not kept. */
  readonly path: readonly string[];
  /** The value as v2.1 takes it, from the value as read. */
  readonly to?: (value: unknown) => unknown;
}

const swiss = (key: string): Mapping => ({ kind: "decimal", path: ["swiss_options", key] });
const rr = (key: string): Mapping => ({ kind: "decimal", path: ["round_robin_options", key] });
const nullIfZero = (v: unknown) => (v === 0 ? null : v);

/** Every v1 tournament parameter a client may send, and where v2.1 keeps it. */
export const TOURNAMENT_PARAMS: Readonly<Record<string, Mapping>> = {
  name: { kind: "string", path: ["name"] },
  tournament_type: { kind: "string", path: ["tournament_type"] },
  url: { kind: "string", path: ["url"] },
  description: { kind: "string", path: ["description"] },
  game_name: { kind: "string", path: ["game_name"] },
  private: { kind: "boolean", path: ["private"] },
  open_signup: { kind: "boolean", path: ["registration_options", "open_signup"] },
  signup_cap: { kind: "integer", path: ["registration_options", "signup_cap"] },
  check_in_duration: { kind: "integer", path: ["registration_options", "check_in_duration"] },
  start_at: { kind: "timestamp", path: ["starts_at"] },
  hold_third_place_match: {
    kind: "boolean",
    path: ["match_options", "consolation_matches_target_rank"],
    to: (v) => (v === true ? 3 : null),
  },
  accept_attachments: { kind: "boolean", path: ["match_options", "accept_attachments"] },
  pts_for_match_win: swiss("pts_for_match_win"),
  pts_for_match_tie: swiss("pts_for_match_tie"),
  pts_for_game_win: swiss("pts_for_game_win"),
  pts_for_game_tie: swiss("pts_for_game_tie"),
  pts_for_bye: swiss("pts_for_bye"),
  swiss_rounds: { kind: "integer", path: ["swiss_options", "rounds"], to: nullIfZero },
  ranked_by: { kind: "string", path: ["round_robin_options", "ranking"] },
  rr_pts_for_match_win: rr("pts_for_match_win"),
  rr_pts_for_match_tie: rr("pts_for_match_tie"),
  rr_pts_for_game_win: rr("pts_for_game_win"),
  rr_pts_for_game_tie: rr("pts_for_game_tie"),
  notify_users_when_matches_open: {
    kind: "boolean",
    path: ["notifications", "upon_matches_open"],
  },
  notify_users_when_the_tournament_ends: {
    kind: "boolean",
    path: ["notifications", "upon_tournament_ends"],
  },
  sequential_pairings: { kind: "boolean", path: ["seeding_options", "sequential_pairings"] },
  hide_seeds: { kind: "boolean", path: ["seeding_options", "hide_seeds"] },
  grand_finals_modifier: {
    kind: "string",
    path: ["double_elimination_options", "grand_finals_modifier"],
  },
  group_stages_enabled: { kind: "boolean", path: ["group_stage_enabled"] },
  tie_breaks: { kind: "list", path: ["tie_breaks"] },
  // Accepted as v1 scripts send them; serve has no forum and always shows rounds.
  hide_forum: { kind: "boolean", path: [] },
  show_rounds: { kind: "boolean", path: [] },
};

/** v1 record fields a client may send back: derived or fixed, ignored. */
const READ_ONLY = new Set([
  "id",
  "state",
  "created_at",
  "updated_at",
  "started_at",
  "completed_at",
  "participants_count",
  "progress_meter",
  "full_service_url",
  "live_image_url",
  "sign_up_url",
  "description_source",
  "subdomain",
]);

/** The v1 name of each v2.1 attribute path ("/registration_options/signup_cap" -> "signup_cap"). */
const V1_NAMES = new Map(
  Object.entries(TOURNAMENT_PARAMS)
    .filter(([, m]) => m.path.length > 0)
    .map(([name, m]) => [`/data/attributes/${m.path.join("/")}`, name]),
);

/** A v2.1 problem about `pointer`, worded with the v1 parameter's name. */
export function renameTournamentProblem(pointer: string, detail: string): string {
  const v1 = V1_NAMES.get(pointer);
  if (v1 === undefined) return detail;
  const v21 = pointer.slice(pointer.lastIndexOf("/") + 1);
  return detail.startsWith(`${v21} `) ? `${v1}${detail.slice(v21.length)}` : `${v1}: ${detail}`;
}

function put(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

/** `tournament[...]` as v2.1 attributes; every wrong parameter named in one 422. */
export function tournamentAttributes(input: V1Record): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(input)) {
    const mapping = Object.hasOwn(TOURNAMENT_PARAMS, name) ? TOURNAMENT_PARAMS[name] : undefined;
    if (mapping === undefined) {
      if (!READ_ONLY.has(name)) problems.push(`tournament[${name}] is not a v1 tournament field`);
      continue;
    }
    if (isRecord(value) && mapping.kind !== "list") {
      problems.push(`tournament[${name}] must be a single value, not tournament[${name}][...]`);
      continue;
    }
    const read = readV1Value(mapping.kind, value);
    if ("problem" in read) {
      problems.push(`tournament[${name}] ${read.problem}`);
      continue;
    }
    if (mapping.path.length === 0) continue;
    put(attributes, mapping.path, mapping.to === undefined ? read.ok : mapping.to(read.ok));
  }
  if (problems.length > 0) throw v1Error(422, ...problems);
  return attributes;
}
