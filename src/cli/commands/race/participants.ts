/**
 * `tourney race participants <verb>`: the participant verbs of `tourney
 * participants` (list, view, add, bulk-add, update, delete, clear, randomize),
 * the same verbs, serving a race's participants.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { ownedVerbs } from "../participants/index.js";
import { RACE_OWNER } from "../participants/participant-owner.js";
import { registerVerbs } from "../verbs.js";

export function registerRaceParticipants(race: Command, app: App, verb?: string): void {
  const noun = race
    .command("participants")
    .alias("participant")
    .description("add, list, seed and remove the participants of a race");
  registerVerbs(noun, app, ownedVerbs(RACE_OWNER), verb);
}
