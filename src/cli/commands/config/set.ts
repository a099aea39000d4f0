/** `tourney config set <key> <value>`: change one setting of the profile. */
import type { Command } from "commander";
import { originOf } from "../../../config/credential-origin.js";
import type { ConfigStore } from "../../../config/store.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { targetProfile } from "./profile-name.js";

export interface ConfigSetOptions {
  readonly key: string;
  /** As typed; the config store checks it against the key. */
  readonly value: string;
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

export async function runConfigSet(f: Factory, o: ConfigSetOptions): Promise<void> {
  const store = f.configStore();
  const profile = o.profile ?? targetProfile(f, store);
  await store.set(profile, o.key, o.value);
  f.printer().note(`Set ${o.key} for profile ${profile}`);
  if (o.key === "base_url") noteCredentialsStay(f, store, profile);
  if (o.key === "auth_url") noteRefreshStays(f, store, profile);
}

/** A stored refresh token stays with its token endpoint's origin: said when that moves. */
function noteRefreshStays(f: Factory, store: ConfigStore, profile: string): void {
  const bound = store.credentials.get(profile)?.authOrigin;
  const now = originOf(String(store.get(profile, "auth_url") ?? store.get(profile, "base_url")));
  if (bound === undefined || bound === now) return;
  f.printer().note(
    `The refresh token stored for profile ${profile} is for the token endpoint at ${bound} and is not sent to ${now}; \`tourney login --profile ${profile}\` signs in there`,
  );
}

/**
 * Stored credentials stay with the origin they were stored for: said when the new base_url
 * is another, with the way to sign in there (they are not sent to it: resolve.ts).
 */
function noteCredentialsStay(f: Factory, store: ConfigStore, profile: string): void {
  const origin = store.credentials.get(profile)?.origin;
  const now = originOf(String(store.get(profile, "base_url")));
  if (origin === undefined || origin === now) return;
  f.printer().note(
    `The credentials stored for profile ${profile} are for ${origin} and are not sent to ${now}; \`tourney login --profile ${profile}\` signs in there`,
  );
}

export function registerConfigSet(noun: Command, app: App): void {
  printsNoJson(noun.command("set"), {
    prints: "a note on stderr",
    instead: "`tourney config list --json` shows the settings",
  })
    .description("change one setting")
    .argument("<key>", "setting name")
    .argument("<value>", "new value")
    .addHelpText(
      "after",
      verbHelp({ examples: ["timeout 30", "base_url https://tourney.example.org --profile lan"] }),
    )
    .action(async (key: string, value: string, _flags: unknown, command: Command) =>
      runConfigSet(app.factory(command), { key, value }),
    );
}
