/**
 * Flags shared by `tournament create` and `tournament update`, turned into v2.1
 * tournament attributes. `--set path=value` reaches any attribute of the
 * contract (`--set match_options.accept_attachments=true`).
 */
import { type Command, Option } from "commander";
import { MAX_PARTICIPANTS_WHY, MAX_REPORT_ENTRIES } from "../../../model/limits.js";
import {
  GRAND_FINALS_MODIFIERS,
  RANKINGS,
  STAGE_TYPES,
  TIE_BREAKS,
  TOURNAMENT_TYPES,
} from "../../../model/tournament.js";
import { UsageError } from "../../errors.js";
import { type ChoiceSpec, choiceOption } from "../choice-option.js";
import { assignPath, parseSet } from "./set-flag.js";

type Path = readonly string[];

/** "a | b | c", with "" shown as such. */
const either = (values: readonly string[]) => values.map((v) => (v === "" ? '""' : v)).join(" | ");

export interface FlagSpec {
  readonly flag: string;
  readonly description: string;
  readonly path: Path;
  readonly parse: "string" | "int" | "bool" | "rank3" | "choice";
  /** For parse "int": the least value (the service's own bound). */
  readonly min?: number;
  /** For parse "int": the greatest value (the service's own bound), and why it is that. */
  readonly max?: { readonly value: number; readonly why: string };
  /** For parse "choice": the allowed values, checked by the CLI (exit 2). */
  readonly choices?: ChoiceSpec;
}

const TABLE = [
  { flag: "--name <name>", description: "tournament name", path: ["name"], parse: "string" },
  {
    flag: "--type <type>",
    description: either(TOURNAMENT_TYPES),
    path: ["tournament_type"],
    parse: "choice",
    choices: { allowed: TOURNAMENT_TYPES },
  },
  {
    flag: "--url <slug>",
    description: "short identifier (letters, digits, _)",
    path: ["url"],
    parse: "string",
  },
  {
    flag: "--description <text>",
    description: "description",
    path: ["description"],
    parse: "string",
  },
  { flag: "--game <name>", description: "game name", path: ["game_name"], parse: "string" },
  {
    flag: "--starts-at <time>",
    description: "start time, ISO 8601 with offset",
    path: ["starts_at"],
    parse: "string",
  },
  { flag: "--private", description: "hide from indexes", path: ["private"], parse: "bool" },
  {
    flag: "--open-signup",
    description: "let users register themselves",
    path: ["registration_options", "open_signup"],
    parse: "bool",
  },
  {
    flag: "--signup-cap <n>",
    description: "maximum number of participants",
    path: ["registration_options", "signup_cap"],
    parse: "int",
  },
  {
    flag: "--check-in-duration <minutes>",
    description: "check-in window before starts_at",
    path: ["registration_options", "check_in_duration"],
    parse: "int",
  },
  {
    flag: "--hide-seeds",
    description: "hide seeds from the bracket page and tables (--json keeps them)",
    path: ["seeding_options", "hide_seeds"],
    parse: "bool",
  },
  {
    flag: "--sequential-pairings",
    description: "pair 1v2, 3v4 instead of standard seeding",
    path: ["seeding_options", "sequential_pairings"],
    parse: "bool",
  },
  {
    flag: "--third-place",
    description: "single elimination: play a third-place match",
    path: ["match_options", "consolation_matches_target_rank"],
    parse: "rank3",
  },
  {
    flag: "--consolation-rank <rank>",
    description:
      "single elimination: placement matches decide every place down to rank: 3 third place, 5 also 5th-8th, 9 also 9th-16th, 17, ... (0: none)",
    path: ["match_options", "consolation_matches_target_rank"],
    parse: "int",
  },
  {
    flag: "--accept-attachments",
    description:
      "let matches take attachments (links, notes, files); can be set after the start too",
    path: ["match_options", "accept_attachments"],
    parse: "bool",
  },
  {
    flag: "--grand-finals <modifier>",
    description: `${either(GRAND_FINALS_MODIFIERS)} ("" allows a reset match)`,
    path: ["double_elimination_options", "grand_finals_modifier"],
    parse: "choice",
    choices: { allowed: GRAND_FINALS_MODIFIERS },
  },
  {
    flag: "--split-participants",
    description: "double elimination: start the bottom half in the losers bracket",
    path: ["double_elimination_options", "split_participants"],
    parse: "bool",
  },
  {
    flag: "--iterations <n>",
    description: "round robin: times each pair meets",
    path: ["round_robin_options", "iterations"],
    parse: "int",
    min: 1,
  },
  {
    flag: "--ranking <by>",
    description: `round robin: ${either(RANKINGS)}`,
    path: ["round_robin_options", "ranking"],
    parse: "choice",
    choices: { allowed: RANKINGS },
  },
  {
    flag: "--swiss-rounds <n>",
    description: "swiss: number of rounds",
    path: ["swiss_options", "rounds"],
    parse: "int",
    min: 1,
  },
  {
    flag: "--max-participants <n>",
    description: "free for all: participants per match",
    path: ["free_for_all_options", "max_participants"],
    parse: "int",
    min: 2,
    max: { value: MAX_REPORT_ENTRIES, why: MAX_PARTICIPANTS_WHY },
  },
  {
    flag: "--tie-breaks <list>",
    description: `comma-separated tie-breaks in order: ${either(TIE_BREAKS)}`,
    path: ["tie_breaks"],
    parse: "choice",
    choices: { allowed: TIE_BREAKS, list: true },
  },
  {
    flag: "--group-stage",
    description: "enable the group stage",
    path: ["group_stage_enabled"],
    parse: "bool",
  },
  {
    flag: "--stage-type <type>",
    description: `group stage: ${either(STAGE_TYPES)}`,
    path: ["group_stage_options", "stage_type"],
    parse: "choice",
    choices: { allowed: STAGE_TYPES },
  },
  {
    flag: "--group-size <n>",
    description: "group stage: participants per group",
    path: ["group_stage_options", "group_size"],
    parse: "int",
    min: 2,
  },
  {
    flag: "--advance-per-group <n>",
    description: "group stage: participants advancing from each group",
    path: ["group_stage_options", "participant_count_to_advance_per_group"],
    parse: "int",
    min: 1,
  },
] as const satisfies readonly FlagSpec[];

/** Every attribute flag (`tourney help formats` lists them with their defaults). */
export const FLAGS: readonly FlagSpec[] = TABLE;

/** `check-in-duration` -> `checkInDuration`, as commander names an option's value. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
type OptionKey<F extends string> = F extends `--${infer Long} ${string}`
  ? Camel<Long>
  : F extends `--${infer Long}`
    ? Camel<Long>
    : never;
type FlagValue<Spec> = Spec extends { parse: "bool" | "rank3" }
  ? boolean
  : Spec extends { choices: { list: true } }
    ? readonly string[]
    : string;

/**
 * The flags' values as commander hands them over (`{ name: "Cup", thirdPlace: true }`),
 * typed from the table above: a flag added there is a field here.
 */
export type AttributeFlags = {
  readonly [Spec in (typeof TABLE)[number] as OptionKey<Spec["flag"]>]?: FlagValue<Spec>;
} & { readonly set?: readonly string[] };

/**
 * v2.1 tournament attributes, nested as the contract draws them
 * (`{ match_options: { consolation_matches_target_rank: 3 } }`); `--set` reaches any.
 */
export interface TournamentAttributes {
  readonly name?: string;
  readonly tournament_type?: string;
  readonly [attribute: string]: unknown;
}

function attributeName(flag: string): string {
  const long = flag.split(" ")[0]!.replace(/^--/, "");
  return long.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

export function addAttributeFlags(command: Command): Command {
  for (const spec of FLAGS) {
    command.addOption(
      spec.choices === undefined
        ? new Option(spec.flag, spec.description)
        : choiceOption(spec.flag, spec.description, spec.choices),
    );
  }
  command.option(
    "--set <path=value>",
    "set any attribute by its contract path; the value is JSON or a string (repeatable)",
    (value: string, previous: string[] = []) => [...previous, value],
  );
  return command;
}

function parseValue(spec: FlagSpec, raw: unknown): unknown {
  switch (spec.parse) {
    case "bool":
      return raw === true;
    case "rank3":
      return raw === true ? 3 : null;
    case "int": {
      const text = String(raw);
      const name = spec.flag.split(" ")[0];
      if (!/^-?\d+$/.test(text))
        throw new UsageError(`${name} needs a whole number, not ${JSON.stringify(text)}`);
      if (spec.min !== undefined && Number(text) < spec.min)
        throw new UsageError(`${name} needs a whole number from ${spec.min}, not ${text}`);
      if (spec.max !== undefined && Number(text) > spec.max.value)
        throw new UsageError(
          `${name} needs a whole number from ${spec.min ?? 0} to ${spec.max.value}, not ${text}: ${spec.max.why}`,
        );
      return Number(text);
    }
    default:
      return raw;
  }
}

/** The attributes the given flags describe (only what was given). */
export function attributesFrom(flags: AttributeFlags): TournamentAttributes {
  if (flags.thirdPlace !== undefined && flags.consolationRank !== undefined)
    throw new UsageError(
      "--third-place and --consolation-rank both set the placements: give one (--third-place is --consolation-rank 3)",
    );
  const attributes: Record<string, unknown> = {};
  const values: Readonly<Record<string, unknown>> = flags;
  for (const spec of FLAGS) {
    const raw = values[attributeName(spec.flag)];
    if (raw === undefined) continue;
    assignPath(attributes, spec.path, parseValue(spec, raw));
  }
  for (const entry of flags.set ?? []) {
    const { path, value } = parseSet(entry);
    assignPath(attributes, path, value);
  }
  return attributes;
}
