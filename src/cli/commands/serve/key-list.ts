/** `tourney serve key list`: the API keys, whom each acts for and its scopes (never the keys themselves). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withKeys } from "./keys.js";

export interface ServeKeyListOptions {
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

export async function runServeKeyList(f: Factory, o: ServeKeyListOptions): Promise<void> {
  const rows = await withKeys(databaseFor(f, o.db), (admin) => admin.listKeys());
  await f.printer().list(
    rows.map((r) => ({ ...r, scopes: r.scopes === null ? "all" : r.scopes.split(" ").join(",") })),
    [
      { header: "ID", value: "id" },
      { header: "LABEL", value: "label" },
      { header: "USER", value: "username" },
      { header: "SCOPES", value: "scopes" },
      { header: "CREATED", value: "created_at" },
      { header: "LAST USED", value: "last_used_at" },
    ],
  );
}

export function registerKeyList(noun: Command, app: App): void {
  noun
    .command("list")
    .description("list API keys with their users and scopes (never the keys themselves)")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["", "--json"] }))
    .action(async (flags: { db?: string }, command: Command) =>
      runServeKeyList(app.factory(command), { db: dbOption(command, flags) }),
    );
}
