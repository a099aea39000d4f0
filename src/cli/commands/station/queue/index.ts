/** `tourney station queue <verb>`: the matches waiting for a station; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../../app.js";
import { registerVerbs, type Verb } from "../../verbs.js";
import { registerQueueAdd } from "./add.js";
import { registerQueueList } from "./list.js";
import { registerQueueMove } from "./move.js";
import { registerQueueRemove } from "./remove.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerQueueList },
  { words: ["add"], register: registerQueueAdd },
  { words: ["move"], register: registerQueueMove },
  { words: ["remove", "rm"], register: registerQueueRemove },
];

export function registerStationQueue(station: Command, app: App, verb?: string): void {
  const noun = station
    .command("queue")
    .alias("queuers")
    .description("list, add, move and remove the matches waiting for a station");
  registerVerbs(noun, app, VERBS, verb);
}
