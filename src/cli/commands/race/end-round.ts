/** `tourney race end-round <race>`: change_state end_round. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerRaceStateVerb } from "./state-change.js";

export function registerEndRound(noun: Command, app: App): void {
  registerRaceStateVerb(noun, app, {
    verb: "end-round",
    change: "end_round",
    description:
      "finalize the current round (points by rank) and start the next; after the last, the race completes",
  });
}
