/** `tourney race times <verb>`: the elapsed times of a race's rounds; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerVerbs, type Verb } from "../../verbs.js";
import { registerTimesBulkUpdate } from "./bulk-update.js";
import { registerTimesList } from "./list.js";
import { registerTimesUpdate } from "./update.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerTimesList },
  { words: ["update", "edit"], register: registerTimesUpdate },
  { words: ["bulk-update"], register: registerTimesBulkUpdate },
];

export function registerTimes(race: Command, app: App, verb?: string): void {
  const noun = race
    .command("times")
    .alias("time")
    .description("list and set the elapsed times of a round");
  registerVerbs(noun, app, VERBS, verb);
}
