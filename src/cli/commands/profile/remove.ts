/** `tourney profile remove <name>`: confirms, then removes a profile and its credentials. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";

export interface ProfileRemoveOptions {
  readonly name: string;
}

export async function runProfileRemove(f: Factory, o: ProfileRemoveOptions): Promise<void> {
  const store = f.configStore();
  // Before asking: a profile not there is said so (exit 2), not "pass --yes" (review I #13).
  store.checkRemovable(o.name);
  await f.confirm(`Remove profile ${o.name} and its stored credentials?`);
  await store.removeProfile(o.name);
  f.printer().note(`Removed profile ${o.name}`);
}

export function registerRemove(noun: Command, app: App): void {
  printsNoJson(noun.command("remove"), {
    prints: "a note on stderr",
    instead: "`tourney profile list --json` shows the profiles",
  })
    .alias("rm")
    .description("remove a profile and its stored credentials")
    .argument("<name>", "profile name")
    .addHelpText("after", verbHelp({ examples: ["lan", "lan --yes"], confirms: CONFIRMS }))
    .action(async (name: string, _flags: unknown, command: Command) =>
      runProfileRemove(app.factory(command), { name }),
    );
}
