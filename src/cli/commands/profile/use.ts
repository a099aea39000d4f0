/** `tourney profile use <name>`: the active profile. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";

export interface ProfileUseOptions {
  readonly name: string;
}

export async function runProfileUse(f: Factory, o: ProfileUseOptions): Promise<void> {
  await f.configStore().useProfile(o.name);
  f.printer().note(`Active profile: ${o.name}`);
}

export function registerUse(noun: Command, app: App): void {
  printsNoJson(noun.command("use"), {
    prints: "a note on stderr",
    instead: "`tourney profile list --json` shows the profiles",
  })
    .alias("switch")
    .description("make a profile the active one")
    .argument("<name>", "profile name")
    .addHelpText("after", verbHelp({ examples: ["lan", "local"] }))
    .action(async (name: string, _flags: unknown, command: Command) =>
      runProfileUse(app.factory(command), { name }),
    );
}
