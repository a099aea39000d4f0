/** `tourney serve key create|list|revoke`: API keys of the served database; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerKeyCreate } from "./key-create.js";
import { registerKeyList } from "./key-list.js";
import { registerKeyRevoke } from "./key-revoke.js";

export function registerKeyCommands(serve: Command, app: App): void {
  const noun = serve
    .command("key")
    .alias("keys")
    .description("API keys that `tourney serve` accepts");
  registerKeyCreate(noun, app);
  registerKeyList(noun, app);
  registerKeyRevoke(noun, app);
}
