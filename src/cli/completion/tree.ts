/**
 * The command tree as shell completion sees it: words, aliases, options and
 * their fixed choices, read from the commander program. Completion scripts are
 * generated from it, so they never drift from the commands.
 */
import type { Command, Option } from "commander";

export interface OptionSpec {
  /** Every spelling: "-j", "--json". */
  readonly names: readonly string[];
  readonly description: string;
  readonly takesValue: boolean;
  readonly choices: readonly string[];
}

export interface CommandNode {
  /** Path from the root, e.g. ["tournament", "list"]; [] for the program. */
  readonly path: readonly string[];
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly options: readonly OptionSpec[];
  readonly children: readonly CommandNode[];
}

function optionSpec(option: Option): OptionSpec {
  const names = [option.short, option.long].filter((n): n is string => n !== undefined);
  return {
    names,
    description: option.description,
    // An optional value (`--json [fields]`) never takes the next word (cli/json-argv.ts).
    takesValue: option.required,
    choices: option.argChoices ?? [],
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
    children: program.commands
      .filter((c) => !hidden(c) && c.name() !== "help")
      .map((c) => commandTree(c, [...path, c.name()])),
  };
}

/** Every node, parents before children. */
export function walk(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(walk)];
}

/** A shell-safe identifier for a node's path: "tournament list" -> "tournament__list". */
export function keyOf(node: CommandNode): string {
  return node.path.length === 0 ? "_root" : node.path.join("__").replace(/[^A-Za-z0-9_]/g, "_");
}
