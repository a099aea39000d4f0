/** `tourney serve community add|list|remove`: communities of the served database; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerCommunityAdd } from "./community-add.js";
import { registerCommunityList } from "./community-list.js";
import { registerCommunityRemove } from "./community-remove.js";

export function registerCommunityCommands(serve: Command, app: App): void {
  const noun = serve
    .command("community")
    .alias("communities")
    .description("communities that tournaments of `tourney serve` can be scoped to");
  registerCommunityAdd(noun, app);
  registerCommunityList(noun, app);
  registerCommunityRemove(noun, app);
}
