/** `tourney tournament finalize-group-stage <tournament>`: change_state finalize_group_stage. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerStateVerb } from "./state-change.js";

export function registerFinalizeGroupStage(noun: Command, app: App): void {
  registerStateVerb(noun, app, {
    verb: "finalize-group-stage",
    change: "finalize_group_stage",
    description: "close the group stage once every group match is complete",
  });
}
