/** `tourney profile add <name>`: a remote profile (--base-url) or an embedded one (--db). */
import type { Command } from "commander";
import type { ProfileInput } from "../../../config/store.js";
import type { App } from "../../app.js";
import { UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";

/** The flags as commander hands them over. */
export interface ProfileAddFlags {
  readonly baseUrl?: string;
  readonly db?: string;
  readonly timeout?: string;
}

export interface ProfileAddOptions {
  /** Profile name (a-z, 0-9, _ and -; the config store checks it). */
  readonly name: string;
  readonly profile: ProfileInput;
}

/**
 * Flags to options (no I/O). --base-url is also a global flag, which commander
 * may have given the program instead: `globalBaseUrl` is that value.
 */
export function parseProfileAdd(
  name: string,
  flags: ProfileAddFlags,
  globalBaseUrl?: string,
): ProfileAddOptions {
  const baseUrl = flags.baseUrl ?? globalBaseUrl;
  const profile: ProfileInput = {};
  if (baseUrl !== undefined) profile.baseUrl = baseUrl;
  if (flags.db !== undefined) profile.dbPath = flags.db;
  if (flags.timeout !== undefined) {
    if (!/^\d+$/.test(flags.timeout))
      throw new UsageError("--timeout needs a whole number of seconds");
    profile.timeout = Number(flags.timeout);
  }
  return { name, profile };
}

export async function runProfileAdd(f: Factory, o: ProfileAddOptions): Promise<void> {
  await f.configStore().addProfile(o.name, o.profile);
  f.printer().note(
    `Added profile ${o.name}; \`tourney profile use ${o.name}\` makes it the default`,
  );
}

export function registerAdd(noun: Command, app: App): void {
  printsNoJson(noun.command("add"), {
    prints: "a note on stderr",
    instead: "`tourney profile list --json` shows the profiles",
  })
    .description("add a profile: remote with --base-url, or embedded with its own database")
    .argument("<name>", "profile name (a-z, 0-9, _ and -)")
    .option("--base-url <url>", "the service's base URL (remote backend)")
    .option("--db <file>", "database file (embedded backend)")
    .option("--timeout <seconds>", "response timeout for a remote service")
    .addHelpText(
      "after",
      "\nThen log in: tourney login --profile NAME (or store a key: --api-key < key.txt)",
    )
    .addHelpText(
      "after",
      verbHelp({
        examples: ["lan --base-url http://192.168.1.10:8080", "scratch --db ./scratch.db"],
      }),
    )
    .action(async (name: string, flags: ProfileAddFlags, command: Command) => {
      const f = app.factory(command);
      await runProfileAdd(f, parseProfileAdd(name, flags, f.globals.baseUrl));
    });
}
