/** `tourney serve user add <name>`: an account, with a password read from stdin or asked for. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { checkJsonFieldsOf } from "../../record-fields.js";
import { databaseFor } from "./database-path.js";
import { accepted, dbOption, withKeys } from "./keys.js";
import { printMade } from "./made.js";
import { readNewPassword } from "./password-input.js";

export interface ServeUserAddOptions {
  readonly username: string;
  readonly email?: string | undefined;
  readonly imageUrl?: string | undefined;
  /** false: an account without a password (it signs in nowhere; API keys only). */
  readonly password: boolean;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

/** What `tourney serve user add --json` prints: the user as `serve user list` has it. */
const USER_FIELDS = ["id", "username", "email", "image_url", "created_at", "keys", "password"];

export async function runServeUserAdd(f: Factory, o: ServeUserAddOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  // The fields asked for, checked before the password is read and the user added.
  checkJsonFieldsOf(f, Object.fromEntries(USER_FIELDS.map((field) => [field, null])));
  const password = o.password ? await readNewPassword(f, o.username) : null;
  const user = await withKeys(db, (admin) =>
    accepted(
      admin.addUser({
        username: o.username,
        email: o.email ?? null,
        imageUrl: o.imageUrl ?? null,
        password,
      }),
    ),
  );
  const made = `user ${user.username} (id ${user.id}) added to ${db}`;
  await printMade(f, made, undefined, () => {
    const printer = f.printer();
    if (printer.mode === "json") printer.json(user);
    else printer.note(`Added user ${user.username} (id ${user.id})`);
  });
}

export function registerUserAdd(noun: Command, app: App): void {
  noun
    .command("add")
    .description("add a user; the password is read from stdin, or asked for at a terminal")
    .argument("<name>", "username (letters, digits, '.', '_', '-')")
    .option("--email <address>", "email address, as /me shows it")
    .option("--image-url <url>", "picture URL, as /me shows it")
    .option("--no-password", "no password: the user cannot sign in, only use API keys")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText(
      "after",
      "\nExamples:\n  printf '%s\\n' \"$PASSWORD\" | tourney serve user add ada --email ada@example.com\n  tourney serve key create --user ada --scope tournaments:read",
    )
    .action(
      async (
        name: string,
        flags: { email?: string; imageUrl?: string; password: boolean; db?: string },
        command: Command,
      ) =>
        runServeUserAdd(app.factory(command), {
          username: name,
          email: flags.email,
          imageUrl: flags.imageUrl,
          password: flags.password,
          db: dbOption(command, flags),
        }),
    );
}
