/** `tourney tournament finalize <tournament>`: change_state finalize. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerFinalize(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "finalize",
    change: "finalize",
    description: "end a tournament awaiting review: it becomes complete with final ranks",
  });
}
