/**
 * `tourney login` and `tourney logout`: the same commands as `tourney auth login` and
 * `tourney auth logout`, at the top level where users look for them first.
 */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { defineLogin } from "./login.js";
import { defineLogout } from "./logout.js";

export function registerTopLevelLogin(program: Command, app: App): void {
  defineLogin(program.command("login"), app);
}

export function registerTopLevelLogout(program: Command, app: App): void {
  defineLogout(program.command("logout"), app);
}
