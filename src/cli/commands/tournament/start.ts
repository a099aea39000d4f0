/** `tourney tournament start <tournament>`: change_state start. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerStart(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "start",
    change: "start",
    description: "start the tournament (or the final stage after finalize-group-stage)",
  });
}
