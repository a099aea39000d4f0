/** `tourney config get <key>`: one setting's value, alone on stdout. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { targetProfile } from "./profile-name.js";

export interface ConfigGetOptions {
  readonly key: string;
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

export async function runConfigGet(f: Factory, o: ConfigGetOptions): Promise<void> {
  const store = f.configStore();
  const value = store.get(o.profile ?? targetProfile(f, store), o.key);
  if (f.globals.json) f.printer().json({ key: o.key, value: value ?? null });
  else f.io.stdout.write(`${value ?? ""}\n`);
}

export function registerConfigGet(noun: Command, app: App): void {
  noun
    .command("get")
    .description("print one setting")
    .argument("<key>", "setting name")
    .addHelpText("after", verbHelp({ examples: ["base_url", "timeout --profile lan"] }))
    .action(async (key: string, _flags: unknown, command: Command) =>
      runConfigGet(app.factory(command), { key }),
    );
}
