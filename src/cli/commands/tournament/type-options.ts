/**
 * Options that belong to one tournament type (or to the group stage) are refused on
 * any other, by `tournament create` and `tournament update` alike, whether a flag or
 * `--set` gave them: a usage error (exit 2) naming the option and the type, instead of
 * a setting stored and never used (issue 26).
 */
import type { TournamentType } from "../../../model/tournament.js";
import { UsageError } from "../../errors.js";
import { FLAGS, type TournamentAttributes } from "./attribute-flags.js";

/** Where each type keeps its own options (a group stage of that type uses them too). */
const TYPE_GROUPS: readonly { readonly group: string; readonly type: TournamentType }[] = [
  { group: "double_elimination_options", type: "double elimination" },
  { group: "round_robin_options", type: "round robin" },
  { group: "swiss_options", type: "swiss" },
  { group: "free_for_all_options", type: "free for all" },
];

const GROUP_STAGE = "group_stage_options";

/** What the options are checked against: the type and group stage the tournament will have. */
export interface TournamentShape {
  readonly type: unknown;
  readonly groupStage: boolean;
  /** The group stage's type (its groups play by that type's options too: swiss groups). */
  readonly stageType?: unknown;
  /** Where the type comes from, said after it: " (the default without --type)". */
  readonly whence: string;
}

/** The option's flag (`--iterations`), or the `--set` path that reaches it. */
function optionName(group: string, key: string): string {
  const spec = FLAGS.find((f) => f.path.length === 2 && f.path[0] === group && f.path[1] === key);
  return spec === undefined ? `--set ${group}.${key}` : spec.flag.split(" ")[0]!;
}

function keysOf(attributes: TournamentAttributes, group: string): string[] {
  const options = attributes[group];
  if (typeof options !== "object" || options === null) return [];
  return Object.entries(options)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/**
 * Placement matches (a third-place match and on) are a single elimination's: a double
 * elimination's losers bracket decides third place and ranks the others by the losers round
 * they leave in (docs/tournaments.md). Named as given: 3 by --third-place, others by
 * --consolation-rank (either may have come from --set).
 */
function thirdPlaceProblem(attributes: TournamentAttributes, s: TournamentShape): string | null {
  const rank = (attributes.match_options as Record<string, unknown> | undefined)
    ?.consolation_matches_target_rank;
  if (rank === undefined || rank === null || s.type === "single elimination") return null;
  const name =
    rank === 3
      ? optionName("match_options", "consolation_matches_target_rank")
      : "--consolation-rank";
  const why =
    s.type === "double elimination"
      ? "the losers bracket already decides third place, and ranks the others by the losers round they leave in; placement matches are single elimination's"
      : "it is a single elimination option";
  return `${name} does not apply to ${String(s.type)}${s.whence}: ${why}`;
}

/** The refusals, one per option that does not apply; empty when all do. */
export function typeOptionProblems(attributes: TournamentAttributes, s: TournamentShape): string[] {
  const problems: string[] = [];
  for (const { group, type } of TYPE_GROUPS) {
    if (s.type === type || (s.groupStage && (s.stageType ?? "round robin") === type)) continue;
    for (const key of keysOf(attributes, group))
      problems.push(
        `${optionName(group, key)} does not apply to ${String(s.type)}${s.whence}: it is a ${type} option`,
      );
  }
  const third = thirdPlaceProblem(attributes, s);
  if (third !== null) problems.push(third);
  if (!s.groupStage)
    for (const key of keysOf(attributes, GROUP_STAGE))
      problems.push(
        `${optionName(GROUP_STAGE, key)} does not apply without a group stage: add --group-stage`,
      );
  return problems;
}

/** Refuses (exit 2) options that do not apply, all of them named, one per line. */
export function checkTypeOptions(attributes: TournamentAttributes, s: TournamentShape): void {
  const problems = typeOptionProblems(attributes, s);
  if (problems.length > 0) throw new UsageError(problems.join("\nerror: "));
}

/** Whether any option depends on the type or the group stage (update then reads both). */
export function hasTypeOptions(attributes: TournamentAttributes): boolean {
  const probe = { type: null, groupStage: false, whence: "" };
  return typeOptionProblems(attributes, probe).length > 0;
}
