/** `tourney tournament start-group-stage <tournament>`: change_state start_group_stage. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerStartGroupStage(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "start-group-stage",
    change: "start_group_stage",
    description: "start the group stage of a tournament with group_stage_enabled",
  });
}
