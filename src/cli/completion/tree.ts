/**
 * The command tree as shell completion sees it: words, aliases, options and
 * their fixed choices, read from the commander program. Completion scripts are
 * generated from it, so they never drift from the commands.
 */
import type { Argument, Command, Option } from "commander";
import { completesList, completionValues } from "../commands/choice-option.js";
import { type OutputFlagsTaken, outputFlagsTaken } from "../json-form.js";
import type { NameKind } from "./names.js";

export interface OptionSpec {
  /** Every spelling: "-j", "--json". */
  readonly names: readonly string[];
  readonly description: string;
  readonly takesValue: boolean;
  readonly choices: readonly string[];
  /** Names from the completion cache (`tourney __complete KIND`). */
  readonly cached?: NameKind;
  /**
   * The value is a comma-separated list (`--advancing Ada,Grace`, `--events a,b`): each item
   * is completed.
   */
  readonly list?: boolean;
  /** Offered at the top level only (`-V, --version`). */
  readonly topLevelOnly?: boolean;
}

/** Names of one kind, or (`watch`'s argument) tournaments then races. */
export type ArgumentNames = NameKind | "tournament,race";

/** A positional argument: cached names, fixed choices, or neither (files). */
export interface ArgumentSpec {
  readonly name: string;
  readonly cached?: ArgumentNames;
  readonly choices: readonly string[];
  readonly variadic: boolean;
}

export interface CommandNode {
  /** Path from the root, e.g. ["tournament", "list"]; [] for the program. */
  readonly path: readonly string[];
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly options: readonly OptionSpec[];
  readonly arguments: readonly ArgumentSpec[];
  readonly children: readonly CommandNode[];
  /**
   * What its participant and match names belong to: the tournament its first argument
   * names, or the race (`tourney race ... <race>`: `__complete --tournament race:WORD`).
   */
  readonly scope: "tournament" | "race";
  /** Whether it takes `--json` and `--jq`, as its declaration says (json-form.ts). */
  readonly output: OutputFlagsTaken;
}

/** Option values completed from the cache, by long name. */
const OPTION_NAMES: Readonly<Record<string, NameKind>> = {
  "--profile": "profile",
  "--participant": "participant",
  "--winner": "participant",
  "--ranks": "participant",
  "--advancing": "participant",
};

/** Options whose value is a comma-separated list of names (`--ranks Ada=1,Grace=2`). */
const LIST_OPTIONS = new Set(["--ranks", "--advancing"]);

/** Arguments completed from the cache, by name (`<name>` of `profile use` too). */
function argumentNames(argument: Argument, path: readonly string[]): ArgumentNames | undefined {
  const name = argument.name();
  // `tourney watch <tournament>` watches a race too (looked up after the tournaments).
  if (path.length === 1 && path[0] === "watch" && name === "tournament") return "tournament,race";
  if (name === "tournament" || name === "race" || name === "participant" || name === "match")
    return name;
  return path[0] === "profile" && name === "name" ? "profile" : undefined;
}

/** Names an option's value completes from the cache: by its long name, or `<profile>`. */
function optionNames(option: Option): NameKind | undefined {
  if (option.long !== undefined && option.long in OPTION_NAMES) return OPTION_NAMES[option.long];
  // `publish --to <profile>`, `pull --from <profile>`: a profile's name.
  return option.flags.endsWith(" <profile>") ? "profile" : undefined;
}

function optionSpec(option: Option): OptionSpec {
  const names = [option.short, option.long].filter((n): n is string => n !== undefined);
  const cached = optionNames(option);
  const list =
    (option.long !== undefined && LIST_OPTIONS.has(option.long)) || completesList(option);
  return {
    names,
    description: option.description,
    // An optional value (`--json [fields]`) never takes the next word (cli/json-argv.ts).
    takesValue: option.required,
    choices: completionValues(option),
    ...(cached === undefined ? {} : { cached }),
    ...(list ? { list: true } : {}),
    ...(option.long === "--version" ? { topLevelOnly: true } : {}),
  };
}

function hidden(command: Command): boolean {
  return (command as unknown as { _hidden?: boolean })._hidden === true;
}

function visibleOptions(command: Command): OptionSpec[] {
  return command.options
    .filter((o) => !o.hidden && !o.negate)
    .map(optionSpec)
    .concat(
      command.options
        .filter((o) => !o.hidden && o.negate)
        .map((o) => ({ ...optionSpec(o), takesValue: false })),
    );
}

export function commandTree(program: Command, path: readonly string[] = []): CommandNode {
  return {
    path,
    name: program.name(),
    aliases: program.aliases(),
    description: program.description().split("\n")[0] ?? "",
    options: [
      ...visibleOptions(program),
      { names: ["-h", "--help"], description: "display help", takesValue: false, choices: [] },
    ],
    arguments: program.registeredArguments.map((a) => {
      const cached = argumentNames(a, path);
      return {
        name: a.name(),
        choices: a.argChoices ?? [],
        variadic: a.variadic,
        ...(cached === undefined ? {} : { cached }),
      };
    }),
    children: program.commands
      .filter((c) => !hidden(c) && c.name() !== "help")
      .map((c) => commandTree(c, [...path, c.name()])),
    scope: program.registeredArguments[0]?.name() === "race" ? "race" : "tournament",
    output: outputFlagsTaken(program),
  };
}

/**
 * The program's options a command inherits (all but the top-level-only ones): those its
 * command line may hold, so a script reading the line skips an option's value.
 */
export function inherited(root: CommandNode): OptionSpec[] {
  return root.options.filter((o) => !o.topLevelOnly);
}

/**
 * The options offered after `node`'s words: its own and those it inherits, but `--json` and
 * `--jq` only where it takes them (a command printing no JSON refuses both; `watch` takes
 * bare `--json` only). The program offers all its own.
 */
export function offered(root: CommandNode, node: CommandNode): OptionSpec[] {
  if (node === root) return [...root.options];
  const refused = [...(node.output.json ? [] : ["--json"]), ...(node.output.jq ? [] : ["--jq"])];
  return [...node.options, ...inherited(root)].filter(
    (o) => !o.names.some((name) => refused.includes(name)),
  );
}

/** The spellings of the output flags (`--json`, `-q`, `--jq`), as the program declares them. */
export function outputFlagNames(root: CommandNode): string[] {
  return root.options
    .filter((o) => o.names.includes("--json") || o.names.includes("--jq"))
    .flatMap((o) => o.names);
}

/** What `node` offers with one of its `refusedWith` options on the line: no output flags. */
export function offeredWithoutOutput(root: CommandNode, node: CommandNode): OptionSpec[] {
  const output = outputFlagNames(root);
  return offered(root, node).filter((o) => !o.names.some((name) => output.includes(name)));
}

/** Every node, parents before children. */
export function walk(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(walk)];
}

/** A shell-safe identifier for a node's path: "tournament list" -> "tournament__list". */
export function keyOf(node: CommandNode): string {
  return node.path.length === 0 ? "_root" : node.path.join("__").replace(/[^A-Za-z0-9_]/g, "_");
}
