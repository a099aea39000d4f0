/** `tourney serve user list`: the accounts (never their passwords). */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withKeys } from "./keys.js";

export interface ServeUserListOptions {
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

export async function runServeUserList(f: Factory, o: ServeUserListOptions): Promise<void> {
  const rows = await withKeys(databaseFor(f, o.db), (admin) => admin.listUsers());
  await f.printer().list(
    rows.map((r) => ({ ...r })),
    [
      { header: "ID", value: "id" },
      { header: "USERNAME", value: "username" },
      { header: "EMAIL", value: "email" },
      { header: "PASSWORD", value: (r) => (r.password ? "set" : "none") },
      { header: "KEYS", value: "keys" },
      { header: "CREATED", value: "created_at" },
    ],
  );
}

export function registerUserList(noun: Command, app: App): void {
  noun
    .command("list")
    .description("list the users (never their passwords)")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["", "--json"] }))
    .action(async (flags: { db?: string }, command: Command) =>
      runServeUserList(app.factory(command), { db: dbOption(command, flags) }),
    );
}
