/**
 * The database file could not be written: a full disk (SQLITE_FULL), a failing
 * one (SQLITE_IOERR_*), or a file made read-only underneath (SQLITE_READONLY_*).
 * The request is answered 503 (nothing was saved), and `serve` says so on its
 * terminal, where the person who can make room is looking (issue 24, item 9:
 * it answered 503 and printed nothing).
 */

import type { Reply } from "./router.js";

const CODES = ["SQLITE_FULL", "SQLITE_IOERR", "SQLITE_READONLY"];

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function isStorageFailure(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && CODES.some((c) => code === c || code.startsWith(`${c}_`));
}

/** The answer's detail, the same whether a statement or the commit failed. */
export const NOT_SAVED_DETAIL =
  "the change could not be saved (the database refused the commit); try again";

/** The reply to a request whose own write failed so (the commit group answers its own). */
export const NOT_SAVED: Reply = {
  status: 503,
  body: { errors: [{ status: 503, detail: NOT_SAVED_DETAIL }] },
  headers: { "retry-after": "30" },
};

/**
 * The reply to a read (GET, HEAD) answered within a group of writes whose commit then failed
 * (commit-group.ts): what it read may include them, so it is not sent. Not NOT_SAVED: the
 * read asked to change nothing.
 */
export const NOT_READ_GROUP: Reply = {
  status: 503,
  body: {
    errors: [
      {
        status: 503,
        detail:
          "the data could not be read: it was read along with other requests' changes, which the database then refused to commit (is its disk full?); nothing was changed; try again",
      },
    ],
  },
  headers: { "retry-after": "30" },
};

/** SQLite's result codes for a database another connection holds locked. */
export function isBusy(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED");
}

/** A request that only asks to see data (it may write on the way: a check-in that fell due). */
export function isRead(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD";
}

/** Why a read met a storage failure or the lock: [cause, what to do]. */
function readCause(code: string): readonly [string, string] {
  if (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED")
    return [
      "another process holds the database's write lock (a write this read had to make waited for it: a check-in window that fell due)",
      "retry in a moment",
    ];
  if (code === "SQLITE_IOERR_READ" || code === "SQLITE_IOERR_SHORT_READ")
    return ["reading the database file failed (is its disk failing?)", "try again later"];
  const wrote = "this read had to write (a check-in window that fell due, a temporary sort)";
  if (code.startsWith("SQLITE_FULL"))
    return [`the disk holding the database is full and ${wrote}`, "try again once room is made"];
  if (code.startsWith("SQLITE_READONLY"))
    return [
      `the database file cannot be written (read-only file or folder?) and ${wrote}`,
      "try again once it can be written",
    ];
  return [
    `the disk refused a write (is it full, or failing?) and ${wrote}`,
    "try again once it has room again (or is repaired)",
  ];
}

/**
 * The answer to a read (GET, HEAD) that met a storage failure or the lock, or undefined for
 * any other error: 503, `Retry-After: 1` for the lock and 30 for the disk, as a write's. Not
 * NOT_SAVED: a read changes nothing the client asked (it said "the change could not be
 * saved" of a GET).
 */
export function notReadReply(error: unknown): Reply | undefined {
  if (!isStorageFailure(error) && !isBusy(error)) return undefined;
  const code = codeOf(error)!;
  const [cause, then] = readCause(code);
  const message = error instanceof Error ? error.message : String(error);
  const detail = `the data could not be read: ${cause} [${code}: ${message}]; nothing was changed; ${then}`;
  return {
    status: 503,
    body: { errors: [{ status: 503, detail }] },
    headers: { "retry-after": isBusy(error) ? "1" : "30" },
  };
}

/** Why a write met a storage failure: [cause, what to do]. */
function writeCause(code: string): readonly [string, string] {
  if (code.startsWith("SQLITE_FULL"))
    return ["the disk holding the database is full", "make room on it, then send the change again"];
  if (code.startsWith("SQLITE_READONLY"))
    return [
      "the database file cannot be written (read-only file or folder?)",
      "make it writable, then send the change again",
    ];
  return [
    "writing the database file failed (is its disk full, or failing?)",
    "send the change again once it has room (or is repaired)",
  ];
}

/**
 * The answer to a write whose own statements or commit the disk refused: NOT_SAVED's status
 * and Retry-After (none for a full disk), its detail naming the cause as a read's does. NOT_SAVED_DETAIL alone
 * ("the database refused the commit; try again") named no cause, and the CLI on a full disk
 * printed just that (an outside review).
 */
export function notSavedReply(error: unknown): Reply {
  const code = codeOf(error) ?? "SQLITE_IOERR";
  const [cause, then] = writeCause(code);
  const message = error instanceof Error ? error.message : String(error);
  const detail = `the change could not be saved: ${cause} [${code}: ${message}]; nothing of it was saved; ${then}`;
  // A full disk waits for a person to make room: no Retry-After (with NOT_SAVED's 30, the
  // CLI retried a PUT twice, 60 s, before saying the disk was full: an outside review); the
  // CLI's own backoff then tries twice within about a second and says why.
  const headers = code.startsWith("SQLITE_FULL") ? {} : (NOT_SAVED.headers ?? {});
  return { ...NOT_SAVED, headers, body: { errors: [{ status: 503, detail }] } };
}

/**
 * A transaction spanning several requests (Service.transaction: the embedded backend's
 * bulk add, import) whose statements or commit the disk refused, carrying the reply a
 * single request would have had (notSavedReply). Before, SQLite's own error left the
 * service as it was and the CLI printed "error: database or disk is full", where a single
 * `participants add` said what happened and what to do (an outside review).
 */
export class NotSavedError extends Error {
  override name = "NotSavedError";
  readonly reply: Reply;
  constructor(cause: unknown) {
    const reply = notSavedReply(cause);
    super((reply.body as { errors: { detail: string }[] }).errors[0]!.detail, { cause });
    this.reply = reply;
  }
}

/** A transaction's error as a request's: a storage failure becomes NotSavedError. */
export function acrossRequestsError(error: unknown): unknown {
  return isStorageFailure(error) ? new NotSavedError(error) : error;
}

/**
 * One line for serve's terminal: what failed and what to do; `read` when the request was a
 * read (GET, HEAD: its answer said the data could not be read, not that nothing was saved).
 */
export function storageFailureLine(error: unknown, dbPath: string, read = false): string {
  const code = codeOf(error) ?? "error";
  const message = error instanceof Error ? error.message : String(error);
  // Found on a timer (file-replaced.ts): the message names the path and what happened.
  if (code === "SQLITE_READONLY_DBMOVED")
    return `serve: the database file ${message}; serve still holds the old file: writes answer 503 from now on (reads answer from the old file); stop serve (Ctrl-C) and start it again to serve what is at ${dbPath} now`;
  if (code === "SQLITE_IOERR_READ" || code === "SQLITE_IOERR_SHORT_READ")
    return `serve: a read failed: reading ${dbPath} failed (is its disk failing?) [${code}: ${message}]; requests answer 503 until this is fixed`;
  const cause =
    code === "SQLITE_FULL"
      ? `the disk holding ${dbPath} is full (or the database reached its size limit)`
      : code.startsWith("SQLITE_READONLY")
        ? `${dbPath} cannot be written (read-only file or folder?)`
        : `writing ${dbPath} failed (is the disk full, or failing?)`;
  const what = read
    ? "a read could not make the write it needed (a check-in window that fell due, a temporary sort)"
    : "a write was refused and nothing of it saved";
  return `serve: ${what}: ${cause} [${code}: ${message}]; writes answer 503 until this is fixed`;
}
