/** `tourney profile <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerAdd } from "./add.js";
import { registerList } from "./list.js";
import { registerRemove } from "./remove.js";
import { registerUse } from "./use.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["add"], register: registerAdd },
  { words: ["use", "switch"], register: registerUse },
  { words: ["remove", "rm"], register: registerRemove },
];

export function registerProfile(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("profile")
    .alias("profiles")
    .description("backends to talk to: the embedded `local` one, or remote services");
  registerVerbs(noun, app, VERBS, verb);
}
