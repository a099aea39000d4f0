/** `tourney config unset <key>`: remove a setting so its default applies. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { targetProfile } from "./profile-name.js";

export interface ConfigUnsetOptions {
  readonly key: string;
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

export async function runConfigUnset(f: Factory, o: ConfigUnsetOptions): Promise<void> {
  const store = f.configStore();
  const profile = o.profile ?? targetProfile(f, store);
  await store.unset(profile, o.key);
  f.printer().note(`Unset ${o.key} for profile ${profile}`);
}

export function registerConfigUnset(noun: Command, app: App): void {
  printsNoJson(noun.command("unset"), {
    prints: "a note on stderr",
    instead: "`tourney config list --json` shows the settings",
  })
    .description("remove a setting so its default applies")
    .argument("<key>", "setting name")
    .addHelpText("after", verbHelp({ examples: ["timeout"] }))
    .action(async (key: string, _flags: unknown, command: Command) =>
      runConfigUnset(app.factory(command), { key }),
    );
}
