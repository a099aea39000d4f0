/**
 * `tourney help formats`: each tournament type with its options and their
 * defaults, generated from the model's vocabulary and defaults
 * (model/tournament.ts, model/tournament-defaults.ts, model/race.ts) and the
 * flags of `tournament create` (attribute-flags.ts), so it cannot drift from them.
 */
import { DEFAULT_GRAND_PRIX_ROUNDS, RACE_TYPES } from "../../model/race.js";
import { TOURNAMENT_TYPES, type TournamentType } from "../../model/tournament.js";
import { defaultSettings } from "../../model/tournament-defaults.js";
import { FLAGS, type FlagSpec } from "../commands/tournament/attribute-flags.js";

/** The attribute groups (or single attributes) that shape each type. */
const TYPE_OPTIONS: Readonly<Record<TournamentType, readonly string[]>> = {
  "single elimination": ["match_options.consolation_matches_target_rank"],
  "double elimination": ["double_elimination_options"],
  "round robin": ["round_robin_options"],
  swiss: ["swiss_options"],
  "free for all": ["free_for_all_options"],
};

/** Options of every type: the tie-breaks, the seeding and the optional group stage. */
const EVERY_TYPE = ["tie_breaks", "seeding_options", "group_stage_enabled", "group_stage_options"];

/** What an attribute left unset means (its default is no value). */
const UNSET: Readonly<Record<string, string>> = {
  "match_options.consolation_matches_target_rank":
    "none (--third-place sets 3; --consolation-rank 5 also decides 5th-8th, 9 9th-16th, ...)",
  "swiss_options.rounds": "ceil(log2 of the participants)",
};

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (value === "") return '""';
  return String(value);
}

/** Every attribute path under `prefix`: the defaults' keys, then flags' paths not among them. */
function pathsUnder(prefix: string): string[] {
  const parts = prefix.split(".");
  const value = valueAt(defaultSettings(), parts);
  const own =
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.keys(value).map((key) => `${prefix}.${key}`)
      : [prefix];
  const flagged = FLAGS.map((f) => f.path.join(".")).filter(
    (p) => p === prefix || p.startsWith(`${prefix}.`),
  );
  return [...new Set([...own, ...flagged])];
}

function optionLine(path: string, width: number): string {
  const flag: FlagSpec | undefined = FLAGS.find((f) => f.path.join(".") === path);
  const value = valueAt(defaultSettings(), path.split("."));
  const fallback = UNSET[path] ?? "none";
  const how = flag === undefined ? `--set ${path}=...` : flag.flag;
  return `    ${how.padEnd(width)}  default: ${value === undefined ? fallback : shown(value)}${
    flag === undefined ? "" : `  (${path})`
  }`;
}

function section(title: string, prefixes: readonly string[]): string[] {
  const paths = prefixes.flatMap(pathsUnder);
  const width = Math.max(
    ...paths.map(
      (p) => (FLAGS.find((f) => f.path.join(".") === p)?.flag ?? `--set ${p}=...`).length,
    ),
  );
  return [`  ${title}`, ...paths.map((p) => optionLine(p, width))];
}

export function formatsHelp(): string {
  const defaults = defaultSettings();
  const types = TOURNAMENT_TYPES.flatMap((type) => [
    ...section(
      `${type}${type === defaults.tournament_type ? " (the default type)" : ""}`,
      TYPE_OPTIONS[type],
    ),
    "",
  ]);
  return [
    "Tournament types: tourney tournament create --type TYPE (or tournament update).",
    "A type is spelled with spaces or underscores: --type double_elimination.",
    "",
    ...types,
    ...section("every type (tie-breaks, seeding, the optional group stage)", EVERY_TYPE),
    "",
    "Race types: tourney race create --type TYPE (the first is the default).",
    ...RACE_TYPES.map((type) =>
      type === "grand prix"
        ? `  ${type}\n    --rounds <n>  default: ${DEFAULT_GRAND_PRIX_ROUNDS}  (grandPrixOptions.rounds)`
        : `  ${type}\n    one round of times, ranked by time`,
    ),
    "",
    "Any attribute without a flag: --set path=value (tourney tournament create --help).",
    "",
  ].join("\n");
}
