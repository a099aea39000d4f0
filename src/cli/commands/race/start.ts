/** `tourney race start <race>`: change_state start. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerRaceStateVerb } from "./state-change.js";

export function registerStart(noun: Command, app: App): void {
  registerRaceStateVerb(noun, app, {
    verb: "start",
    change: "start",
    description: "start the race: its first round opens, one time per participant",
  });
}
