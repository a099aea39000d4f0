/** `tourney serve user add|list|remove|password`: accounts of the served database; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerUserAdd } from "./user-add.js";
import { registerUserList } from "./user-list.js";
import { registerUserPassword } from "./user-password.js";
import { registerUserRemove } from "./user-remove.js";

export function registerUserCommands(serve: Command, app: App): void {
  const noun = serve
    .command("user")
    .alias("users")
    .description("user accounts of `tourney serve` (each owns its tournaments, races, keys)");
  registerUserAdd(noun, app);
  registerUserList(noun, app);
  registerUserRemove(noun, app);
  registerUserPassword(noun, app);
}
