/** What every OAuth endpoint shares: the service, the lifetimes, the attempt counters, the CSRF key. */
import type { TokenResponse } from "../../model/oauth.js";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "../api-keys.js";
import type { ServiceContext } from "../context.js";
import type { OAuthSettings } from "../types.js";
import { OAuthLimits } from "./limits.js";

const DAY_S = 24 * 60 * 60;

/** The defaults of ServiceOptions.oauth (types.ts). */
export const OAUTH_DEFAULTS: Required<OAuthSettings> = {
  accessTokenSeconds: 7 * DAY_S,
  refreshTokenSeconds: 90 * DAY_S,
  deviceCodeSeconds: 10 * 60,
  pollIntervalSeconds: 5,
};

/** How long an authorization code lives (RFC 6749 §4.1.2: short; 10 minutes at most). */
export const CODE_SECONDS = 60;

/**
 * How long expired tokens, device authorizations and codes are kept before
 * they are forgotten: meanwhile they are refused as expired (expired_token, a
 * token "expired at"), not as unknown.
 */
const KEPT_EXPIRED_SECONDS = 24 * 60 * 60;

/** The time before which expired rows are forgotten. */
export function purgeBefore(server: OAuthServer): string {
  return isoAfter(server, -KEPT_EXPIRED_SECONDS);
}

export interface OAuthServer {
  readonly service: ServiceContext;
  readonly settings: Required<OAuthSettings>;
  readonly limits: OAuthLimits;
  /** The key CSRF tokens are signed with (csrf.ts): random, this process's own. */
  readonly csrfKey: Buffer;
  /**
   * The origin of the addresses handed to clients (a device grant's verification_uri)
   * for a request's Host: serve's --public-url when given (link-base.ts LinkOrigin.of).
   */
  readonly origin: (host: string | undefined) => string;
}

const crypto = () => process.getBuiltinModule("node:crypto");

export function openOAuthServer(
  service: ServiceContext,
  settings: OAuthSettings,
  origin: (host: string | undefined) => string,
): OAuthServer {
  const all = { ...OAUTH_DEFAULTS, ...settings };
  return {
    service,
    settings: all,
    limits: new OAuthLimits(all.pollIntervalSeconds),
    csrfKey: crypto().randomBytes(32),
    origin,
  };
}

/** A new random secret (a token or code): 32 bytes, base64url, after `prefix`. */
export function newSecret(prefix: string): string {
  return `${prefix}${crypto().randomBytes(32).toString("base64url")}`;
}

/** The request's time (one per request: ServiceContext.now) in epoch ms. */
export function nowMs(server: OAuthServer): number {
  return Date.parse(server.service.now());
}

export function isoAfter(server: OAuthServer, seconds: number): string {
  return new Date(nowMs(server) + seconds * 1000).toISOString();
}

/**
 * A new access token and refresh token of grant `grantId` carrying `scopes`,
 * written, and the token response (RFC 6749 §5.1) that hands them over. Called
 * inside the write that spends what they are issued for.
 */
export function issueTokens(server: OAuthServer, grantId: number, scopes: string): TokenResponse {
  const { tokens } = server.service.accounts;
  const now = server.service.now();
  const access = newSecret(ACCESS_TOKEN_PREFIX);
  const refresh = newSecret(REFRESH_TOKEN_PREFIX);
  const { accessTokenSeconds, refreshTokenSeconds } = server.settings;
  tokens.purge(purgeBefore(server));
  tokens.insert({
    grantId,
    kind: "access",
    token: access,
    scopes,
    now,
    expiresAt: isoAfter(server, accessTokenSeconds),
  });
  tokens.insert({
    grantId,
    kind: "refresh",
    token: refresh,
    scopes,
    now,
    expiresAt: isoAfter(server, refreshTokenSeconds),
  });
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: accessTokenSeconds,
    refresh_token: refresh,
    scope: scopes,
  };
}
