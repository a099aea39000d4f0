/** `tourney serve app remove <client_id>`: the application goes, and every token it was given. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UnknownReferenceError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withApps } from "./keys.js";

export interface ServeAppRemoveOptions {
  readonly clientId: string;
  readonly db?: string | undefined;
}

export async function runServeAppRemove(f: Factory, o: ServeAppRemoveOptions): Promise<void> {
  const removed = await withApps(databaseFor(f, o.db), (apps) => apps.remove(o.clientId));
  if (!removed)
    throw new UnknownReferenceError(
      `no application with client id ${o.clientId}: see \`tourney serve app list\``,
    );
  f.printer().note(`Removed application ${o.clientId}; the tokens it was given are revoked`);
}

export function registerAppRemove(noun: Command, app: App): void {
  printsNoJson(noun.command("remove"), {
    prints: "a note on stderr",
    instead: "`tourney serve app list --json` shows the result",
  })
    .description("remove an application and revoke the tokens it was given")
    .argument("<client_id>", "its client id, as `tourney serve app list` shows it")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["app_3q2Xf0aLkW9sYd1T"] }))
    .action(async (clientId: string, flags: { db?: string }, command: Command) =>
      runServeAppRemove(app.factory(command), { clientId, db: dbOption(command, flags) }),
    );
}
