/**
 * Renewing a stored sign-in: the refresh_token grant against the profile's token endpoint,
 * the rotated pair stored in place of the old one. Called by the client when a request
 * with the stored token meets an expired token (a 401, or an expiry already past), and by
 * `tourney auth token` for an expired token.
 *
 * The renewal holds credentials.json.lock from reading the stored pair until the new one is
 * stored: refresh tokens rotate, and serve revokes every token of a sign-in whose refresh
 * token is used twice (docs/serve.md). Before, commands whose token expired together each
 * read the same refresh token and sent it, and the sign-in was lost (an outside review).
 */
import type { CredentialStore, StoredCredentials } from "./credentials.js";
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
  /**
   * How long to wait for another process's renewal (its lock) before giving up with
   * ConfigLockedError; file-lock's LOCK_WAIT_MS when not given.
   */
  readonly lockWaitMs?: number;
}

/** The message of a sign-in that cannot be renewed, naming the command that signs in again. */
export function sessionExpired(profile: string, why: string): SessionExpiredError {
  return new SessionExpiredError(
    profile,
    `the sign-in of profile ${profile} ${why}; run \`tourney login --profile ${profile}\` again`,
  );
}

/** A stored access token other than the one refused: renewed by another process meanwhile. */
function renewedMeanwhile(stored: StoredCredentials | undefined, used: string): string | undefined {
  return stored?.token !== undefined && stored.token !== used ? stored.token : undefined;
}

/**
 * The new access token. Another process may have renewed the sign-in since this one read it
 * (the old refresh token would now be refused, and its reuse revoke the sign-in): a stored
 * token other than the one used is taken as it is, looked at again once the lock is held.
 * Throws SessionExpiredError when there is nothing to renew with or the token endpoint
 * refuses the refresh token, ConfigLockedError when the lock is not let go in time.
 */
export async function renewStoredToken(input: RenewInput): Promise<string> {
  const { store, profile, usedToken } = input;
  const seen = store.get(profile);
  const early = renewedMeanwhile(seen, usedToken);
  if (early !== undefined) return early;
  if (seen?.refreshToken === undefined)
    throw sessionExpired(profile, "has expired and holds no refresh token");
  const options = {
    doing: `renew the sign-in of profile ${profile}`,
    ...(input.lockWaitMs === undefined ? {} : { waitMs: input.lockWaitMs }),
  };
  return store.whileLocked(async () => {
    const stored = store.get(profile);
    return renewedMeanwhile(stored, usedToken) ?? (await refreshStored(input, stored));
  }, options);
}

/**
 * The refresh token goes only to the origin of the token endpoint it was got from (stored
 * with it at the login): after `config set auth_url` (or base_url, without an auth_url) it
 * would be given to whatever answers at the new address. One stored without it (before it
 * was kept, and not bound at the command's start: cli/oauth-session.ts) goes to the current one.
 */
function refuseOtherEndpoint(profile: string, bound: string | undefined, tokenUrl: string): void {
  const now = new URL(tokenUrl).origin;
  if (bound === undefined || bound === now) return;
  throw new SessionExpiredError(
    profile,
    `the sign-in of profile ${profile} has expired and its refresh token is for the token endpoint at ${bound}, where \`tourney login\` got it, so it was not sent to ${now}, the profile's token endpoint since (auth_url or base_url changed); run \`tourney login --profile ${profile}\` to sign in there`,
  );
}

/** Sends the stored refresh token and stores the pair it is answered (the lock held). */
async function refreshStored(
  input: RenewInput,
  stored: StoredCredentials | undefined,
): Promise<string> {
  const { store, profile } = input;
  if (stored?.refreshToken === undefined)
    throw sessionExpired(profile, "has expired and holds no refresh token");
  refuseOtherEndpoint(profile, stored.authOrigin, input.tokenUrl);
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
