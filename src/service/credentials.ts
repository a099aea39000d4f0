/**
 * The credential check every served request passes before its route (issue 14):
 *
 * - `Authorization: Bearer <token>` (or `Authorization-Type: v2`): an OAuth
 *   access token issued by this server's /oauth/token, not expired, its grant
 *   not revoked;
 * - otherwise `Authorization: <API_KEY>` (`Authorization-Type: v1`, or none).
 *   v1 routes read their `api_key` themselves and present it here as this header
 *   (v1/transport.ts): the same key records, accounts and scopes.
 *
 * Both kinds are answered from memory (the store's cache holds verified keys and
 * tokens by the credential as presented, dropped by its one rule), so the check
 * costs what the key check cost before accounts. The credential's row is the
 * caller (access.ts): the service answers for its account; a credential with
 * scopes is refused a request outside them with a 403 naming the missing scope.
 */

import { ACCESS_TOKEN_PREFIX, API_KEY_PREFIX, REFRESH_TOKEN_PREFIX } from "./api-keys.js";
import { accessOf, type Caller } from "./caller.js";
import type { ServiceContext } from "./context.js";
import { ServiceError } from "./errors.js";
import type { ServiceRequest } from "./router.js";
import { requiredScope } from "./scopes.js";

type Checked = Pick<ServiceRequest, "header" | "query" | "method" | "path">;

/** `challenge` (a Bearer challenge's error_description) is `detail` when not given. */
function unauthorized(detail: string, bearer: boolean, challenge = detail): ServiceError {
  const header = bearer
    ? `Bearer realm="tourney", error="invalid_token", error_description="${challenge.replaceAll('"', "'")}"`
    : 'ApiKey realm="tourney"';
  return new ServiceError(401, [{ status: 401, detail }], { "www-authenticate": header });
}

const UNKNOWN_TOKEN =
  "the access token is not valid for this server (revoked, or never issued here); run `tourney login` again";

/** `how`: the header that made the credential an OAuth token, named when it is an API key. */
function bearerCaller(service: ServiceContext, token: string, how: string): Caller {
  const row = service.accounts.tokens.findAccess(token);
  if (row === undefined) {
    if (!token.startsWith(API_KEY_PREFIX)) throw unauthorized(UNKNOWN_TOKEN, true);
    // An API key sent as a token: the body says so; the challenge stays what it was.
    const detail =
      `${how} expects an OAuth access token, and this credential is an API key (${API_KEY_PREFIX}...); ` +
      "send an API key as `Authorization: <key>` with `Authorization-Type: v1` (or no Authorization-Type)";
    throw unauthorized(detail, true, UNKNOWN_TOKEN);
  }
  if (row.expires_at <= service.now()) {
    throw unauthorized(`the access token expired at ${row.expires_at}; refresh it`, true);
  }
  return row;
}

/**
 * What an OAuth token sent as an API key is told (`how`: the header that made it a key): which
 * kind it is and how a token is sent. Undefined for a credential that is no token of serve's.
 */
function tokenAsKey(key: string, how: string): string | undefined {
  const bearer =
    "`Authorization: Bearer <token>` with `Authorization-Type: v2` (or no Authorization-Type)";
  const is = `${how} expects an API key, and this credential is an OAuth`;
  if (key.startsWith(ACCESS_TOKEN_PREFIX))
    return `${is} access token (${ACCESS_TOKEN_PREFIX}...); send an access token as ${bearer}`;
  if (key.startsWith(REFRESH_TOKEN_PREFIX))
    return (
      `${is} refresh token (${REFRESH_TOKEN_PREFIX}...), which only /oauth/token takes ` +
      `(grant_type=refresh_token): send the access token it gives as ${bearer}`
    );
  return undefined;
}

function keyCaller(service: ServiceContext, key: string, how: string): Caller {
  const row = service.apiKeys.verify(key, service.now());
  if (row === undefined) {
    // An OAuth token sent as a key: the body says so; the challenge stays the API key's.
    throw unauthorized(tokenAsKey(key, how) ?? "the API key is not valid for this server", false);
  }
  return row;
}

function verify(service: ServiceContext, request: Checked): Caller {
  const header = request.header("authorization")?.trim();
  if (!header) {
    // v2.1 never reads a key from the URL: URLs end up in logs and browser history.
    const inQuery = request.query.has("api_key");
    throw unauthorized(
      inQuery
        ? "v2.1 takes the API key from the Authorization header only, not from ?api_key= (that is v1's way)"
        : "an API key or access token is required: send it in the Authorization header",
      false,
    );
  }
  if (/^bearer\s/i.test(header))
    return bearerCaller(service, header.slice(7).trim(), "Authorization: Bearer");
  if (request.header("authorization-type")?.trim().toLowerCase() === "v2")
    return bearerCaller(service, header, "Authorization-Type: v2");
  const v1 = request.header("authorization-type")?.trim().toLowerCase() === "v1";
  return keyCaller(
    service,
    header,
    v1 ? "Authorization-Type: v1" : "an Authorization header without Bearer",
  );
}

function checkScope(caller: Caller, scopes: ReadonlySet<string>, request: Checked): void {
  const scope = requiredScope(request.method, request.path);
  if (scope === undefined || scopes.has(scope)) return;
  throw insufficientScope(caller, scopes, scope, `${request.method} ${request.path}`);
}

/** The 403 of a credential without `scope`, which `what` (a request, or a part of one) needs. */
function insufficientScope(
  caller: Caller,
  scopes: ReadonlySet<string>,
  scope: string,
  what: string,
): ServiceError {
  const held = scopes.size === 0 ? "none" : [...scopes].join(" ");
  return new ServiceError(
    403,
    [
      {
        status: 403,
        detail: `${what} needs the scope ${scope}; the credential of ${caller.username} carries ${held}`,
      },
    ],
    { "www-authenticate": `Bearer realm="tourney", error="insufficient_scope", scope="${scope}"` },
  );
}

/**
 * Refuses 403 (as a request outside its scopes) the request's credential, checked already
 * (authenticate), when it lacks `scope`, which `what` needs beyond what the request's path
 * needs: v1's `include_participants=1` and `include_matches=1` nest a tournament's
 * participants and matches into its record (v1/tournaments.ts, v1/participants.ts), read
 * before with the path's own scope alone.
 */
export function requireScope(service: ServiceContext, scope: string, what: string): void {
  const caller = service.caller;
  if (caller.scopes === null || caller.scopes.has(scope)) return;
  throw insufficientScope(caller, caller.scopes, scope, what);
}

/**
 * Verifies the request's credential (401 when missing, unknown, revoked or
 * expired), makes its account the caller of the request, and checks its scopes
 * (403). Returns the caller's username.
 */
export function authenticate(service: ServiceContext, request: Checked): string {
  const caller = verify(service, request);
  service.caller = caller;
  service.access = accessOf(request.method, request.path);
  if (caller.scopes !== null) checkScope(caller, caller.scopes, request);
  return caller.username;
}
