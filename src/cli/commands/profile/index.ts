/** `tourney profile <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerAdd } from "./add.js";
import { registerList } from "./list.js";
import { registerRemove } from "./remove.js";
import { registerUse } from "./use.js";

export function registerProfile(program: Command, app: App): void {
  const noun = program
    .command("profile")
    .alias("profiles")
    .description("backends to talk to: the embedded `local` one, or remote services");
  registerList(noun, app);
  registerAdd(noun, app);
  registerUse(noun, app);
  registerRemove(noun, app);
}
