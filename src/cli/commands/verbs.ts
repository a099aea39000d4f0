/**
 * A noun's verbs with the words that invoke them (name and aliases), so that a
 * command line naming one builds only that verb (see NOUNS in run.ts). The
 * words must match the verb's own `.command()` and `.alias()` calls;
 * test/cli/command-tree.test.ts checks every table against the full tree.
 * A verb that is a group of its own (`tourney race round start`) gets the word
 * after it, and builds only the verb of the group that word names.
 */
import type { Command } from "commander";
import type { App } from "../app.js";

export interface Verb {
  readonly words: readonly string[];
  /** `next`: the word after the verb's (a group's verb), if any. */
  readonly register: (noun: Command, app: App, next?: string) => void;
}

/**
 * Registers every verb, or only the one `word` invokes when it invokes one
 * (handing it `next`, the word after it).
 */
export function registerVerbs(
  noun: Command,
  app: App,
  verbs: readonly Verb[],
  word: string | undefined,
  next?: string,
): void {
  const only = word === undefined ? undefined : verbs.find((verb) => verb.words.includes(word));
  if (only === undefined) for (const verb of verbs) verb.register(noun, app);
  else only.register(noun, app, next);
}
