import type { Command } from "commander";
import type { App } from "../../app.js";

export function registerRemove(noun: Command, app: App): void {
  noun
    .command("remove")
    .alias("rm")
    .description("remove a profile and its stored credentials")
    .argument("<name>", "profile name")
    .action(async (name: string, _options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      await f.confirm(`Remove profile ${name} and its stored credentials?`);
      await store.removeProfile(name);
      f.printer().note(`Removed profile ${name}`);
    });
}
