/** `tourney config list|get|set|unset`: settings of a profile; one file per verb. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { registerVerbs, type Verb } from "../verbs.js";
import { registerConfigGet } from "./get.js";
import { registerConfigList } from "./list.js";
import { registerConfigSet } from "./set.js";
import { registerConfigUnset } from "./unset.js";

const KEYS_HELP =
  "\nKeys: active_profile, backend (embedded|remote), base_url, db_path, timeout (seconds),\n  community (the community of tournament commands; --community and TOURNEY_COMMUNITY win)";

const VERBS: readonly Verb[] = [
  { words: ["list"], register: registerConfigList },
  { words: ["get"], register: registerConfigGet },
  { words: ["set"], register: registerConfigSet },
  { words: ["unset"], register: registerConfigUnset },
];

export function registerConfig(program: Command, app: App, verb?: string): void {
  const noun = program
    .command("config")
    .description("read and change settings (per profile)")
    .addHelpText("after", KEYS_HELP);
  registerVerbs(noun, app, VERBS, verb);
}
