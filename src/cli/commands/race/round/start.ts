/** `tourney race round start <race> <round>`: the round opens, one time per participant. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerRoundStateVerb } from "./state.js";

export function registerRoundStart(noun: Command, app: App): void {
  registerRoundStateVerb(noun, app, {
    verb: "start",
    change: "start",
    description: "start a round: one time per participant, to be filled in",
  });
}
