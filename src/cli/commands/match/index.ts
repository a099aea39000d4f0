/** `tourney match <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { addCommunityOption } from "../community-option.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerList } from "./list.js";
import { registerMarkUnderway } from "./mark-underway.js";
import { registerReopen } from "./reopen.js";
import { registerReport } from "./report.js";
import { registerUnmarkUnderway } from "./unmark-underway.js";
import { registerView } from "./view.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["view", "show"], register: registerView },
  { words: ["report"], register: registerReport },
  { words: ["reopen"], register: registerReopen },
  { words: ["mark-underway"], register: registerMarkUnderway },
  { words: ["unmark-underway"], register: registerUnmarkUnderway },
];

export function registerMatch(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("match")
    .alias("matches")
    .description("list, view and report matches; reopen them; mark them underway");
  registerVerbs(noun, app, VERBS, verb);
  addCommunityOption(noun);
}
