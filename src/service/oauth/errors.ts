/** Error responses of the OAuth endpoints (RFC 6749 §5.2, RFC 8628 §3.5), and JSON replies. */

import type { HttpResponse } from "../../model/http.js";
import type { TokenErrorCode } from "../../model/oauth.js";

export type OAuthErrorCode = TokenErrorCode | "temporarily_unavailable";

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

export function errorResponse(error: OAuthError): HttpResponse {
  return jsonReply(
    error.status,
    { error: error.code, error_description: error.description },
    error.headers,
  );
}
