/** `tourney serve key revoke <id>`: an API key no longer accepted. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withKeys } from "./keys.js";

export interface ServeKeyRevokeOptions {
  /** The key's id, as `serve key list` shows it. */
  readonly id: number;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

/** The id as typed to options (no I/O): a number. */
export function parseServeKeyRevoke(id: string, db: string | undefined): ServeKeyRevokeOptions {
  if (!/^\d+$/.test(id))
    throw new UsageError("the key id is a number: see `tourney serve key list`");
  return { id: Number(id), db };
}

export async function runServeKeyRevoke(f: Factory, o: ServeKeyRevokeOptions): Promise<void> {
  const revoked = await withKeys(databaseFor(f, o.db), (admin) => admin.revokeKey(o.id));
  if (!revoked) throw new UnknownReferenceError(`no API key with id ${o.id}`);
  f.printer().note(`Revoked API key ${o.id}`);
}

export function registerKeyRevoke(noun: Command, app: App): void {
  printsNoJson(noun.command("revoke"), {
    prints: "a note on stderr",
    instead: "`tourney serve key list --json` shows the result",
  })
    .description("revoke an API key by id")
    .argument("<id>", "key id from `tourney serve key list`")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["3"] }))
    .action(async (id: string, flags: { db?: string }, command: Command) => {
      const f = app.factory(command);
      await runServeKeyRevoke(f, parseServeKeyRevoke(id, dbOption(command, flags)));
    });
}
