/** `tourney config list`: every setting of the profile, with its value and where it comes from. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { targetProfile } from "./profile-name.js";

export interface ConfigListOptions {
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

export async function runConfigList(f: Factory, o: ConfigListOptions = {}): Promise<void> {
  const store = f.configStore();
  const entries = store.list(o.profile ?? targetProfile(f, store));
  await f.printer().list(
    entries.map((e) => ({ id: e.key, key: e.key, value: e.value ?? null, source: e.source })),
    [
      { header: "KEY", value: "key" },
      { header: "VALUE", value: "value" },
      { header: "SOURCE", value: "source" },
    ],
  );
}

export function registerConfigList(noun: Command, app: App): void {
  noun
    .command("list")
    .description("every setting of the profile with its value")
    .addHelpText("after", verbHelp({ examples: ["", "--profile lan"] }))
    .action(async (_flags: unknown, command: Command) => runConfigList(app.factory(command)));
}
