/**
 * `tourney race <verb>`: one file per verb; `participants`, `round` and `times`
 * are groups of verbs of their own (participants: the `tourney participants` verbs).
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerCreate } from "./create.js";
import { registerDelete } from "./delete.js";
import { registerEndRound } from "./end-round.js";
import { registerExport } from "./export.js";
import { registerImport } from "./import.js";
import { registerList } from "./list.js";
import { registerRaceParticipants } from "./participants.js";
import { registerPublish } from "./publish.js";
import { registerReset } from "./reset.js";
import { registerRound } from "./round/index.js";
import { registerStandings } from "./standings.js";
import { registerStart } from "./start.js";
import { registerTimes } from "./times/index.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";
import { registerRaceWatch } from "./watch.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["view", "show"], register: registerView },
  { words: ["create"], register: registerCreate },
  { words: ["update", "edit"], register: registerUpdate },
  { words: ["delete", "rm"], register: registerDelete },
  { words: ["start"], register: registerStart },
  { words: ["reset"], register: registerReset },
  { words: ["end-round"], register: registerEndRound },
  { words: ["standings"], register: registerStandings },
  { words: ["participants", "participant"], register: registerRaceParticipants },
  { words: ["round", "rounds"], register: registerRound },
  { words: ["times", "time"], register: registerTimes },
  { words: ["watch"], register: registerRaceWatch },
  { words: ["export"], register: registerExport },
  { words: ["import"], register: registerImport },
  { words: ["publish"], register: registerPublish },
];

export function registerRace(program: Command, app: App, verb?: string, next?: string): void {
  const noun = program
    .command("race")
    .alias("races")
    .description("run races: time trials and grand prix, their rounds and times");
  registerVerbs(noun, app, VERBS, verb, next);
}
