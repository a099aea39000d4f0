/** `tourney auth <verb>`: one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerLogin } from "./login.js";
import { registerLogout } from "./logout.js";
import { registerStatus } from "./status.js";
import { registerToken } from "./token.js";

const VERBS: readonly Verb[] = [
  { words: ["login"], register: registerLogin },
  { words: ["logout"], register: registerLogout },
  { words: ["status"], register: registerStatus },
  { words: ["token"], register: registerToken },
];

export function registerAuth(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("auth")
    .description("log in and out, and see or print the credentials of a profile");
  registerVerbs(noun, app, VERBS, verb);
}
