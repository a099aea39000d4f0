/**
 * Errors of signing in (src/cli/exit-codes.ts maps them: OAuthError and SessionExpiredError
 * exit 4, SignInRateLimitedError 6, OAuthEndpointError by its status; LoginInterruptedError
 * becomes a CancelledError in cli/commands/auth/device-login.ts, exit 130). Their messages never hold a secret.
 */

/**
 * The authorization server refused: an RFC 6749 / RFC 8628 error code (`access_denied`,
 * `expired_token`, `invalid_grant`, `invalid_client`, ...) or an answer that is not OAuth.
 */
export class OAuthError extends Error {
  override readonly name = "OAuthError";
  constructor(
    /** The `error` code of the answer ("invalid_response" when the answer was not OAuth). */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An OAuth endpoint answered with no OAuth answer at all (a 404 page, a redirect, a proxy's
 * 502 after the retries): no OAuth server there, or it failed. No refusal of the sign-in
 * (exit 4): exit 3 for a 404, 5 for another 4xx, 1 for a redirect or a 5xx, the hint naming
 * `--auth-url` and `device_url` (cli/exit-codes.ts). Before, it was an OAuthError (exit 4,
 * "`tourney login` starts again"), naming neither the address nor what to change.
 */
export class OAuthEndpointError extends Error {
  override readonly name = "OAuthEndpointError";
  constructor(
    readonly endpoint: "device" | "token",
    /** The address asked. */
    readonly url: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** More of the hint, set by `tourney login`: where the profile's device_url is set. */
  hint?: string;
}

/** The stored sign-in can no longer be renewed (its refresh token was refused): log in again. */
export class SessionExpiredError extends Error {
  override readonly name = "SessionExpiredError";
  constructor(
    readonly profile: string,
    message: string,
  ) {
    super(message);
  }
}

/** The authorization server answered 429: too many attempts from here; exit 6, saying when to retry. */
export class SignInRateLimitedError extends Error {
  override readonly name = "SignInRateLimitedError";
  constructor(
    message: string,
    /** From the answer's Retry-After; undefined when it gave none. */
    readonly retryAfterSeconds: number | undefined,
  ) {
    super(message);
  }
}

/** Ctrl-C while waiting for the user code to be approved. */
export class LoginInterruptedError extends Error {
  override readonly name = "LoginInterruptedError";
}
