/** `tourney tournament process-checkin <tournament>`: change_state process_checkin. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerProcessCheckin(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "process-checkin",
    change: "process_checkin",
    description: "end check-in: participants not checked in are deactivated",
  });
}
