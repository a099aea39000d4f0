/**
 * Errors of signing in (src/cli/exit-codes.ts maps them: OAuthError and SessionExpiredError
 * exit 4, SignInRateLimitedError 6, LoginInterruptedError 130). Their messages never hold a secret.
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
