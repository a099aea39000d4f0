/** `tourney serve user password <name>`: sets a user's password (the owner's too), from stdin or asked for. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { printsNoJson } from "../../json-form.js";
import { verbHelp } from "../verb-help.js";
import { databaseFor } from "./database-path.js";
import { accepted, dbOption, withKeys } from "./keys.js";
import { readNewPassword } from "./password-input.js";

export interface ServeUserPasswordOptions {
  readonly username: string;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

export async function runServeUserPassword(f: Factory, o: ServeUserPasswordOptions): Promise<void> {
  const db = databaseFor(f, o.db);
  const password = await readNewPassword(f, o.username);
  await withKeys(db, (admin) => accepted(admin.setPassword(o.username, password)));
  f.printer().note(`Set the password of ${o.username}`);
}

export function registerUserPassword(noun: Command, app: App): void {
  printsNoJson(noun.command("password"), {
    prints: "a note on stderr",
    instead: "`tourney serve user list --json` shows the result",
  })
    .alias("passwd")
    .description("set a user's password (read from stdin, or asked for at a terminal)")
    .argument("<name>", "username (`owner` for the owner account)")
    .option("--db <file>", "database file (default: the profile's)")
    .addHelpText(
      "after",
      verbHelp({
        examples: ["printf '%s\\\\n' \"$PASSWORD\" | tourney serve user password ada", "ada"],
        prompts:
          "At a terminal with nothing on stdin, asks for the password at a hidden prompt; otherwise reads it from stdin.",
      }),
    )
    .action(async (name: string, flags: { db?: string }, command: Command) =>
      runServeUserPassword(app.factory(command), { username: name, db: dbOption(command, flags) }),
    );
}
