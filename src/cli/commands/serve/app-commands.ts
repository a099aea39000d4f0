/** `tourney serve app add|list|remove`: OAuth applications of the served database; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerAppAdd } from "./app-add.js";
import { registerAppList } from "./app-list.js";
import { registerAppRemove } from "./app-remove.js";

export function registerAppCommands(serve: Command, app: App): void {
  const noun = serve
    .command("app")
    .alias("apps")
    .description("OAuth applications that may ask `tourney serve` for tokens");
  registerAppAdd(noun, app);
  registerAppList(noun, app);
  registerAppRemove(noun, app);
}
