import type { Command } from "commander";
import type { App } from "../../app.js";

export function registerUse(noun: Command, app: App): void {
  noun
    .command("use")
    .alias("switch")
    .description("make a profile the active one")
    .argument("<name>", "profile name")
    .action(async (name: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      await f.configStore().useProfile(name);
      f.printer().note(`Active profile: ${name}`);
    });
}
