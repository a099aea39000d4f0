/** `tourney race round finalize <race> <round>`: the round completes; points by rank. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerRoundStateVerb } from "./state.js";

export function registerRoundFinalize(noun: Command, app: App): void {
  registerRoundStateVerb(noun, app, {
    verb: "finalize",
    change: "finalize",
    description: "complete a round: ranks by time, points by rank unless given",
  });
}
