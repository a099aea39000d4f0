/** The reply to a request that failed: a storage failure, a busy or conflicting database, a refusal, or a bug. */
import { EngineRuleError } from "../engine/errors.js";
import { ServiceError } from "./errors.js";
import type { Reply } from "./router.js";
import { isStorageFailure, NOT_SAVED } from "./storage-failure.js";

/** SQLite's result codes for a database another connection holds locked. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED");
}

/** A unique or foreign-key constraint the checks before the write did not foresee. */
function isConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT");
}

export function errorReply(error: unknown): Reply {
  if (isStorageFailure(error)) return NOT_SAVED;
  if (isBusy(error)) {
    const detail = "the database is busy: another process is writing to it; retry in a moment";
    return {
      status: 503,
      body: { errors: [{ status: 503, detail }] },
      headers: { "retry-after": "1" },
    };
  }
  if (isConstraint(error)) {
    const detail = "the request conflicts with a stored record (a name or key already taken)";
    return { status: 422, body: { errors: [{ status: 422, detail }] } };
  }
  if (error instanceof EngineRuleError) {
    const source = error.pointer === undefined ? {} : { source: { pointer: error.pointer } };
    return { status: 422, body: { errors: [{ status: 422, detail: error.message, ...source }] } };
  }
  if (error instanceof ServiceError) {
    return { status: error.status, body: { errors: error.errors }, headers: error.headers };
  }
  return {
    status: 500,
    body: {
      errors: [{ status: 500, detail: "internal error: the request could not be completed" }],
    },
  };
}
