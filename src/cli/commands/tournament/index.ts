/** `tourney tournament <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerAbortCheckin } from "./abort-checkin.js";
import { registerChangeState } from "./change-state.js";
import { registerCreate } from "./create.js";
import { registerDelete } from "./delete.js";
import { registerFinalize } from "./finalize.js";
import { registerFinalizeGroupStage } from "./finalize-group-stage.js";
import { registerList } from "./list.js";
import { registerProcessCheckin } from "./process-checkin.js";
import { registerReset } from "./reset.js";
import { registerResetGroupStage } from "./reset-group-stage.js";
import { registerStandings } from "./standings.js";
import { registerStart } from "./start.js";
import { registerStartGroupStage } from "./start-group-stage.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

export function registerTournament(program: Command, app: App): void {
  const noun = program
    .command("tournament")
    .alias("tournaments")
    .description("create, list, view, update, delete, start and finalize tournaments");
  registerList(noun, app);
  registerView(noun, app);
  registerCreate(noun, app);
  registerUpdate(noun, app);
  registerDelete(noun, app);
  registerStart(noun, app);
  registerFinalize(noun, app);
  registerReset(noun, app);
  registerStartGroupStage(noun, app);
  registerFinalizeGroupStage(noun, app);
  registerResetGroupStage(noun, app);
  registerProcessCheckin(noun, app);
  registerAbortCheckin(noun, app);
  registerChangeState(noun, app);
  registerStandings(noun, app);
}
