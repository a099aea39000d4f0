/**
 * Renewing a stored sign-in: the refresh_token grant against the profile's token endpoint,
 * the rotated pair stored in place of the old one. Called by the client when a request
 * with the stored token meets an expired token (a 401, or an expiry already past), and by
 * `tourney auth token` for an expired token.
 */
import type { CredentialStore } from "./credentials.js";
import { OAuthError, SessionExpiredError } from "./errors.js";
import { type FormPoster, refreshTokens } from "./token-endpoint.js";

export interface RenewInput {
  readonly store: CredentialStore;
  readonly profile: string;
  readonly tokenUrl: string;
  readonly post: FormPoster;
  /** Epoch milliseconds. */
  readonly now: () => number;
  /** The access token the refused request sent. */
  readonly usedToken: string;
}

/** The message of a sign-in that cannot be renewed, naming the command that signs in again. */
export function sessionExpired(profile: string, why: string): SessionExpiredError {
  return new SessionExpiredError(
    profile,
    `the sign-in of profile ${profile} ${why}; run \`tourney login --profile ${profile}\` again`,
  );
}

/**
 * The new access token. Another process may have renewed the sign-in since this one read it
 * (refresh tokens rotate: the old one would now be refused): a stored token other than the
 * one used is taken as it is. Throws SessionExpiredError when there is nothing to renew with
 * or the token endpoint refuses the refresh token.
 */
export async function renewStoredToken(input: RenewInput): Promise<string> {
  const { store, profile } = input;
  const stored = store.get(profile);
  if (stored?.token !== undefined && stored.token !== input.usedToken) return stored.token;
  if (stored?.refreshToken === undefined)
    throw sessionExpired(profile, "has expired and holds no refresh token");
  let renewed: Awaited<ReturnType<typeof refreshTokens>>;
  try {
    renewed = await refreshTokens(input.post, input.tokenUrl, stored.refreshToken, input.now);
  } catch (error) {
    if (error instanceof OAuthError)
      throw sessionExpired(profile, `was refused on renewal (${error.code})`);
    throw error;
  }
  store.setToken(profile, {
    accessToken: renewed.accessToken,
    // A server that does not rotate keeps the refresh token valid: keep it.
    refreshToken: renewed.refreshToken ?? stored.refreshToken,
    ...(renewed.expiresAt === undefined ? {} : { expiresAt: renewed.expiresAt }),
    ...((renewed.scope ?? stored.scope) === undefined
      ? {}
      : { scope: renewed.scope ?? stored.scope! }),
  });
  return renewed.accessToken;
}
