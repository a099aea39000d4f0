/**
 * The API keys and communities of a served database, opened for one
 * `tourney serve key` or `serve community` verb (the service loads lazily).
 */
import type { Command } from "commander";
import { UnknownReferenceError, UsageError } from "../../errors.js";

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

export type CommunityAdmin = import("../../../service/index.js").CommunityAdmin;

/**
 * Opens the community table of `dbPath` (the service loads lazily), runs `fn`,
 * closes it; a refusal becomes a usage error (exit 2) or, for an unknown
 * community, not found (exit 3).
 */
export async function withCommunities<T>(
  dbPath: string,
  fn: (communities: CommunityAdmin) => T,
): Promise<T> {
  const { openCommunityAdmin } = await import("../../../service/index.js");
  const admin = await openCommunityAdmin(dbPath);
  try {
    return fn(admin);
  } catch (error) {
    const kind = (error as { name?: string; kind?: string }).kind;
    if ((error as Error).name !== "CommunityAdminError") throw error;
    const message = (error as Error).message;
    throw kind === "not_found" ? new UnknownReferenceError(message) : new UsageError(message);
  } finally {
    admin.close();
  }
}
