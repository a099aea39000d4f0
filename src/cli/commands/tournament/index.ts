/** `tourney tournament <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerCreate } from "./create.js";
import { registerDelete } from "./delete.js";
import { registerList } from "./list.js";
import { registerUpdate } from "./update.js";
import { registerView } from "./view.js";

export function registerTournament(program: Command, app: App): void {
  const noun = program
    .command("tournament")
    .alias("tournaments")
    .description("create, list, view, update and delete tournaments");
  registerList(noun, app);
  registerView(noun, app);
  registerCreate(noun, app);
  registerUpdate(noun, app);
  registerDelete(noun, app);
}
