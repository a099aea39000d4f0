/** `tourney auth logout`: forget a profile's stored credentials. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { targetProfile } from "../config/profile-name.js";

export interface AuthLogoutOptions {
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

export async function runAuthLogout(f: Factory, o: AuthLogoutOptions = {}): Promise<void> {
  const store = f.configStore();
  const profile = o.profile ?? targetProfile(f, store);
  const removed = store.credentials.remove(profile);
  f.printer().note(
    removed
      ? `Removed the credentials of profile ${profile}`
      : `Profile ${profile} had no stored credentials`,
  );
}

export function registerLogout(noun: Command, app: App): void {
  noun
    .command("logout")
    .description("forget the stored credentials of the profile")
    .action(async (_flags: unknown, command: Command) => runAuthLogout(app.factory(command)));
}
