/**
 * How commander reads a command line's options, for what must be known before it parses:
 * the words naming the command (run.ts builds only that noun), and whether commander will
 * answer the line itself with the version or help, which no preAction hook sees (run.ts
 * refuses --json and --jq there). One reading of short clusters, as Command.parseOptions
 * does it: `-vV` is -v then -V, `-Vq .` is -V then -q with `.`, `-q.id` is -q with `.id`
 * (a flag taking a value takes the rest of the cluster), and a cluster whose first letter
 * is no option of the level is unknown as a whole (`-hq.`).
 */
import type { Command, Option } from "commander";

/** An option of the level as given, with its value when it takes one. */
export interface GivenOption {
  readonly option: Option;
  readonly value?: string;
}

/** One level's reading: its options, its operands, and the words left to the levels below. */
export interface LevelWords {
  readonly given: readonly GivenOption[];
  /** Words before the first unknown option that are no option of this level. */
  readonly operands: readonly string[];
  /** The first unknown option and every word after it, but this level's options. */
  readonly unknown: readonly string[];
}

const maybeOption = (arg: string): boolean => arg.length > 1 && arg[0] === "-";

/** Command.parseOptions without variadic options and negative numbers (neither is used). */
export function readLevel(options: readonly Option[], argv: readonly string[]): LevelWords {
  const find = (flag: string) => options.find((o) => o.long === flag || o.short === flag);
  const given: GivenOption[] = [];
  const operands: string[] = [];
  const unknown: string[] = [];
  let dest = operands;
  let i = 0;
  const nextValue = (option: Option): string | undefined => {
    if (option.required) return argv[i++];
    const next = argv[i];
    if (option.optional && next !== undefined && !maybeOption(next)) return argv[i++];
    return undefined;
  };
  const give = (option: Option, value: string | undefined): void => {
    given.push(value === undefined ? { option } : { option, value });
  };
  for (let group: string | undefined; i < argv.length || group !== undefined; ) {
    const arg = group ?? argv[i++]!;
    group = undefined;
    if (arg === "--") {
      if (dest === unknown) dest.push(arg);
      dest.push(...argv.slice(i));
      break;
    }
    const option = maybeOption(arg) ? find(arg) : undefined;
    if (option !== undefined) {
      give(option, option.required || option.optional ? nextValue(option) : undefined);
      continue;
    }
    if (arg.length > 2 && arg[0] === "-" && arg[1] !== "-") {
      const first = find(`-${arg[1]}`);
      if (first !== undefined) {
        const takesValue = first.required || first.optional;
        give(first, takesValue ? arg.slice(2) : undefined);
        if (!takesValue) group = `-${arg.slice(2)}`;
        continue;
      }
    }
    const eq = /^--[^=]+=/.test(arg) ? arg.indexOf("=") : -1;
    const long = eq === -1 ? undefined : find(arg.slice(0, eq));
    if (long !== undefined && (long.required || long.optional)) {
      give(long, arg.slice(eq + 1));
      continue;
    }
    if (dest === operands && maybeOption(arg)) dest = unknown;
    dest.push(arg);
  }
  return { given, operands, unknown };
}

/** What commander does with a whole line, as far as run.ts needs to know before it parses. */
export interface LineWords {
  /** The program's own options as given (-V, --json, -q ... anywhere on the line). */
  readonly programOptions: readonly GivenOption[];
  /** Where commander prints help instead of running a command: "tourney match --help". */
  readonly help?: string;
}

function subcommand(group: Command, word: string | undefined): Command | undefined {
  if (word === undefined) return undefined;
  return group.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/** Command._parseCommand's descent: each level reads the words the one above left unknown. */
function helpAsked(command: Command, path: string, level: LevelWords, operands: readonly string[]) {
  const words = [...operands, ...level.operands];
  const sub = subcommand(command, words[0]);
  if (sub !== undefined) {
    const below = readLevel(sub.options, level.unknown);
    return helpAsked(sub, `${path} ${sub.name()}`, below, words.slice(1));
  }
  if (command.commands.length > 0 && words[0] === "help") return `${path} help`;
  const end = level.unknown.indexOf("--");
  const options = end === -1 ? level.unknown : level.unknown.slice(0, end);
  return options.some((w) => w === "-h" || w === "--help") ? `${path} --help` : undefined;
}

export function readLine(program: Command, argv: readonly string[]): LineWords {
  const level = readLevel(program.options, argv);
  const help = helpAsked(program, program.name(), level, []);
  return help === undefined
    ? { programOptions: level.given }
    : { programOptions: level.given, help };
}
