/**
 * The part of a verb's help below its options: examples (every verb has at
 * least one; test/cli/verb-help.test.ts walks the tree), and whether it asks
 * anything at a terminal or needs `--yes` without one.
 */
import type { AddHelpTextContext, Command } from "commander";

/** What a destructive verb's help says (Factory.confirm asks; without a terminal it refuses). */
export const CONFIRMS =
  "Asks for confirmation first; --yes skips it (needed without a terminal or with --no-input).";

export interface VerbHelp {
  /**
   * Command lines, written after `tourney <noun> <verb>` (the command's own
   * path is prefixed). `{t}` stands for a tournament (`spring_cup`), or a race
   * (`spring_gp`) under `tourney race`. A line that runs `tourney` itself
   * (first, after a pipe, or in `$(...)`) is shown as written.
   */
  readonly examples: readonly string[];
  /** When the verb asks for confirmation (CONFIRMS, or a sentence of its own). */
  readonly confirms?: string;
  /** When the verb prompts for a missing value, and which flag answers it instead. */
  readonly prompts?: string;
  /** Any other paragraph, shown before the examples. */
  readonly note?: string;
}

/** `tourney tournament list`, from the command's place in the tree. */
export function commandPath(command: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = command; c !== null; c = c.parent) names.unshift(c.name());
  return names;
}

function exampleLine(path: readonly string[], example: string): string {
  const target = path[1] === "race" ? "spring_gp" : "spring_cup";
  const line = example.replaceAll("{t}", target);
  if (/(^|[|(] ?)tourney /.test(line)) return line;
  return `${path.join(" ")}${line === "" ? "" : ` ${line}`}`;
}

/** The text `addHelpText("after", ...)` shows for `help`. */
export function verbHelpText(command: Command, help: VerbHelp): string {
  const path = commandPath(command);
  const paragraphs = [help.note, help.prompts, help.confirms].filter(
    (p): p is string => p !== undefined,
  );
  const heading = help.examples.length === 1 ? "Example:" : "Examples:";
  const lines = help.examples.map((e) => `  ${exampleLine(path, e)}`);
  return `${paragraphs.map((p) => `\n${p}`).join("")}\n\n${heading}\n${lines.join("\n")}`;
}

/** For `.addHelpText("after", verbHelp({...}))`: rendered only when help is shown. */
export function verbHelp(help: VerbHelp): (context: AddHelpTextContext) => string {
  return (context) => verbHelpText(context.command, help);
}
