/** `tourney serve key create|list|revoke`: API keys of the served database. */
import type { Command } from "commander";
import type { App } from "../../app.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import { databaseFor } from "./database-path.js";

async function withKeys<T>(
  dbPath: string,
  fn: (keys: import("../../../service/index.js").ApiKeyAdmin) => T,
): Promise<T> {
  const { openKeyAdmin } = await import("../../../service/index.js");
  const admin = await openKeyAdmin(dbPath);
  try {
    return fn(admin);
  } finally {
    admin.close();
  }
}

/** `--db` may be parsed by `serve` itself (`tourney serve key create --db F`). */
function dbOption(command: Command, options: { db?: string }): string | undefined {
  return options.db ?? (command.optsWithGlobals() as { db?: string }).db;
}

export function registerKeyCommands(serve: Command, app: App): void {
  const noun = serve
    .command("key")
    .alias("keys")
    .description("API keys that `tourney serve` accepts");
  noun
    .command("create")
    .description("create an API key and print it (shown once)")
    .option("--label <text>", "what the key is for", "key")
    .option("--db <file>", "database file (default: the profile's)")
    .action(async (options: { label: string; db?: string }, command: Command) => {
      const f = app.factory(command);
      const key = await withKeys(databaseFor(f, dbOption(command, options)), (keys) =>
        keys.create(options.label),
      );
      if (f.globals.json) f.printer().json({ api_key: key, label: options.label });
      else f.io.stdout.write(`${key}\n`);
    });
  noun
    .command("list")
    .description("list API keys (never the keys themselves)")
    .option("--db <file>", "database file (default: the profile's)")
    .action(async (options: { db?: string }, command: Command) => {
      const f = app.factory(command);
      const rows = await withKeys(databaseFor(f, dbOption(command, options)), (keys) =>
        keys.list(),
      );
      await f.printer().list(
        rows.map((r) => ({ ...r })),
        [
          { header: "ID", value: "id" },
          { header: "LABEL", value: "label" },
          { header: "CREATED", value: "created_at" },
          { header: "LAST USED", value: "last_used_at" },
        ],
      );
    });
  noun
    .command("revoke")
    .description("revoke an API key by id")
    .argument("<id>", "key id from `tourney serve key list`")
    .option("--db <file>", "database file (default: the profile's)")
    .action(async (id: string, options: { db?: string }, command: Command) => {
      const f = app.factory(command);
      if (!/^\d+$/.test(id))
        throw new UsageError("the key id is a number: see `tourney serve key list`");
      const revoked = await withKeys(databaseFor(f, dbOption(command, options)), (keys) =>
        keys.revoke(Number(id)),
      );
      if (!revoked) throw new UnknownReferenceError(`no API key with id ${id}`);
      f.printer().note(`Revoked API key ${id}`);
    });
}
