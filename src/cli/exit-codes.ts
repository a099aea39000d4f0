/**
 * The one place where errors become exit codes and messages (DESIGN.md §5).
 */

import {
  OAuthEndpointError,
  OAuthError,
  SessionExpiredError,
  SignInRateLimitedError,
} from "../auth/errors.js";
import {
  ApiError,
  AuthError,
  BulkAddCompensationError,
  CertificateError,
  DatabaseLockedError,
  DatabasePlaceError,
  NetworkError,
  NotFoundError,
  RateLimitError,
  RedirectError,
  RejectedError,
  ServerError,
  TimeoutError,
  UnknownOutcomeError,
  UnsendableCredentialError,
} from "../client/errors.js";
import type { WithheldReason } from "../config/credential-origin.js";
import { ConfigError, ConfigPlaceError } from "../config/errors.js";
import { ConfigLockedError } from "../config/file-lock.js";
import type { CredentialSource } from "../config/resolve.js";
import { checkCommand } from "./check-command.js";
import {
  CancelledError,
  CommandError,
  DeclinedError,
  HintedError,
  NotLoggedInError,
  OutputError,
  PrintedAfterWriteError,
  StateRefusedError,
  UnknownReferenceError,
  UsageError,
} from "./errors.js";

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rejected: 5,
  rateLimited: 6,
  network: 7,
  /** The change was made, but printing its result failed (do not retry the write). */
  doneOutputFailed: 8,
  /** SIGHUP (the terminal closed), SIGINT (Ctrl-C), SIGTERM: 128 + the signal's number (main.ts). */
  hungUp: 129,
  interrupted: 130,
  terminated: 143,
} as const;

export const EXIT_CODES_HELP = `
Exit codes:
  0    success
  1    other failure
  2    usage error (bad flag, missing argument or input)
  3    not found
  4    authentication needed or refused
  5    rejected (invalid input, or not allowed in the current state)
  6    rate limited (the message says when to retry)
  7    network error or timeout
  8    done, but printing the result failed, or a failure came after it (the change was made: do not retry it)
  129  the terminal closed (SIGHUP)
  130  interrupted (Ctrl-C); answering "no" to a confirmation exits 1
  143  stopped by SIGTERM (kill, timeout, a CI runner)`;

/** What hints may name: the profile in use and where its credentials come from. */
export interface HintContext {
  /** The profile's name, when it is not the default one (hints then name `--profile`). */
  readonly profile?: string;
  readonly credentialSource?: CredentialSource;
  /** With credentialSource `withheld`: the origin they were stored for, and why none were sent. */
  readonly credentialsFor?: string;
  readonly withheldBecause?: WithheldReason;
  readonly baseUrl?: string;
}

/**
 * Why no stored credentials went with a command sent to another address than its profile's
 * (config/resolve.ts), and what gets some there.
 */
function withheldHint(context: HintContext): string {
  const whose = context.profile === undefined ? "this profile" : `profile ${context.profile}`;
  if (context.withheldBecause === "base-url-changed") {
    const flag = context.profile === undefined ? "" : ` --profile ${context.profile}`;
    return `hint: the credentials stored for ${whose} are for ${context.credentialsFor}, where \`tourney login\` stored them, and are not sent to ${context.baseUrl}, the profile's base_url since; \`tourney login${flag}\` signs in there`;
  }
  const own =
    context.credentialsFor === undefined ? "" : ` belong to ${context.credentialsFor} and`;
  const url = context.baseUrl ?? "URL";
  // Not `login --base-url URL` alone: with this profile named (--profile, TOURNEY_PROFILE) it
  // would point this profile there and drop its credentials for its own address.
  return `hint: the credentials stored for ${whose}${own} are not sent to ${url} (given by --base-url or TOURNEY_BASE_URL); \`tourney login --profile NEW --base-url ${url}\` signs in there as a new profile, or set TOURNEY_TOKEN or TOURNEY_API_KEY`;
}

export interface Outcome {
  readonly code: number;
  readonly lines: readonly string[];
}

function apiLines(error: ApiError): string[] {
  if (error.errors.length === 0) return [`error: ${error.message}`];
  return error.errors.map((e) => `error: ${e.detail}${e.pointer ? ` (${e.pointer})` : ""}`);
}

function codeForApi(error: ApiError): number {
  if (error instanceof NotFoundError) return EXIT.notFound;
  if (error instanceof AuthError) return EXIT.auth;
  if (error instanceof RateLimitError) return EXIT.rateLimited;
  if (error instanceof RejectedError) return EXIT.rejected;
  // Any other 4xx (405, 409, ...; `tourney api` can meet them): refused as sent.
  if (error.status >= 400 && error.status < 500) return EXIT.rejected;
  return EXIT.failure;
}

function authHint(error: AuthError, context: HintContext): string {
  const flag = context.profile === undefined ? "" : ` --profile ${context.profile}`;
  const whose = context.profile === undefined ? "this profile" : `profile ${context.profile}`;
  const source = context.credentialSource;
  const fromEnv = source === "TOURNEY_TOKEN" || source === "TOURNEY_API_KEY";
  if (error.status === 403)
    return `hint: the service knows the credentials (${fromEnv ? source : `stored for ${whose}`}) but does not allow this`;
  if (fromEnv)
    return `hint: the credentials come from ${source}; check its value, or unset it to use those \`tourney login${flag}\` stores`;
  if (source === "stored")
    return `hint: the credentials stored for ${whose} were refused; \`tourney login${flag}\` logs in again`;
  if (source === "withheld") return withheldHint(context);
  return `hint: \`tourney login${flag}\` logs in (the device grant), or stores a key with --api-key`;
}

/** A service that moved: the base URL to set, where the profile's is set. */
function redirectHint(error: RedirectError, context: HintContext): string {
  const flag = context.profile === undefined ? "" : ` --profile ${context.profile}`;
  const url = error.baseUrl ?? "URL";
  const to = error.baseUrl === undefined ? "the service's address there" : error.baseUrl;
  return `hint: set the base URL to ${to}: \`tourney config set base_url ${url}${flag}\`, or TOURNEY_BASE_URL or --base-url where one of them is given`;
}

/**
 * An OAuth endpoint with no OAuth answer: 3 for a 404 (nothing there), 5 for another 4xx,
 * 1 for a redirect or a 5xx; the hint says where the endpoints are set.
 */
function endpointOutcome(error: OAuthEndpointError): Outcome {
  const { status } = error;
  const code =
    status === 404 ? EXIT.notFound : status >= 400 && status < 500 ? EXIT.rejected : EXIT.failure;
  const hint =
    status >= 500
      ? "hint: the service failed there: try again later"
      : `hint: if the OAuth server is at another address, give it to \`tourney login\` with --auth-url URL${error.hint ?? ""}`;
  return { code, lines: [`error: ${error.message}`, hint] };
}

/**
 * A credential no header can carry, after trimming: a usage error naming where it came
 * from (exit 2), as nothing was sent and no one refused it (before: exit 4; review I #14).
 */
function unsendableOutcome(error: UnsendableCredentialError, context: HintContext): Outcome {
  const source = context.credentialSource;
  if (source === "TOURNEY_TOKEN" || source === "TOURNEY_API_KEY")
    return {
      code: EXIT.usage,
      lines: [
        `error: ${source}: ${error.message}`,
        `hint: set ${source} to the ${error.what} alone`,
      ],
    };
  const flag = context.profile === undefined ? "" : ` --profile ${context.profile}`;
  const login = `tourney login${flag}${error.what === "API key" ? " --api-key" : ""}`;
  return {
    code: EXIT.usage,
    lines: [`error: ${error.message}`, `hint: \`${login}\` stores it again`],
  };
}

/** Failures of signing in: exit 4, the way `tourney login` fails; a 429 exits 6. */
function signInOutcome(error: unknown, context: HintContext): Outcome | undefined {
  if (error instanceof UnsendableCredentialError) return unsendableOutcome(error, context);
  if (error instanceof OAuthEndpointError) return endpointOutcome(error);
  if (error instanceof SessionExpiredError || error instanceof NotLoggedInError)
    return { code: EXIT.auth, lines: [`error: ${error.message}`] };
  if (error instanceof SignInRateLimitedError)
    return { code: EXIT.rateLimited, lines: [`error: ${error.message}`] };
  if (error instanceof OAuthError) {
    const flag = context.profile === undefined ? "" : ` --profile ${context.profile}`;
    return {
      code: EXIT.auth,
      lines: [`error: ${error.message}`, `hint: \`tourney login${flag}\` starts again`],
    };
  }
  return undefined;
}

/** Where the configuration can go instead; first, to move the file in the way, if one is. */
function configPlaceHint(error: ConfigPlaceError): string {
  const where =
    "TOURNEY_CONFIG_DIR=FOLDER (the folder of config.json and credentials.json; " +
    "unset, it is $XDG_CONFIG_HOME/tourney, or ~/.config/tourney)";
  return error.inTheWay === undefined
    ? `put the configuration where this user can read and write it: ${where}`
    : `move the file ${error.inTheWay} out of the way (a folder is needed there), ` +
        `or put the configuration elsewhere: ${where}`;
}

/** A folder or file that cannot be made or written (exit 1), with the way to choose another. */
function placeOutcome(error: unknown): Outcome | undefined {
  const hint =
    error instanceof DatabasePlaceError
      ? "put the data where it can be written: TOURNEY_DATA_DIR=FOLDER (the data folder), " +
        "or `tourney config set db_path FILE` (a profile's database file, which wins)"
      : error instanceof ConfigPlaceError
        ? configPlaceHint(error)
        : undefined;
  if (hint === undefined) return undefined;
  return { code: EXIT.failure, lines: [`error: ${(error as Error).message}`, `hint: ${hint}`] };
}

/**
 * A database file that is damaged or not one (SQLite's SQLITE_NOTADB, SQLITE_CORRUPT), or
 * whose disk refused its open (SQLITE_FULL, SQLITE_IOERR: StoreDiskError): exit 1.
 * The store's StoreDamagedError names the file and carries the hint (store/database-place.ts:
 * here, its ~300 bytes would push core.js over its load budget). Before: "error: file is not a
 * database" or "database disk image is malformed", naming no file.
 */
function damagedOutcome(error: unknown): Outcome | undefined {
  const e = error as { code?: unknown; hint?: unknown; message?: unknown } | null;
  if (!/^SQLITE_(NOTADB|CORRUPT|FULL|IOERR)/.test(String(e?.code))) return undefined;
  const hint = typeof e!.hint === "string" ? [`hint: ${e!.hint}`] : [];
  return { code: EXIT.failure, lines: [`error: ${String(e!.message)}`, ...hint] };
}

/** "Other failure" (1), as a service answering 503 after its retries: nothing was changed. */
function lockedOutcome(error: unknown): Outcome | undefined {
  if (error instanceof DatabaseLockedError)
    return {
      code: EXIT.failure,
      lines: [`error: ${error.message}`, "hint: run the command again once that process is done"],
    };
  // Another tourney command kept config.json or credentials.json locked (config/file-lock.ts).
  if (error instanceof ConfigLockedError)
    return {
      code: EXIT.failure,
      lines: [
        `error: ${error.message}`,
        `hint: run the command again once that command is done; if no tourney command is running, delete ${error.lockFile}`,
      ],
    };
  return undefined;
}

/** The hint under a service's refusal: sign-in, a redirect, a remote 5xx's Retry-After. */
function apiHint(error: ApiError, context: HintContext): string[] {
  if (error instanceof AuthError) return [authHint(error, context)];
  if (error instanceof RedirectError) return [redirectHint(error, context)];
  // A remote service's Retry-After only: the embedded one's 503s say what to do in their text.
  if (
    error instanceof ServerError &&
    error.retryAfterSeconds !== undefined &&
    context.baseUrl !== undefined
  )
    return [`hint: retry in ${error.retryAfterSeconds} s: the service said so (Retry-After)`];
  return [];
}

/** The write is reported as done first: a script reading stderr must not run it again. */
function printedAfterWrite(error: PrintedAfterWriteError): Outcome {
  const writes = error.writes.join(", ");
  return {
    code: EXIT.doneOutputFailed,
    lines: [
      `done: the change was made (${writes}); do not run the command again`,
      `error: printing its result failed: ${error.message}`,
    ],
  };
}

/** The network: 7 (a write in doubt is not sent again); 1 for a certificate not trusted (I #25). */
function networkOutcome(error: unknown, context: HintContext): Outcome | undefined {
  if (error instanceof UnknownOutcomeError) {
    const check = checkCommand(error.path, context.profile);
    const hint = `hint: check with \`${check}\` before trying again`;
    return { code: EXIT.network, lines: [`error: ${error.message}`, hint] };
  }
  const ca = "hint: if the service uses an internal CA, set NODE_EXTRA_CA_CERTS to its PEM file";
  if (error instanceof CertificateError)
    return { code: EXIT.failure, lines: [`error: ${error.message}`, ca] };
  if (error instanceof NetworkError || error instanceof TimeoutError)
    return { code: EXIT.network, lines: [`error: ${error.message}`] };
  return undefined;
}

export function outcomeOf(error: unknown, context: HintContext = {}): Outcome {
  if (error instanceof HintedError) {
    const inner = outcomeOf(error.error, context);
    return { code: inner.code, lines: [...inner.lines, `hint: ${error.hint}`] };
  }
  if (error instanceof RateLimitError) {
    const wait = error.retryAfterSeconds;
    const hint = wait === undefined ? "retry later" : `retry in ${wait} s`;
    return { code: EXIT.rateLimited, lines: [...apiLines(error), `rate limited: ${hint}`] };
  }
  const place = lockedOutcome(error) ?? placeOutcome(error) ?? damagedOutcome(error);
  if (place !== undefined) return place;
  if (error instanceof ApiError) {
    return { code: codeForApi(error), lines: [...apiLines(error), ...apiHint(error, context)] };
  }
  const signIn = signInOutcome(error, context);
  if (signIn !== undefined) return signIn;
  const network = networkOutcome(error, context);
  if (network !== undefined) return network;
  if (error instanceof PrintedAfterWriteError) return printedAfterWrite(error);
  // Its own message is on stderr already, as jq printed it (halt_error).
  if (error instanceof OutputError && error.told) return { code: EXIT.usage, lines: [] };
  if (error instanceof UsageError) return { code: EXIT.usage, lines: [`error: ${error.message}`] };
  // A file that cannot be read as configuration or credentials (damaged, empty after a crash,
  // edited by hand) is no flag the user typed: 1, as a damaged database (a reviewer found it 2).
  if (error instanceof ConfigError)
    return {
      code: error.file === undefined ? EXIT.usage : EXIT.failure,
      lines: [`error: ${error.message}`],
    };
  if (error instanceof UnknownReferenceError)
    return { code: EXIT.notFound, lines: [`error: ${error.message}`] };
  if (error instanceof StateRefusedError)
    return { code: EXIT.rejected, lines: [`error: ${error.message}`] };
  // Ctrl-C at a prompt says nothing; an interrupted bulk add says what it left.
  if (error instanceof CancelledError)
    return { code: error.exitCode, lines: error.message === "" ? [] : [error.message] };
  if (error instanceof DeclinedError) return { code: EXIT.failure, lines: [error.message] };
  if (error instanceof CommandError)
    return { code: EXIT.failure, lines: [`error: ${error.message}`] };
  // A bulk add that left some names behind exits as what stopped it (a 401: 4, not 1).
  if (error instanceof BulkAddCompensationError)
    return { code: outcomeOf(error.cause, context).code, lines: [`error: ${error.message}`] };
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT.failure, lines: [`error: ${message}`] };
}
