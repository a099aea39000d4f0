/** The reply to a request that failed: a storage failure, a busy or conflicting database, a refusal, or a bug. */
import { EngineRuleError } from "../engine/errors.js";
import { ServiceError } from "./errors.js";
import type { Reply } from "./router.js";
import {
  isBusy,
  isRead,
  isStorageFailure,
  notReadReply,
  notSavedReply,
} from "./storage-failure.js";
import { inPathsShape } from "./v1/transport.js";

/** A unique or foreign-key constraint the checks before the write did not foresee. */
function isConstraint(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT");
}

/**
 * A database file found damaged by a statement after it opened (SQLITE_CORRUPT: pages a
 * truncated or overwritten file lacks; SQLITE_NOTADB): a 500 saying so, not "internal error".
 * One damaged at the open is refused there, naming its path (store/database-place.ts).
 */
function damageDetail(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !(code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT")))
    return undefined;
  return `the database is damaged (${(error as Error).message}): the request could not be completed; restore the database from a copy, or the tournaments from their exports`;
}

/** `method`, the request's: a read (GET, HEAD) is not told that its change was not saved. */
export function errorReply(error: unknown, method?: string): Reply {
  if (isRead(method)) {
    const notRead = notReadReply(error);
    if (notRead !== undefined) return notRead;
  }
  if (isStorageFailure(error)) return notSavedReply(error);
  const damaged = damageDetail(error);
  if (damaged !== undefined)
    return { status: 500, body: { errors: [{ status: 500, detail: damaged }] } };
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

/** The reply to `request` that failed so, in the shape of its path (v1's on a v1 path). */
export function errorReplyTo(
  request: { readonly method: string; readonly path: string },
  error: unknown,
): Reply {
  return inPathsShape(request.path, errorReply(error, request.method));
}
