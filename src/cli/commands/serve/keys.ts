/**
 * The users, API keys, communities and OAuth applications of a served database,
 * opened for one `tourney serve user|key|community|app` verb (the service loads lazily).
 */
import type { Command } from "commander";
import { UnknownReferenceError, UsageError } from "../../errors.js";

export type ServeAdmin = import("../../../service/index.js").ServeAdmin;
type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly reason: string };

/** Opens the users and keys of `dbPath` (the service loads lazily), runs `fn`, closes it. */
export async function withKeys<T>(dbPath: string, fn: (admin: ServeAdmin) => T): Promise<T> {
  const { openServeAdmin } = await import("../../../service/index.js");
  const admin = await openServeAdmin(dbPath);
  try {
    return fn(admin);
  } finally {
    admin.close();
  }
}

/** An admin outcome's value; a refusal is a usage error (exit 2), an unknown user not found (exit 3). */
export function accepted<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.reason.startsWith("no user ")
    ? new UnknownReferenceError(outcome.reason)
    : new UsageError(outcome.reason);
}

/** `--db` may be parsed by `serve` itself (`tourney serve key create --db F`). */
export function dbOption(command: Command, flags: { db?: string }): string | undefined {
  return flags.db ?? (command.optsWithGlobals() as { db?: string }).db;
}

export type BackupCounts = import("../../../service/index.js").BackupCounts;

/** Copies the database at `source` into the new file `target` as one snapshot (the service loads lazily). */
export async function copyDatabase(source: string, target: string): Promise<BackupCounts> {
  const { backupDatabase } = await import("../../../service/index.js");
  return backupDatabase(source, target);
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

export type AppAdmin = import("../../../service/index.js").AppAdmin;

/** Opens the registered OAuth applications of `dbPath` (`tourney serve app`), runs `fn`, closes them. */
export async function withApps<T>(dbPath: string, fn: (apps: AppAdmin) => T): Promise<T> {
  const { openAppAdmin } = await import("../../../service/index.js");
  const admin = await openAppAdmin(dbPath);
  try {
    return fn(admin);
  } finally {
    admin.close();
  }
}
