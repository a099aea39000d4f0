import type { Command } from "commander";
import type { ProfileInput } from "../../../config/store.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";

export function registerAdd(noun: Command, app: App): void {
  noun
    .command("add")
    .description("add a profile: remote with --base-url, or embedded with its own database")
    .argument("<name>", "profile name (a-z, 0-9, _ and -)")
    .option("--base-url <url>", "the service's base URL (remote backend)")
    .option("--db <file>", "database file (embedded backend)")
    .option("--timeout <seconds>", "response timeout for a remote service")
    .addHelpText("after", "\nThen store its API key: tourney auth login --profile NAME < key.txt")
    .action(
      async (
        name: string,
        options: { baseUrl?: string; db?: string; timeout?: string },
        command: Command,
      ) => {
        const f = app.factory(command);
        // --base-url is also a global flag; here it belongs to the new profile.
        const baseUrl = options.baseUrl ?? f.globals.baseUrl;
        const input: ProfileInput = {};
        if (baseUrl !== undefined) input.baseUrl = baseUrl;
        if (options.db !== undefined) input.dbPath = options.db;
        if (options.timeout !== undefined) {
          if (!/^\d+$/.test(options.timeout))
            throw new UsageError("--timeout needs a whole number of seconds");
          input.timeout = Number(options.timeout);
        }
        await f.configStore().addProfile(name, input);
        f.printer().note(
          `Added profile ${name}; \`tourney profile use ${name}\` makes it the default`,
        );
      },
    );
}
