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

/** One line for serve's terminal: what failed and what to do. */
export function storageFailureLine(error: unknown, dbPath: string): string {
  const code = codeOf(error) ?? "error";
  const message = error instanceof Error ? error.message : String(error);
  const cause =
    code === "SQLITE_FULL"
      ? `the disk holding ${dbPath} is full (or the database reached its size limit)`
      : code.startsWith("SQLITE_READONLY")
        ? `${dbPath} cannot be written (read-only file or folder?)`
        : `writing ${dbPath} failed (is the disk full, or failing?)`;
  return `serve: a write was refused and nothing of it saved: ${cause} [${code}: ${message}]; writes answer 503 until this is fixed`;
}
