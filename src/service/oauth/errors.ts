/** Error responses of the OAuth endpoints (RFC 6749 §5.2, RFC 8628 §3.5), and JSON replies. */

import type { HttpResponse } from "../../model/http.js";
import type { TokenErrorCode } from "../../model/oauth.js";

export type OAuthErrorCode = TokenErrorCode | "temporarily_unavailable" | "server_error";

/** Token responses and errors are never cached (RFC 6749 §5.1). */
const NO_STORE = {
  "content-type": "application/json; charset=utf-8",
  "cache-control": "no-store",
  pragma: "no-cache",
} as const;

export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    readonly status: number,
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(description);
  }
}

/** 400 with `code` (most errors of the token endpoint). */
export function refused(code: OAuthErrorCode, description: string): OAuthError {
  return new OAuthError(400, code, description);
}

export function unknownClient(clientId: string): OAuthError {
  return new OAuthError(401, "invalid_client", `unknown client_id ${JSON.stringify(clientId)}`);
}

export function jsonReply(
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): HttpResponse {
  return { status, headers: { ...NO_STORE, ...headers }, body: JSON.stringify(body) };
}

/** SQLite's result codes for a database another connection holds locked (the busy timeout spent). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code === "SQLITE_LOCKED");
}

/** What a request that met a busy database is told (the v2.1 routes' words: error-reply.ts). */
const BUSY_DETAIL = "the database is busy: another process is writing to it; retry in a moment";

/**
 * A request that met a busy database, to a client: 503 temporarily_unavailable with
 * `Retry-After: 1`, as the v2.1 routes answer it (docs/serve.md); nothing of it was kept.
 */
export function busyError(): OAuthError {
  return new OAuthError(503, "temporarily_unavailable", BUSY_DETAIL, { "retry-after": "1" });
}

export function errorResponse(error: OAuthError): HttpResponse {
  return jsonReply(
    error.status,
    { error: error.code, error_description: error.description },
    error.headers,
  );
}
