/** `tourney participants <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerAdd } from "./add.js";
import { registerBulkAdd } from "./bulk-add.js";
import { registerCheckIn } from "./check-in.js";
import { registerClear } from "./clear.js";
import { registerDelete } from "./delete.js";
import { registerList } from "./list.js";
import { registerRandomize } from "./randomize.js";
import { registerRegister } from "./register.js";
import { registerUndoCheckIn } from "./undo-check-in.js";
import { registerUnregister } from "./unregister.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

export function registerParticipants(program: Command, app: App): void {
  const noun = program
    .command("participants")
    .alias("participant")
    .description("add, list, seed, check in and remove the participants of a tournament");
  registerList(noun, app);
  registerView(noun, app);
  registerAdd(noun, app);
  registerBulkAdd(noun, app);
  registerUpdate(noun, app);
  registerDelete(noun, app);
  registerClear(noun, app);
  registerRandomize(noun, app);
  registerCheckIn(noun, app);
  registerUndoCheckIn(noun, app);
  registerRegister(noun, app);
  registerUnregister(noun, app);
}
