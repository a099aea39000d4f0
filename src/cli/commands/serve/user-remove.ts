/** `tourney serve user remove <name>`: confirms; the user's records pass to the owner, their keys and tokens go. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UnknownReferenceError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { CONFIRMS, verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { accepted, dbOption, withKeys } from "./keys.js";

export interface ServeUserRemoveOptions {
  readonly username: string;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

/** A username as the users table compares it (COLLATE NOCASE: ASCII letters folded). */
function asciiFolded(name: string): string {
  return name.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export async function runServeUserRemove(f: Factory, o: ServeUserRemoveOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  // Before asking: a user not there exits 3, not "pass --yes" (review I #13).
  const users = await withKeys(db, (admin) => admin.listUsers());
  if (!users.some((u) => asciiFolded(u.username) === asciiFolded(o.username)))
    throw new UnknownReferenceError(`no user ${o.username}`);
  await f.confirm(
    `Remove user ${o.username}? Their API keys and sign-ins stop working; their tournaments, races and communities pass to the owner`,
  );
  const { moved } = await withKeys(db, (admin) => accepted(admin.removeUser(o.username)));
  const printer = f.printer();
  if (printer.mode === "json") printer.json({ username: o.username, removed: true, moved });
  else printer.note(`Removed user ${o.username}; ${moved} record(s) passed to the owner`);
}

export function registerUserRemove(noun: Command, app: App): void {
  noun
    .command("remove")
    .alias("rm")
    .description("remove a user: keys and tokens revoked, records passed to the owner")
    .argument("<name>", "username")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText("after", verbHelp({ examples: ["ada --yes"], confirms: CONFIRMS }))
    .action(async (name: string, flags: { db?: string }, command: Command) =>
      runServeUserRemove(app.factory(command), { username: name, db: dbOption(command, flags) }),
    );
}
