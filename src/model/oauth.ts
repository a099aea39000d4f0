/**
 * OAuth 2.0 names shared by the CLI (the client of the device grant and of token refresh)
 * and `tourney serve` (the authorization server), issue 14.
 *
 * The CLI is a public client (RFC 6749 §2.1: it keeps no secret) that identifies itself
 * with CLI_CLIENT_ID. The scopes are the ones issue 14 names; the seed names a Scopes
 * operation without listing them.
 */

/** The client id `tourney login` sends to every OAuth endpoint. */
export const CLI_CLIENT_ID = "tourney-cli";

/** Every scope, in the order help and errors list them. */
export const OAUTH_SCOPES = [
  "me",
  "tournaments:read",
  "tournaments:write",
  "matches:read",
  "matches:write",
  "attachments:read",
  "attachments:write",
  "participants:read",
  "participants:write",
  "communities:manage",
] as const;

export type OAuthScope = (typeof OAUTH_SCOPES)[number];

export function isOAuthScope(value: string): value is OAuthScope {
  return (OAUTH_SCOPES as readonly string[]).includes(value);
}

/** grant_type of the device access token request (RFC 8628 §3.4). */
export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

/** Paths of the OAuth endpoints under the authorization server's address ({auth_url}). */
export const OAUTH_PATHS = {
  /** RFC 8628 device authorization endpoint (POST, form-encoded client_id, scope). */
  deviceCode: "/oauth/device/code",
  /** RFC 6749 token endpoint (POST, form-encoded). */
  token: "/oauth/token",
  /** RFC 6749 authorization endpoint (authorization code grant with PKCE). */
  authorize: "/oauth/authorize",
  /** The page where a signed-in user approves a device's user code. */
  device: "/oauth/device",
} as const;

/** The device authorization response (RFC 8628 §3.2), as sent on the wire. */
export interface DeviceAuthorizationResponse {
  readonly device_code: string;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete?: string;
  readonly expires_in: number;
  readonly interval?: number;
}

/** A successful token response (RFC 6749 §5.1), as sent on the wire. */
export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: string;
  readonly expires_in?: number;
  readonly refresh_token?: string;
  readonly scope?: string;
}

/** Error codes of the token endpoint (RFC 6749 §5.2, RFC 8628 §3.5). */
export type TokenErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "authorization_pending"
  | "slow_down"
  | "access_denied"
  | "expired_token";
