/**
 * A noun's verbs with the words that invoke them (name and aliases), so that a
 * command line naming one builds only that verb (see NOUNS in run.ts). The
 * words must match the verb's own `.command()` and `.alias()` calls;
 * test/cli/command-tree.test.ts checks every table against the full tree.
 */
import type { Command } from "commander";
import type { App } from "../app.js";

export interface Verb {
  readonly words: readonly string[];
  readonly register: (noun: Command, app: App) => void;
}

/** Registers every verb, or only the one `word` invokes when it invokes one. */
export function registerVerbs(
  noun: Command,
  app: App,
  verbs: readonly Verb[],
  word: string | undefined,
): void {
  const only = word === undefined ? undefined : verbs.find((verb) => verb.words.includes(word));
  for (const verb of only === undefined ? verbs : [only]) verb.register(noun, app);
}
