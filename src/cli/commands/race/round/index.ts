/** `tourney race round <verb>`: the rounds of a race; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerVerbs, type Verb } from "../../verbs.js";
import { registerRoundFinalize } from "./finalize.js";
import { registerRoundList } from "./list.js";
import { registerRoundReset } from "./reset.js";
import { registerRoundStart } from "./start.js";
import { registerRoundView } from "./view.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerRoundList },
  { words: ["view", "show"], register: registerRoundView },
  { words: ["start"], register: registerRoundStart },
  { words: ["finalize"], register: registerRoundFinalize },
  { words: ["reset"], register: registerRoundReset },
];

export function registerRound(race: Command, app: App, verb?: string): void {
  const noun = race
    .command("round")
    .alias("rounds")
    .description("list, view, start, finalize and reset the rounds of a race");
  registerVerbs(noun, app, VERBS, verb);
}
