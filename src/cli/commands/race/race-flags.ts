/**
 * Flags of `race create` and `race update` (without a participant), turned into
 * v2.1 race attributes, camelCase as the contract draws them. `--set
 * path=value` reaches any attribute (`--set registrationOptions.signupCap=16`).
 */
import { type Command, Option } from "commander";
import { RACE_TYPES } from "../../../model/race.js";
import { RACE_SETTABLE } from "../../../model/settable-attributes.js";
import { UsageError } from "../../errors.js";
import { choiceOption } from "../choice-option.js";
import { assignPath, parseSet } from "../tournament/set-flag.js";

/** The flags as commander hands them over (the race type already checked). */
export interface RaceFlags {
  readonly name?: string;
  readonly type?: string;
  readonly rounds?: string;
  readonly url?: string;
  readonly description?: string;
  readonly startsAt?: string;
  readonly private?: boolean;
  readonly set?: readonly string[];
}

/** Race attributes, nested as the contract draws them (`grandPrixOptions.rounds`). */
export interface RaceAttributes {
  readonly name?: string;
  readonly raceType?: string;
  readonly [attribute: string]: unknown;
}

const CAMEL_CASE = {
  pattern: /^[a-zA-Z][a-zA-Z0-9_]*$/,
  rule: "letters, digits and _",
  noun: "race",
  known: RACE_SETTABLE,
};

export function addRaceFlags(command: Command): Command {
  return command
    .option("--name <name>", "race name")
    .addOption(
      choiceOption("--type <type>", "time trial | grand prix", {
        allowed: RACE_TYPES,
        spelling: (type) => type.replaceAll(" ", "-"),
      }),
    )
    .option("--rounds <n>", "grand prix: number of rounds (grandPrixOptions.rounds)")
    .option("--url <slug>", "short identifier (letters, digits, _)")
    .option("--description <text>", "description")
    .option("--starts-at <time>", "start time, ISO 8601 with offset")
    .addOption(new Option("--private", "hide from indexes"))
    .option(
      "--set <path=value>",
      "set any attribute by its contract path; the value is JSON or a string (repeatable)",
      (value: string, previous: string[] = []) => [...previous, value],
    );
}

/** The attributes the flags give (no I/O): --rounds is a whole number from 1. */
export function raceAttributes(flags: RaceFlags): RaceAttributes {
  const attributes: Record<string, unknown> = {};
  const plain = [
    ["name", flags.name],
    ["raceType", flags.type],
    ["url", flags.url],
    ["description", flags.description],
    ["startsAt", flags.startsAt],
  ] as const;
  for (const [key, value] of plain) if (value !== undefined) attributes[key] = value;
  if (flags.private !== undefined) attributes.private = flags.private;
  if (flags.rounds !== undefined) {
    if (!/^\d+$/.test(flags.rounds) || Number(flags.rounds) < 1)
      throw new UsageError(
        `--rounds needs a whole number from 1, not ${JSON.stringify(flags.rounds)}`,
      );
    assignPath(attributes, ["grandPrixOptions", "rounds"], Number(flags.rounds));
  }
  for (const entry of flags.set ?? []) {
    const { path, value } = parseSet(entry, CAMEL_CASE);
    assignPath(attributes, path, value);
  }
  return attributes;
}

/** Whether any race attribute flag was given (`race update` tells its two uses apart). */
export function hasRaceFlags(flags: RaceFlags): boolean {
  return Object.entries(flags).some(
    ([key, value]) => RACE_FLAG_KEYS.has(key) && value !== undefined,
  );
}

const RACE_FLAG_KEYS = new Set([
  "name",
  "type",
  "rounds",
  "url",
  "description",
  "startsAt",
  "private",
  "set",
]);
