/** `tourney race round reset <race> <round>`: back to pending, its times cleared. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerRoundStateVerb } from "./state.js";

export function registerRoundReset(noun: Command, app: App): void {
  registerRoundStateVerb(noun, app, {
    verb: "reset",
    change: "reset",
    description: "back to pending: the round's times cleared",
  });
}
