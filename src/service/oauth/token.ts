/**
 * POST /oauth/token (RFC 6749 §3.2) with four grants: the device code
 * (RFC 8628 §3.4), the authorization code with PKCE S256 (RFC 6749 §4.1.3,
 * RFC 7636 §4.6), the refresh token (RFC 6749 §6, rotated: each use issues a
 * new refresh token and spends the old one; a spent one used again revokes the
 * whole family, RFC 9700 §4.14.2) and, for a confidential application, the
 * client credentials (client-credentials.ts). The client is authenticated first
 * (clients.ts: a confidential application by its secret). Also POST
 * /oauth/revoke (RFC 7009).
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { DEVICE_CODE_GRANT_TYPE, type TokenResponse } from "../../model/oauth.js";
import type { DeviceRow } from "../../store/oauth-requests-repository.js";
import { clientCredentialsGrant } from "./client-credentials.js";
import { authenticateClient, boundScopes, type OAuthClient } from "./clients.js";
import { jsonReply, OAuthError, refused } from "./errors.js";
import { formOf, type Params, readScopes } from "./form.js";
import { issueTokens, nowMs, type OAuthServer } from "./server.js";

const crypto = () => process.getBuiltinModule("node:crypto");

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/** The device code of a token request, refused as RFC 8628 §3.5 says when it cannot be polled. */
function deviceRow(server: OAuthServer, form: Params, client: OAuthClient): DeviceRow {
  const row = server.service.accounts.requests.findDevice(form.need("device_code"));
  if (row === undefined) throw refused("invalid_grant", "unknown device code");
  if (row.client_id !== client.id)
    throw refused("invalid_grant", "the device code was issued to another client");
  if (row.status === "used") throw refused("invalid_grant", "the device code was used already");
  if (row.expires_at <= server.service.now())
    throw refused("expired_token", "the device code expired; start the sign-in again");
  return row;
}

/**
 * Before the write: a poll sooner than the code's interval is answered slow_down from
 * memory (limits.ts DevicePolls), its interval 5 s longer up to 60 s, with no write.
 * Before, each such poll was an UPDATE (one client polling as fast as it could: 364-961
 * a second, the WAL 0.45-1.1 MB/s longer; docs/serve-limits.md "Sign-in") and the interval
 * grew without bound.
 */
function pacePoll(server: OAuthServer, form: Params, client: OAuthClient): AfterWrite {
  const row = deviceRow(server, form, client);
  const polls = server.limits.devicePolls;
  const at = row.polled_at === null ? undefined : Date.parse(row.polled_at);
  const now = nowMs(server);
  const poll = polls.poll(row.id, { at, interval: row.interval }, now);
  if (poll.early) {
    throw refused(
      "slow_down",
      `polled ${Math.round(poll.since / 100) / 10} s after the last poll; wait ${poll.interval} s between polls from now on`,
    );
  }
  return (issued) => (issued ? polls.forget(row.id) : polls.polled(row.id, now, poll.interval));
}

/** A poll on time (pacePoll let it through): its time and interval written, then the answer. */
function deviceGrant(server: OAuthServer, form: Params, client: OAuthClient): TokenResponse {
  const { service, limits } = server;
  const { requests, tokens } = service.accounts;
  const now = service.now();
  const row = deviceRow(server, form, client);
  requests.polled(row.id, now, limits.devicePolls.intervalOf(row.id, row.interval));
  if (row.status === "pending")
    throw refused("authorization_pending", "the user has not approved the user code yet");
  if (row.status === "denied") throw refused("access_denied", "the user denied the request");
  if (!requests.use(row.id) || row.user_id === null)
    throw refused("invalid_grant", "the device code was used already");
  const scopes = boundScopes(client, row.scopes);
  const grant = tokens.createGrant(row.user_id, row.client_id, scopes, now);
  return issueTokens(server, grant, scopes);
}

function s256(verifier: string): string {
  return crypto().createHash("sha256").update(verifier, "ascii").digest("base64url");
}

function codeGrant(server: OAuthServer, form: Params, client: OAuthClient): TokenResponse {
  const code = form.need("code");
  const redirectUri = form.need("redirect_uri");
  const verifier = form.need("code_verifier");
  const { service } = server;
  const { requests, tokens } = service.accounts;
  const now = service.now();
  const row = requests.findCode(code);
  if (row === undefined) throw refused("invalid_grant", "unknown authorization code");
  if (!requests.useCode(row.id, now)) {
    // A replay: whatever the first exchange issued is revoked (RFC 6749 §4.1.2).
    if (row.grant_id !== null) tokens.revokeGrant(row.grant_id, now);
    throw refused(
      "invalid_grant",
      "the authorization code was used already; the tokens issued for it are revoked",
    );
  }
  if (row.expires_at <= now) throw refused("invalid_grant", "the authorization code expired");
  if (row.client_id !== client.id)
    throw refused("invalid_grant", "the authorization code was issued to another client");
  if (row.redirect_uri !== redirectUri)
    throw refused("invalid_grant", "redirect_uri differs from the authorization request's");
  if (!VERIFIER.test(verifier))
    throw refused("invalid_request", "code_verifier must be 43 to 128 unreserved characters");
  if (s256(verifier) !== row.code_challenge)
    throw refused("invalid_grant", "code_verifier does not match the code_challenge");
  const scopes = boundScopes(client, row.scopes);
  const grant = tokens.createGrant(row.user_id, row.client_id, scopes, now);
  requests.setCodeGrant(row.id, grant);
  return issueTokens(server, grant, scopes);
}

function refreshGrant(server: OAuthServer, form: Params, client: OAuthClient): TokenResponse {
  const { service } = server;
  const { tokens } = service.accounts;
  const now = service.now();
  const row = tokens.find(form.need("refresh_token"));
  if (row === undefined || row.kind !== "refresh")
    throw refused("invalid_grant", "unknown refresh token");
  if (row.revoked_at !== null) throw refused("invalid_grant", "the refresh token was revoked");
  if (row.client_id !== client.id)
    throw refused("invalid_grant", "the refresh token was issued to another client");
  const granted = new Set(row.scopes.split(" "));
  const asked = form.get("scope");
  const scopes = asked === undefined ? row.scopes : readScopes(asked);
  const beyond = scopes.split(" ").filter((s) => !granted.has(s));
  if (row.used_at === null && row.expires_at <= now)
    throw refused("invalid_grant", "the refresh token expired");
  if (row.used_at === null && beyond.length > 0)
    throw refused("invalid_scope", `${beyond.join(", ")} was not granted to this sign-in`);
  if (!tokens.markUsed(row.id, now)) {
    // Spent already: someone holds a copy. Every token of the family goes.
    tokens.revokeGrant(row.grant_id, now);
    throw refused(
      "invalid_grant",
      "the refresh token was used already; every token of this sign-in is revoked, sign in again",
    );
  }
  return issueTokens(server, row.grant_id, scopes);
}

type Grant = (server: OAuthServer, form: Params, client: OAuthClient) => TokenResponse;

/** Told, once a grant's write has committed, whether it issued tokens. */
type AfterWrite = (issued: boolean) => void;

/**
 * What a grant checks before its write, refusing without one, and what it does once the
 * write committed: the device grant's pace.
 */
const BEFORE_WRITE: ReadonlyMap<
  string,
  (server: OAuthServer, form: Params, client: OAuthClient) => AfterWrite
> = new Map([[DEVICE_CODE_GRANT_TYPE, pacePoll]]);

const GRANTS: ReadonlyMap<string, Grant> = new Map([
  [DEVICE_CODE_GRANT_TYPE, deviceGrant],
  ["authorization_code", codeGrant],
  ["refresh_token", refreshGrant],
  ["client_credentials", clientCredentialsGrant],
]);

/**
 * The token endpoint. Each grant runs in one write: what it spends (a code, a
 * refresh token) and what it issues land together; a refusal that records
 * something (a poll, a spent code, a revoked family) commits it too.
 */
export function tokenEndpoint(server: OAuthServer, request: HttpRequest): HttpResponse {
  const form = formOf(request);
  const type = form.need("grant_type");
  const grant = GRANTS.get(type);
  if (grant === undefined) {
    throw refused(
      "unsupported_grant_type",
      `grant_type ${JSON.stringify(type)} is not supported; use ${[...GRANTS.keys()].join(", ")}`,
    );
  }
  const client = authenticateClient(server, request, form);
  const after = BEFORE_WRITE.get(type)?.(server, form, client);
  let refusal: OAuthError | undefined;
  const issued = server.service.write(() => {
    try {
      return grant(server, form, client);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      refusal = error;
      return undefined;
    }
  });
  after?.(refusal === undefined);
  if (refusal !== undefined) throw refusal;
  return jsonReply(200, issued);
}

/** RFC 7009: revokes the family of the token given; 200 whether it was known or not. */
export function revokeEndpoint(server: OAuthServer, request: HttpRequest): HttpResponse {
  const form = formOf(request);
  const client = authenticateClient(server, request, form);
  const token = form.need("token");
  const { tokens } = server.service.accounts;
  server.service.write(() => {
    const row = tokens.find(token);
    if (row !== undefined && row.client_id === client.id)
      tokens.revokeGrant(row.grant_id, server.service.now());
  });
  return jsonReply(200, {});
}
