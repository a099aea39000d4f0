/** `tourney tournament abort-checkin <tournament>`: change_state abort_checkin. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerAbortCheckin(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "abort-checkin",
    change: "abort_checkin",
    description: "cancel check-in: back to pending, every check-in undone",
  });
}
