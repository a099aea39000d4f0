/** `tourney logout` and `tourney auth logout`: forget a profile's stored credentials. */
import type { Command } from "commander";
import { fromEnv } from "../../../config/resolve.js";
import { unknownProfileError } from "../../../config/settings.js";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { targetProfile } from "../config/profile-name.js";
import { verbHelp } from "../verb-help.js";

export interface AuthLogoutOptions {
  /** Default: --profile, TOURNEY_PROFILE, else the active profile. */
  readonly profile?: string;
}

function chosenBy(f: Factory, o: AuthLogoutOptions): string | undefined {
  if (o.profile !== undefined || f.globals.profile !== undefined) return "--profile";
  return fromEnv(f.env, "TOURNEY_PROFILE") ? "TOURNEY_PROFILE" : undefined;
}

export async function runAuthLogout(f: Factory, o: AuthLogoutOptions = {}): Promise<void> {
  const store = f.configStore();
  const profile = o.profile ?? targetProfile(f, store);
  // A typo must not pass for "nothing stored": the real profile's credentials would stay.
  if (!store.hasProfile(profile)) throw unknownProfileError(profile, chosenBy(f, o));
  const removed = store.credentials.remove(profile);
  const printer = f.printer();
  printer.note(
    removed
      ? `Removed the credentials of profile ${profile}`
      : `Profile ${profile} had no stored credentials`,
  );
  for (const name of ["TOURNEY_TOKEN", "TOURNEY_API_KEY"])
    if (fromEnv(f.env, name))
      printer.note(`${name} is still set: commands keep using it until it is unset`);
}

/** Help and action of the logout command, wherever it is mounted. */
export function defineLogout(command: Command, app: App): Command {
  return printsNoJson(command, {
    prints: "a note on stderr",
    instead: "`tourney auth status --json` shows the result",
  })
    .description("forget the stored credentials of the profile")
    .addHelpText("after", verbHelp({ examples: ["", "--profile lan"] }))
    .action(async (_flags: unknown, cmd: Command) => runAuthLogout(app.factory(cmd)));
}

export function registerLogout(noun: Command, app: App): void {
  defineLogout(noun.command("logout"), app);
}
