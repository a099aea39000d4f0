/** `tourney tournament <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { addCommunityOption } from "../community-option.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerAbortCheckin } from "./abort-checkin.js";
import { registerChangeState } from "./change-state.js";
import { registerCreate } from "./create.js";
import { registerDelete } from "./delete.js";
import { registerExport } from "./export.js";
import { registerFinalize } from "./finalize.js";
import { registerFinalizeGroupStage } from "./finalize-group-stage.js";
import { registerImport } from "./import.js";
import { registerList } from "./list.js";
import { registerProcessCheckin } from "./process-checkin.js";
import { registerPublish } from "./publish.js";
import { registerPull } from "./pull.js";
import { registerReset } from "./reset.js";
import { registerResetGroupStage } from "./reset-group-stage.js";
import { registerStandings } from "./standings.js";
import { registerStart } from "./start.js";
import { registerStartGroupStage } from "./start-group-stage.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

const VERBS: readonly Verb[] = [
  { words: ["list", "ls"], register: registerList },
  { words: ["view", "show"], register: registerView },
  { words: ["create"], register: registerCreate },
  { words: ["update", "edit"], register: registerUpdate },
  { words: ["delete", "rm"], register: registerDelete },
  { words: ["start"], register: registerStart },
  { words: ["finalize"], register: registerFinalize },
  { words: ["reset"], register: registerReset },
  { words: ["start-group-stage"], register: registerStartGroupStage },
  { words: ["finalize-group-stage"], register: registerFinalizeGroupStage },
  { words: ["reset-group-stage"], register: registerResetGroupStage },
  { words: ["process-checkin"], register: registerProcessCheckin },
  { words: ["abort-checkin"], register: registerAbortCheckin },
  { words: ["change-state"], register: registerChangeState },
  { words: ["standings"], register: registerStandings },
  { words: ["export"], register: registerExport },
  { words: ["import"], register: registerImport },
  { words: ["publish"], register: registerPublish },
  { words: ["pull"], register: registerPull },
];

export function registerTournament(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("tournament")
    .alias("tournaments")
    .description("create, list, view, update, delete, start and finalize tournaments");
  registerVerbs(noun, app, VERBS, verb);
  addCommunityOption(noun);
}
