/**
 * Waiting for another process's write lock on the embedded database, in slices that a
 * Ctrl-C can come between. SQLite waits for a lock inside the statement (busy_timeout),
 * synchronously: the event loop, and with it Node's SIGINT listener, waits too, so a
 * single 5 s busy_timeout made Ctrl-C wait those 5 s and then exit 1. The embedded
 * service of the CLI waits at most LOCK_SLICE_MS in SQLite; on a busy answer the request
 * is tried again after a turn of the event loop (where a Ctrl-C is seen, and main.ts exits
 * 130), until LOCK_WAIT_MS have passed. An unlocked database never comes here.
 *
 * Trying a request again is safe: SQLite reports a lock only at the start of a write
 * transaction (BEGIN IMMEDIATE; inside it, this connection holds the lock), which is
 * rolled back, and a request's change is one transaction. What a lookup may write first
 * (a check-in window that opened, service/bracket/check-in.ts) is itself done whole, and
 * again on the next try it finds it done.
 */
import { DatabaseLockedError } from "./errors.js";

/** How long a command waits for another process's write lock in all (SQLite's wait before). */
export const LOCK_WAIT_MS = 5000;

/** How long one statement waits for the lock inside SQLite: the longest a Ctrl-C waits. */
export const LOCK_SLICE_MS = 50;

/** An attempt that met the lock. */
export const LOCKED: unique symbol = Symbol("locked");

/** SQLite's result codes for a database another connection holds locked. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED");
}

export interface LockWait {
  readonly dbPath: string;
  /** The whole wait (LOCK_WAIT_MS). */
  readonly waitMs: number;
  readonly now: () => number;
}

/** A turn of the event loop: its poll phase runs a SIGINT's listeners. */
export const aTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `attempt` until it gives something other than LOCKED; DatabaseLockedError after `waitMs`.
 * `stop` aborted (a command's own Ctrl-C listener) ends the wait with its reason.
 */
export async function untilUnlocked<T>(
  wait: LockWait,
  attempt: () => Promise<T | typeof LOCKED>,
  stop?: AbortSignal,
): Promise<T> {
  const first = await attempt();
  if (first !== LOCKED) return first;
  const deadline = wait.now() + wait.waitMs;
  for (;;) {
    await aTurn();
    stop?.throwIfAborted();
    const result = await attempt();
    if (result !== LOCKED) return result;
    if (wait.now() >= deadline) throw new DatabaseLockedError(wait.dbPath, wait.waitMs);
  }
}
