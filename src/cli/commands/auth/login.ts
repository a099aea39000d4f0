import type { Command } from "commander";
import { ConfigStore } from "../../../config/store.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { targetProfile } from "../config/profile-name.js";

/** Secrets are never read from a flag value: from a hidden prompt, or stdin. */
async function readKey(f: Factory): Promise<string> {
  if (f.io.stdin.isTTY) {
    if (!f.canPrompt())
      throw new UsageError("pipe the API key on stdin: tourney auth login < key.txt");
    const { default: inquirer } = await import("inquirer");
    const prompt = inquirer.createPromptModule({ output: process.stderr });
    const { key } = await prompt<{ key: string }>([
      { type: "password", name: "key", message: "API key:", mask: "*" },
    ]);
    return key.trim();
  }
  return (await f.readStdin()).trim();
}

export function registerLogin(noun: Command, app: App): void {
  noun
    .command("login")
    .description("store an API key for the profile (read from stdin or a hidden prompt)")
    .addHelpText("after", "\nExample:\n  tourney auth login --profile lan < key.txt")
    .action(async (_options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = new ConfigStore(f.paths);
      const profile = targetProfile(f, store);
      if (!store.hasProfile(profile)) store.activeProfile(); // validates config.json early
      const key = await readKey(f);
      if (key === "" || /\s/.test(key))
        throw new UsageError("the API key is empty or has spaces; pipe exactly the key on stdin");
      store.credentials.setApiKey(profile, key);
      f.printer().note(`Stored the API key for profile ${profile}`);
    });
}
