/** `tourney tournament reset-group-stage <tournament>`: change_state reset_group_stage. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerResetGroupStage(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "reset-group-stage",
    change: "reset_group_stage",
    description: "remove the group stage's matches and results, back to before it started",
  });
}
