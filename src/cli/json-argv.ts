/**
 * `--json` takes its fields as an optional value (`--json id,name`), yet a bare `--json`
 * must never swallow a word the command line needs (`tourney --json tournament list`,
 * `tourney tournament view --json cup`). Before commander parses, each `--json` whose
 * next word is its field list is joined to it (`--json=id,name`); any other `--json`
 * becomes `--json=`, which commander reads as bare. The rule (docs/scripting.md): the next
 * word is the field list when it is names of letters, digits and `_` separated by commas
 * (dots too: `timestamps.created_at` is read as a field list, which json-fields.ts then
 * refuses naming `timestamps` and the --jq that reaches it), unless it names a command or the command needs it as a required argument. So
 * `tournament view --json cup` views `cup`, `completion --json bash` reaches completion's
 * refusal of --json, and `tournament view cup --json id` selects `id`. The command is
 * found by walking the words through the tree as built (run.ts builds the noun named),
 * skipping the values of the options that take one. A field list read where an argument
 * was meant fails as an unknown field: fieldListHint says then how to write it.
 */
import type { Command, Option } from "commander";
import { HintedError } from "./errors.js";
import { readOptionWord } from "./option-words.js";
import { UnknownJsonFieldError } from "./output/json-fields.js";

/**
 * Names, or dotted paths of names (refused later with a --jq hint), comma-separated; an
 * empty item too (`id,,name`, `id,`), refused later naming it (json-fields.ts
 * parseJsonFields): before, `tournament list --json id,,name` left the word to the command,
 * which said "too many arguments for 'list'", never mentioning the empty field.
 */
export const FIELD_LIST = /^,*[A-Za-z_]\w*(\.\w+)*(,+[A-Za-z_]\w*(\.\w+)*)*,*$/;

/** The subcommand `word` names under `group` (its name or an alias). */
function subcommand(group: Command, word: string): Command | undefined {
  return group.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/** Whether `word` names a command under `group` (or asks for help) rather than an argument. */
function namesCommand(group: Command, word: string): boolean {
  return word === "help" || subcommand(group, word) !== undefined;
}

/** The option written `flag` ("--name", "-q") of `command` or of a command above it. */
function optionOf(command: Command, flag: string): Option | undefined {
  for (let c: Command | null = command; c !== null; c = c.parent) {
    const option = c.options.find((o) => o.long === flag || o.short === flag);
    if (option !== undefined) return option;
  }
  return undefined;
}

/**
 * Whether option word `arg` takes the word after it as its value (`--name Cup`, `-vq .id`),
 * read as commander reads it (option-words.ts), with the options of `command` and above.
 */
function takesNext(command: Command, arg: string, next: string | undefined): boolean {
  return readOptionWord((flag) => optionOf(command, flag), arg, next).takesNext;
}

/** A `--json` followed by a word that may be its field list, and the command it is under. */
interface Candidate {
  readonly index: number;
  readonly under: Command;
}

/** The command a command line runs, its operands, and its `--json` followed by names. */
interface Walk {
  readonly command: Command;
  readonly operands: number;
  readonly candidates: readonly Candidate[];
}

function walk(argv: readonly string[], program: Command): Walk {
  let command = program;
  let settled = program.commands.length === 0;
  let operands = 0;
  const candidates: Candidate[] = [];
  let i = 0;
  for (; i < argv.length && argv[i] !== "--"; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (arg === "--json") {
      if (next !== undefined && FIELD_LIST.test(next) && (settled || !namesCommand(command, next)))
        candidates.push({ index: i++, under: command });
    } else if (arg.startsWith("-") && arg !== "-") {
      if (takesNext(command, arg, next)) i++;
    } else if (!settled && subcommand(command, arg) !== undefined) {
      command = subcommand(command, arg)!;
      settled = command.commands.length === 0;
    } else {
      settled = true;
      operands++;
    }
  }
  return { command, operands: operands + Math.max(0, argv.length - i - 1), candidates };
}

interface FieldLists {
  /** The indexes of the `--json` words whose next word is their field list. */
  readonly lists: ReadonlySet<number>;
  /** Those whose word the command could also have taken as an optional argument. */
  readonly ambiguous: readonly number[];
}

function fieldLists(argv: readonly string[], program: Command): FieldLists {
  const { command, operands, candidates } = walk(argv, program);
  const declared = command.registeredArguments;
  const required = declared.filter((a) => a.required).length;
  const room = declared.at(-1)?.variadic ? Number.POSITIVE_INFINITY : declared.length;
  let taken = operands;
  const lists = new Set<number>();
  const ambiguous: number[] = [];
  for (const { index, under } of candidates) {
    if (under === command && taken < required) taken++;
    else lists.add(index);
  }
  for (const { index, under } of candidates)
    if (lists.has(index) && under === command && taken < room) ambiguous.push(index);
  return { lists, ambiguous };
}

/** The command line with each `--json` as `--json=FIELDS` or `--json=` (bare). */
export function attachJsonFields(argv: readonly string[], program: Command): string[] {
  const { lists } = fieldLists(argv, program);
  const end = argv.indexOf("--");
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== "--json" || (end !== -1 && i > end)) out.push(arg);
    else if (lists.has(i)) out.push(`--json=${argv[++i]}`);
    else out.push("--json=");
  }
  return out;
}

/**
 * An unknown field read from the word after `--json` where the command could also take
 * it as an optional argument (`match report cup --json A`, the match being optional):
 * the error then says how to write that argument.
 */
export function fieldListHint(error: unknown, argv: readonly string[], program: Command): unknown {
  if (!(error instanceof UnknownJsonFieldError)) return error;
  const index = fieldLists(argv, program).ambiguous.at(-1);
  if (index === undefined) return error;
  const word = argv[index + 1]!;
  return new HintedError(
    error,
    `\`--json ${word}\` read ${word} as its field list; if ${word} is an argument, put --json after the arguments or write \`--json= ${word}\``,
  );
}
