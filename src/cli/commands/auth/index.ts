/** `tourney auth <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerLogin } from "./login.js";
import { registerLogout } from "./logout.js";
import { registerStatus } from "./status.js";

export function registerAuth(program: Command, app: App): void {
  const noun = program.command("auth").description("store or remove the credentials of a profile");
  registerLogin(noun, app);
  registerLogout(noun, app);
  registerStatus(noun, app);
}
