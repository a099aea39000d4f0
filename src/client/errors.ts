/**
 * Typed errors of the API client. The CLI turns them into exit codes and
 * messages in one place: NotFoundError 3, AuthError 4, RejectedError 5,
 * RateLimitError 6, NetworkError and TimeoutError 7, anything else 1.
 */

/** One problem reported by the service (a JSON:API error object, flattened). */
export interface ErrorDetail {
  readonly status?: number;
  readonly detail: string;
  /** JSON pointer into the request body, e.g. "/data/attributes/name". */
  readonly pointer?: string;
  /** Query parameter the problem is about, e.g. "per_page". */
  readonly parameter?: string;
}

/** The service answered with an error status (4xx, 5xx) or an unreadable success. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  /** Every error detail of the body, in order; empty when the body had none. */
  readonly errors: readonly ErrorDetail[];

  constructor(status: number, message: string, errors: readonly ErrorDetail[] = []) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

/** 404: unknown resource or path. */
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
}

/** 401 (credentials missing or wrong) and 403 (authenticated but not allowed). */
export class AuthError extends ApiError {
  override name = "AuthError";
}

/** 400, 406, 413, 415, 422: the service refused the request as sent. */
export class RejectedError extends ApiError {
  override name = "RejectedError";
}

/** 429: the request quota is spent. Never retried by the client. */
export class RateLimitError extends ApiError {
  override name = "RateLimitError";
  /** Seconds to wait before trying again, from `Retry-After`; undefined when absent. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    errors: readonly ErrorDetail[],
    retryAfterSeconds: number | undefined,
  ) {
    super(status, message, errors);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A redirect (3xx with a Location): the service is at another address. Never followed: it
 * would carry the credentials (and a write's body) to wherever the answer says, and hide a
 * base URL that is out of date (docs/profiles.md). Exit 1, the hint naming base_url.
 */
export class RedirectError extends ApiError {
  override name = "RedirectError";
  constructor(
    status: number,
    message: string,
    /** The Location, absolute when the transport could make it so. */
    readonly location: string,
    /** The base URL the Location suggests (it ends with the path asked), when it does. */
    readonly baseUrl: string | undefined,
  ) {
    super(status, message);
  }
}

/** 5xx: the service failed (after the retries allowed for the method). */
export class ServerError extends ApiError {
  override name = "ServerError";
  constructor(
    status: number,
    message: string,
    errors: readonly ErrorDetail[] = [],
    /** Seconds the service asks to wait (`Retry-After`, a 503's); undefined when absent. */
    readonly retryAfterSeconds?: number,
  ) {
    super(status, message, errors);
  }
}

/**
 * The embedded backend's database cannot be opened where it is: its folder or file cannot be
 * written (a read-only file system, no permission) or a file is where a folder must be. The
 * message names the path and the cause.
 */
export class DatabasePlaceError extends Error {
  override name = "DatabasePlaceError";
  constructor(
    readonly dbPath: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The embedded backend's database stayed locked by another process (a write transaction
 * held open) for the whole wait: the request changed nothing. A 503, as the service says it.
 */
export class DatabaseLockedError extends ServerError {
  override name = "DatabaseLockedError";
  readonly dbPath: string;

  constructor(dbPath: string, waitedMs: number) {
    super(
      503,
      `the database ${dbPath} is locked by another process (waited ${waitedMs / 1000} s): ` +
        "another tourney command or `tourney serve` writing to it, or a program holding a " +
        "transaction open; nothing was changed by this request",
    );
    this.dbPath = dbPath;
  }
}

export interface NetworkErrorOptions {
  /** System or undici error code, e.g. "ECONNREFUSED", "ENOTFOUND", "UND_ERR_SOCKET". */
  readonly code?: string;
  readonly host?: string;
  /** True for resets of an established connection, which idempotent requests may retry. */
  readonly retryable?: boolean;
  /**
   * True when the request may have reached the service before the failure (a reset of the
   * connection it was sent on); false (the default) when nothing was sent: refused,
   * unresolved, unreachable, a proxy's tunnel failing.
   */
  readonly mayHaveArrived?: boolean;
  readonly cause?: unknown;
}

/** The service could not be reached: connection refused or reset, DNS failure, proxy failure. */
export class NetworkError extends Error {
  override name = "NetworkError";
  readonly code: string | undefined;
  readonly host: string | undefined;
  readonly retryable: boolean;
  readonly mayHaveArrived: boolean;

  constructor(message: string, options: NetworkErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.host = options.host;
    this.retryable = options.retryable ?? false;
    this.mayHaveArrived = options.mayHaveArrived ?? false;
  }
}

/**
 * A credential that an HTTP header cannot carry (a control or non-ASCII character, once the
 * white space at its ends is trimmed): refused before anything is sent. The CLI words it
 * naming where the credential came from (exit 2): no service refused it.
 */
export class UnsendableCredentialError extends Error {
  override name = "UnsendableCredentialError";
  constructor(readonly what: "API key" | "token") {
    super(
      `the ${what} holds characters an HTTP header cannot carry (a line break, a control or non-ASCII character); nothing was sent`,
    );
  }
}

/**
 * The service's TLS certificate is not one this machine trusts (self-signed, an unknown CA,
 * expired, for another name): nothing was sent, and no wait or retry helps (exit 1).
 */
export class CertificateError extends NetworkError {
  override name = "CertificateError";
}

/** Which wait timed out: establishing the connection, the response headers, or the body. */
export type TimeoutPhase = "connect" | "headers" | "body";

export interface TimeoutErrorOptions {
  readonly host?: string;
  readonly timeoutMs?: number;
  /** Whether the request may have reached the service: by default, unless it timed out connecting. */
  readonly mayHaveArrived?: boolean;
  readonly cause?: unknown;
}

/** The service did not answer in time. */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  readonly phase: TimeoutPhase;
  readonly host: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly mayHaveArrived: boolean;

  constructor(message: string, phase: TimeoutPhase, options: TimeoutErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.phase = phase;
    this.host = options.host;
    this.timeoutMs = options.timeoutMs;
    this.mayHaveArrived = options.mayHaveArrived ?? phase !== "connect";
  }
}

/** Whether a request that failed with `error` may have been received, the change made. */
export function mayHaveArrived(error: unknown): error is TimeoutError | NetworkError {
  return (error instanceof TimeoutError || error instanceof NetworkError) && error.mayHaveArrived;
}

/**
 * A write (POST, PUT, PATCH, DELETE) was sent, then no answer came: a timeout waiting for
 * the response, or the connection closed under it. The service may have made the change,
 * so the write is not sent again (a report applied once would be refused the second
 * time, and a script told so would think it refused). Also a write a gateway answered 502,
 * 504 or a bare 503 (write-outcome.ts), not sent again. Also a write retried after a reset,
 * a 502 or a 504 (as DESIGN.md §3 allows) whose retry was refused: the first attempt may
 * be what the retry ran into (a report "already complete", a delete "not found").
 * Exit code 7, as a network failure's.
 */
export class UnknownOutcomeError extends Error {
  override name = "UnknownOutcomeError";
  readonly method: string;
  /** The request's path from the service root, as sent ("/v2.1/tournaments/12.json"). */
  readonly path: string;

  constructor(method: string, path: string, what: UnknownOutcome) {
    const again = what.retried === undefined && what.attempts > 1;
    const sent = again ? `sent ${what.attempts} times` : "sent";
    const then = `${method} ${path} was ${sent}, then ${lowerFirst(what.failure)}`;
    const more = what.attempts > 2 ? ` (${what.attempts - 1} times)` : "";
    super(
      what.retried !== undefined
        ? `${then}; sent again${more}, ${what.retried}: the first may have made the ` +
            "change, so the outcome is unknown"
        : `${then}: the outcome is unknown (the change may have been made)` +
            (again ? "" : ", so it was not sent again"),
      { cause: what.cause },
    );
    this.method = method;
    this.path = path;
  }
}

/** What became of a write whose outcome is unknown (UnknownOutcomeError). */
export interface UnknownOutcome {
  /** What the attempt that may have made the change met: "h did not answer within 30 s". */
  readonly failure: string;
  readonly cause: unknown;
  /** Times the write was sent. */
  readonly attempts: number;
  /**
   * What the last retry met when it settled nothing: "it was refused (422 Unprocessable
   * Entity: ...)", "it was answered 503 Service Unavailable", "it failed (could not connect
   * to h: connection refused)".
   */
  readonly retried?: string;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? `${text[0]!.toLowerCase()}${text.slice(1)}` : text;
}

/**
 * A chunked bulk add failed and undoing the chunks already created failed too:
 * some participants were left behind. `cause` is the error that stopped the bulk add.
 */
export class BulkAddCompensationError extends Error {
  override name = "BulkAddCompensationError";
  /** Ids of the participants that could not be deleted again. */
  readonly leftoverIds: readonly string[];

  constructor(
    cause: unknown,
    leftover: readonly { id: string; attributes: Record<string, unknown> }[],
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const named = leftover.map((r) => `${r.id} ${JSON.stringify(String(r.attributes.name ?? ""))}`);
    super(
      `bulk add failed (${reason}) and ${leftover.length} participant(s) it had added ` +
        `could not be removed: ${named.join(", ")}`,
      { cause },
    );
    this.leftoverIds = leftover.map((r) => r.id);
  }
}
