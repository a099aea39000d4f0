/** `tourney serve key create`: a new API key, printed once. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import type { Factory } from "../../factory.js";
import { databaseFor } from "./database-path.js";
import { dbOption, withKeys } from "./keys.js";

export interface ServeKeyCreateOptions {
  /** What the key is for. */
  readonly label: string;
  /** Database file; default: the embedded profile's. */
  readonly db?: string | undefined;
}

export async function runServeKeyCreate(f: Factory, o: ServeKeyCreateOptions): Promise<void> {
  const key = await withKeys(databaseFor(f, o.db), (keys) => keys.create(o.label));
  if (f.globals.json) f.printer().json({ api_key: key, label: o.label });
  else f.io.stdout.write(`${key}\n`);
}

export function registerKeyCreate(noun: Command, app: App): void {
  noun
    .command("create")
    .description("create an API key and print it (shown once)")
    .option("--label <text>", "what the key is for", "key")
    .option("--db <file>", "database file (default: the profile's)")
    .action(async (flags: { label: string; db?: string }, command: Command) =>
      runServeKeyCreate(app.factory(command), {
        label: flags.label,
        db: dbOption(command, flags),
      }),
    );
}
