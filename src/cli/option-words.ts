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

export const maybeOption = (arg: string): boolean => arg.length > 1 && arg[0] === "-";

/** The option written `flag` ("--name", "-q") where the word is read, or undefined. */
export type FindOption = (flag: string) => Option | undefined;

/** One word's reading as an option word (its value, when in the word, included). */
export interface OptionWord {
  readonly given: readonly GivenOption[];
  /** Whether the next word is the value of the last option given (`-vq .`, `--name Cup`). */
  readonly takesNext: boolean;
  /** What no option here knows: the whole word, or the rest of a cluster (`-Z` of `-vZ`). */
  readonly unknown?: string;
}

const takesValue = (option: Option): boolean => option.required || option.optional;

/**
 * `arg` read as commander reads an option word: the whole word an option, else a cluster
 * whose first letter is one (a flag taking a value takes the rest: `-q.id`; a flag taking
 * none leaves the rest to be read again: `-vq` is -v then -q), else `--long=value`. A
 * required value is the next word whatever it is; an optional one only when it is no option.
 */
export function readOptionWord(
  find: FindOption,
  arg: string,
  next: string | undefined,
): OptionWord {
  const given: GivenOption[] = [];
  for (let word = arg; ; ) {
    const option = maybeOption(word) ? find(word) : undefined;
    if (option !== undefined) {
      given.push({ option });
      const takesNext =
        option.required || (option.optional && next !== undefined && !maybeOption(next));
      return { given, takesNext };
    }
    if (word.length > 2 && word[0] === "-" && word[1] !== "-") {
      const first = find(`-${word[1]}`);
      if (first !== undefined) {
        if (takesValue(first))
          return { given: [...given, { option: first, value: word.slice(2) }], takesNext: false };
        given.push({ option: first });
        word = `-${word.slice(2)}`;
        continue;
      }
    }
    const eq = /^--[^=]+=/.test(word) ? word.indexOf("=") : -1;
    const long = eq === -1 ? undefined : find(word.slice(0, eq));
    if (long !== undefined && takesValue(long))
      return { given: [...given, { option: long, value: word.slice(eq + 1) }], takesNext: false };
    return { given, takesNext: false, unknown: word };
  }
}

/** Command.parseOptions without variadic options and negative numbers (neither is used). */
export function readLevel(options: readonly Option[], argv: readonly string[]): LevelWords {
  const find = (flag: string) => options.find((o) => o.long === flag || o.short === flag);
  const given: GivenOption[] = [];
  const operands: string[] = [];
  const unknown: string[] = [];
  let dest = operands;
  for (let i = 0; i < argv.length; ) {
    const arg = argv[i++]!;
    if (arg === "--") {
      if (dest === unknown) dest.push(arg);
      dest.push(...argv.slice(i));
      break;
    }
    const word = readOptionWord(find, arg, argv[i]);
    given.push(...word.given);
    if (word.takesNext) {
      const last = given.pop()!;
      given.push(i < argv.length ? { option: last.option, value: argv[i++]! } : last);
    }
    if (word.unknown === undefined) continue;
    if (dest === operands && maybeOption(word.unknown)) dest = unknown;
    dest.push(word.unknown);
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
