/** `tourney race reset <race>`: change_state reset. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerRaceStateVerb } from "./state-change.js";

export function registerReset(noun: Command, app: App): void {
  registerRaceStateVerb(noun, app, {
    verb: "reset",
    change: "reset",
    description: "back to pending: rounds and times removed, participants kept",
  });
}
