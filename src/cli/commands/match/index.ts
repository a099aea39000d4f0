/** `tourney match <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerList } from "./list.js";
import { registerMarkUnderway } from "./mark-underway.js";
import { registerReopen } from "./reopen.js";
import { registerReport } from "./report.js";
import { registerUnmarkUnderway } from "./unmark-underway.js";
import { registerView } from "./view.js";

export function registerMatch(program: Command, app: App): void {
  const noun = program
    .command("match")
    .alias("matches")
    .description("list, view and report matches; reopen them; mark them underway");
  registerList(noun, app);
  registerView(noun, app);
  registerReport(noun, app);
  registerReopen(noun, app);
  registerMarkUnderway(noun, app);
  registerUnmarkUnderway(noun, app);
}
