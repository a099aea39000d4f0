/** The API keys of a served database, opened for one `tourney serve key` verb. */
import type { Command } from "commander";

export type ApiKeyAdmin = import("../../../service/index.js").ApiKeyAdmin;

/** Opens the key table of `dbPath` (the service loads lazily), runs `fn`, closes it. */
export async function withKeys<T>(dbPath: string, fn: (keys: ApiKeyAdmin) => T): Promise<T> {
  const { openKeyAdmin } = await import("../../../service/index.js");
  const admin = await openKeyAdmin(dbPath);
  try {
    return fn(admin);
  } finally {
    admin.close();
  }
}

/** `--db` may be parsed by `serve` itself (`tourney serve key create --db F`). */
export function dbOption(command: Command, flags: { db?: string }): string | undefined {
  return flags.db ?? (command.optsWithGlobals() as { db?: string }).db;
}
