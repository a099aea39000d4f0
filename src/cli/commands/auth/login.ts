/** `tourney auth login`: store an API key for a profile. */
import type { Command } from "commander";
import { DEFAULT_PROFILE } from "../../../config/settings.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { targetProfile } from "../config/profile-name.js";

/** Secrets are never read from a flag value: from a hidden prompt, or stdin. */
async function readKey(f: Factory, profile: string): Promise<string> {
  if (f.io.stdin.isTTY) {
    if (!f.canPrompt()) {
      const flag = profile === DEFAULT_PROFILE ? "" : ` --profile ${profile}`;
      throw new UsageError(`pipe the API key on stdin: tourney auth login${flag} < key.txt`);
    }
    return (await f.prompter().password("API key:")).trim();
  }
  return (await f.readStdin()).trim();
}

export interface AuthLoginOptions {
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

/** Stores the key read from stdin, or from a hidden prompt on a terminal. */
export async function runAuthLogin(f: Factory, o: AuthLoginOptions = {}): Promise<void> {
  const store = f.configStore();
  const profile = o.profile ?? targetProfile(f, store);
  if (!store.hasProfile(profile)) store.activeProfile(); // validates config.json early
  const key = await readKey(f, profile);
  if (key === "" || /\s/.test(key))
    throw new UsageError("the API key is empty or has spaces; pipe exactly the key on stdin");
  store.credentials.setApiKey(profile, key);
  f.printer().note(`Stored the API key for profile ${profile}`);
}

export function registerLogin(noun: Command, app: App): void {
  noun
    .command("login")
    .description("store an API key for the profile (read from stdin or a hidden prompt)")
    .addHelpText("after", "\nExample:\n  tourney auth login --profile lan < key.txt")
    .action(async (_flags: unknown, command: Command) => runAuthLogin(app.factory(command)));
}
