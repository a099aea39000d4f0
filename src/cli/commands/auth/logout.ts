import type { Command } from "commander";
import type { App } from "../../app.js";
import { targetProfile } from "../config/profile-name.js";

export function registerLogout(noun: Command, app: App): void {
  noun
    .command("logout")
    .description("forget the stored credentials of the profile")
    .action(async (_options: unknown, command: Command) => {
      const f = app.factory(command);
      const store = f.configStore();
      const profile = targetProfile(f, store);
      const removed = store.credentials.remove(profile);
      f.printer().note(
        removed
          ? `Removed the credentials of profile ${profile}`
          : `Profile ${profile} had no stored credentials`,
      );
    });
}
