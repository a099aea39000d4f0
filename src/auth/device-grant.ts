/**
 * The OAuth 2.0 device authorization grant (RFC 8628), client side: ask the device
 * authorization endpoint for a user code, then poll the token endpoint until the user
 * approves it, honouring `interval` (bounded to 1-60 s, 5 s when the server names none or no
 * number) and `slow_down` (+5 s each, §3.5) and giving up at `expires_in` or after 30 min,
 * whichever comes first (an expires_in that is no number above 0 is refused). The clock, the sleeper and the network edge (FormPoster) are injected, so
 * the loop is tested without timers or sockets.
 */
import { CLI_CLIENT_ID, DEVICE_CODE_GRANT_TYPE } from "../model/oauth.js";
import { LoginInterruptedError, OAuthError } from "./errors.js";
import {
  type FormAnswer,
  type FormPoster,
  refusal,
  type TokenSet,
  tokenErrorOf,
  tokenSetFrom,
  unexpectedAnswer,
} from "./token-endpoint.js";

/** RFC 8628 §3.2: the interval when the server names none. */
export const DEFAULT_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: what each slow_down adds to the interval. */
export const SLOW_DOWN_STEP_MS = 5_000;
/** Never faster than once a second, whatever the server says. */
export const MIN_INTERVAL_SECONDS = 1;
/** A server's interval above this is taken as this: a code must be asked about before it expires. */
export const MAX_INTERVAL_SECONDS = 60;
/**
 * The longest tourney waits for approval, whatever the code's expires_in: a person at the
 * command waits no longer. Every sleep of the poll is then below Node's timer limit (2^31 ms,
 * beyond which a timer fires at once: expires_in and interval 1e9 polled every millisecond).
 */
export const MAX_WAIT_SECONDS = 30 * 60;

/**
 * A duration as the user is told it, never rounded into a lie: "2 s", "90 s", "10 min",
 * "2 min 30 s". Before, minutes rounded and at least 1: a code valid for 2 s "expires in 1 min".
 */
export function durationText(seconds: number): string {
  const s = (n: number) => `${Number.isInteger(n) ? n : Number(n.toPrecision(3))} s`;
  if (seconds < 120) return s(seconds);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${s(rest)}`;
}

export interface DeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete?: string;
  readonly expiresInSeconds: number;
  readonly intervalSeconds: number;
  /** What was made of the server's interval or expires_in that tourney does not take as is. */
  readonly notes?: readonly string[];
}

export interface PollClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Waits `ms`, or less when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface PollInput {
  readonly post: FormPoster;
  readonly tokenUrl: string;
  readonly grant: DeviceAuthorization;
  readonly clock: PollClock;
  /** Ctrl-C: the loop stops with LoginInterruptedError. */
  readonly signal?: AbortSignal;
}

/** The error of a device answer without `what` (unexpectedAnswer: exit 1). */
type Missing = (what: string) => Error;

function text(body: Record<string, unknown>, field: string, missing: Missing): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "") throw missing(field);
  return value;
}

/** Only http(s) addresses are shown or opened: a server cannot make us open anything else. */
function webAddress(body: Record<string, unknown>, field: string, missing: Missing): string {
  const value = text(body, field, missing);
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw missing(`an http(s) ${field}`);
  return value;
}

/** A server's value as a note shows it: JSON, cut short. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

/** The code's lifetime: required, a number of seconds above 0 (RFC 8628 §3.2). */
function expiresIn(value: unknown): number {
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new OAuthError(
      "invalid_response",
      `the device authorization endpoint answered an expires_in of ${value === undefined ? "none" : shown(value)}, not a number of seconds: a code without a lifetime is not waited for`,
    );
  if (value <= 0)
    throw new OAuthError(
      "invalid_response",
      `the device authorization endpoint answered an expires_in of ${shown(value)} s: its code expired as it was given, there is nothing to approve`,
    );
  return value;
}

/**
 * The poll's interval (RFC 8628 §3.2: 5 s when the server names none), bounded to 1-60 s;
 * a value that is no number of seconds is taken as none. Each change is noted for the user.
 */
function intervalOf(value: unknown, notes: string[]): number {
  if (value === undefined) return DEFAULT_INTERVAL_SECONDS;
  const poll = (s: number) => `polling every ${s} s`;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    notes.push(
      `the server's interval ${shown(value)} is not a number of seconds: ${poll(DEFAULT_INTERVAL_SECONDS)}, RFC 8628's default`,
    );
    return DEFAULT_INTERVAL_SECONDS;
  }
  const bounded = Math.min(MAX_INTERVAL_SECONDS, Math.max(MIN_INTERVAL_SECONDS, value));
  if (bounded !== value)
    notes.push(
      `the server's interval of ${shown(value)} s is ${bounded > value ? "below the least" : "above the most"} tourney takes: ${poll(bounded)}`,
    );
  return bounded;
}

/**
 * Checks a 200 device authorization response of `url` (RFC 8628 §3.2): one that is not JSON
 * or lacks device_code, user_code or verification_uri is an unexpected answer (exit 1).
 */
export function deviceAuthorizationFrom(body: unknown, url: string): DeviceAuthorization {
  const missing = (what: string) => unexpectedAnswer("device", url, `without ${what}`);
  if (typeof body !== "object" || body === null) throw missing("a JSON body");
  const b = body as Record<string, unknown>;
  const notes: string[] = [];
  const grant: { -readonly [K in keyof DeviceAuthorization]: DeviceAuthorization[K] } = {
    deviceCode: text(b, "device_code", missing),
    userCode: text(b, "user_code", missing),
    verificationUri: webAddress(b, "verification_uri", missing),
    expiresInSeconds: expiresIn(b.expires_in),
    intervalSeconds: intervalOf(b.interval, notes),
  };
  if (grant.expiresInSeconds > MAX_WAIT_SECONDS)
    notes.push(
      `the server's code is valid for ${shown(b.expires_in)} s: tourney waits ${MAX_WAIT_SECONDS / 60} min at most for its approval`,
    );
  if (notes.length > 0) grant.notes = notes;
  if (b.verification_uri_complete !== undefined)
    grant.verificationUriComplete = webAddress(b, "verification_uri_complete", missing);
  return grant;
}

/**
 * How many times a request is sent while the endpoint fails (a 5xx, whatever its body):
 * the device-code request, or polls of the token endpoint in a row (docs/profiles.md).
 */
export const OAUTH_TRIES = 5;
/** The longest Retry-After waited for before asking again: a server asking more is not waited for. */
const MAX_RETRY_WAIT_MS = 30_000;

/**
 * How long to wait before asking again after `answer`, at least `leastMs`, or undefined when
 * it is not one to ask again after. A 5xx is the server failing, with or without an OAuth
 * error (server_error; serve's busy database: 503 temporarily_unavailable, Retry-After: 1):
 * its Retry-After is waited for, unless longer than 30 s (and the least). A 429 is not: it
 * is refused with its Retry-After (SignInRateLimitedError, exit 6), or slows the poll.
 */
function retryWait(answer: FormAnswer, leastMs: number): number | undefined {
  if (answer.status < 500) return undefined;
  const asked = (answer.retryAfterSeconds ?? 0) * 1000;
  if (asked > Math.max(MAX_RETRY_WAIT_MS, leastMs)) return undefined;
  return Math.max(leastMs, asked);
}

/** The error of the last answer when no more are asked for, saying a Retry-After not waited. */
function gaveUp(answer: FormAnswer, endpoint: "device" | "token", url: string, tries: number) {
  const error = refusal(answer, endpoint, url, tries);
  const asked = answer.retryAfterSeconds;
  if (answer.status >= 500 && asked !== undefined && asked * 1000 > MAX_RETRY_WAIT_MS)
    error.message += `; it asked to be asked again in ${asked} s, longer than tourney waits (${MAX_RETRY_WAIT_MS / 1000} s)`;
  return error;
}

/**
 * Asks for a device code and user code for `scopes` (RFC 8628 §3.1). With `retry`, a 5xx
 * (retryWait) is waited for, 1 s, 2 s, 4 s, ... or its Retry-After, and the request sent
 * again, up to OAUTH_TRIES times in all (no code was shown yet: a new one is harmless);
 * then OAuthEndpointError (exit 1) names the status and the server's description.
 */
export async function startDeviceAuthorization(
  post: FormPoster,
  deviceUrl: string,
  scopes: readonly string[],
  retry?: { readonly clock: PollClock; readonly signal?: AbortSignal },
): Promise<DeviceAuthorization> {
  const form = { client_id: CLI_CLIENT_ID, scope: scopes.join(" ") };
  for (let tries = 1; ; tries++) {
    const answer = await post(deviceUrl, form);
    if (answer.status === 200) return deviceAuthorizationFrom(answer.body, deviceUrl);
    const wait = retry === undefined ? undefined : retryWait(answer, 1000 * 2 ** (tries - 1));
    if (wait === undefined || tries >= OAUTH_TRIES)
      throw gaveUp(answer, "device", deviceUrl, tries);
    await retry!.clock.sleep(wait, retry!.signal);
    if (retry!.signal?.aborted)
      throw new LoginInterruptedError("interrupted while asking for a device code");
  }
}

const REFUSALS: Readonly<Record<string, string>> = {
  access_denied: "the sign-in was denied on the verification page",
  expired_token: "the code expired before it was approved",
};

/** The poll's pace: the interval, the next wait, and how many answers in a row failed (5xx). */
interface Pace {
  interval: number;
  wait: number;
  failures: number;
}

/**
 * Sets the pace after an answer other than 200 to ask again, or throws: a refusal (OAuthError
 * or, for what is no OAuth answer, OAuthEndpointError), or a 5xx after OAUTH_TRIES in a row.
 */
function judge(answer: FormAnswer, pace: Pace, tokenUrl: string): void {
  if (answer.status >= 500) {
    // The server failing (server_error and temporarily_unavailable included): a poll is
    // safe to send again, and waits its interval or a longer Retry-After.
    pace.failures++;
    const wait = retryWait(answer, pace.interval);
    if (wait === undefined || pace.failures >= OAUTH_TRIES)
      throw gaveUp(answer, "token", tokenUrl, pace.failures);
    pace.wait = wait;
    return;
  }
  pace.failures = 0;
  const code = tokenErrorOf(answer)?.code;
  if (code === "authorization_pending") return;
  const notNow = code === undefined || code === "temporarily_unavailable";
  if (code === "slow_down" || (notNow && answer.status === 429)) {
    pace.interval += SLOW_DOWN_STEP_MS;
    pace.wait = Math.max(pace.interval, (answer.retryAfterSeconds ?? 0) * 1000);
    return;
  }
  const known = code === undefined ? undefined : REFUSALS[code];
  throw known === undefined ? refusal(answer, "token", tokenUrl) : new OAuthError(code!, known);
}

/**
 * Polls the token endpoint until the user approves (the token set), denies or lets the
 * code expire (OAuthError), or Ctrl-C (LoginInterruptedError). The first poll comes one
 * interval after the start; `authorization_pending` waits another interval, `slow_down`
 * (and a 429) lengthens the interval by 5 s for the rest of the loop; a 5xx (judge) waits
 * the interval or a longer Retry-After, OAUTH_TRIES times in a row at most.
 */
export async function pollForToken(input: PollInput): Promise<TokenSet> {
  const { clock, grant, signal } = input;
  const waitMs = Math.min(grant.expiresInSeconds, MAX_WAIT_SECONDS) * 1000;
  const deadline = clock.now() + waitMs;
  const seconds = Math.min(
    MAX_INTERVAL_SECONDS,
    Math.max(MIN_INTERVAL_SECONDS, grant.intervalSeconds),
  );
  // The next wait: the interval, or a longer Retry-After of the last answer (a busy server's).
  const pace: Pace = { interval: seconds * 1000, wait: seconds * 1000, failures: 0 };
  for (;;) {
    const remaining = deadline - clock.now();
    if (remaining <= 0) break;
    await clock.sleep(Math.min(pace.wait, remaining), signal);
    pace.wait = pace.interval;
    if (signal?.aborted) throw new LoginInterruptedError("interrupted while waiting for approval");
    if (clock.now() >= deadline) break;
    const answer = await input.post(input.tokenUrl, {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: grant.deviceCode,
      client_id: CLI_CLIENT_ID,
    });
    if (signal?.aborted) throw new LoginInterruptedError("interrupted while waiting for approval");
    if (answer.status === 200) return tokenSetFrom(answer.body, clock.now(), input.tokenUrl);
    judge(answer, pace, input.tokenUrl);
  }
  const waited = durationText(waitMs / 1000);
  throw new OAuthError(
    "expired_token",
    grant.expiresInSeconds > MAX_WAIT_SECONDS
      ? `the code was not approved within ${waited}, the longest tourney waits (the server's code is valid for longer)`
      : `the code expired before it was approved (it was valid for ${waited})`,
  );
}
