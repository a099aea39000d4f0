/**
 * `tourney station <verb>`: the stations of a tournament (tables, setups,
 * courts) and the match each plays; one file per verb; `queue` is a group of
 * its own (the matches waiting for a station).
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { addCommunityOption } from "../community-option.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerStationAssign } from "./assign.js";
import { registerStationCreate } from "./create.js";
import { registerStationDelete } from "./delete.js";
import { registerStationList } from "./list.js";
import { registerStationQueue } from "./queue/index.js";
import { registerStationUnassign } from "./unassign.js";
import { registerStationUpdate } from "./update.js";
import { registerStationView } from "./view.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerStationList },
  { words: ["view", "show"], register: registerStationView },
  { words: ["create"], register: registerStationCreate },
  { words: ["update", "edit"], register: registerStationUpdate },
  { words: ["delete", "rm"], register: registerStationDelete },
  { words: ["assign"], register: registerStationAssign },
  { words: ["unassign"], register: registerStationUnassign },
  { words: ["queue", "queuers"], register: registerStationQueue },
];

export function registerStation(program: Command, app: App, verb?: string, next?: string): void {
  const noun = program
    .command("station")
    .alias("stations")
    .description("stations of a tournament: create them, put matches on them, queue matches");
  registerVerbs(noun, app, VERBS, verb, next);
  addCommunityOption(noun);
}
