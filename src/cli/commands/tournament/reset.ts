/** `tourney tournament reset <tournament>`: change_state reset. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerReset(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "reset",
    change: "reset",
    description:
      "back to before the start: matches and results removed, participants and check-ins kept",
  });
}
