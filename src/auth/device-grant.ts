/**
 * The OAuth 2.0 device authorization grant (RFC 8628), client side: ask the device
 * authorization endpoint for a user code, then poll the token endpoint until the user
 * approves it, honouring `interval` and `slow_down` (+5 s each, §3.5) and giving up at
 * `expires_in`. The clock, the sleeper and the network edge (FormPoster) are injected, so
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
} from "./token-endpoint.js";

/** RFC 8628 §3.2: the interval when the server names none. */
export const DEFAULT_INTERVAL_SECONDS = 5;
/** RFC 8628 §3.5: what each slow_down adds to the interval. */
export const SLOW_DOWN_STEP_MS = 5_000;

export interface DeviceAuthorization {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete?: string;
  readonly expiresInSeconds: number;
  readonly intervalSeconds: number;
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

function malformed(what: string): OAuthError {
  return new OAuthError(
    "invalid_response",
    `the device authorization endpoint answered without ${what}`,
  );
}

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "") throw malformed(field);
  return value;
}

/** Only http(s) addresses are shown or opened: a server cannot make us open anything else. */
function webAddress(body: Record<string, unknown>, field: string): string {
  const value = text(body, field);
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol))
    throw malformed(`an http(s) ${field}`);
  return value;
}

function seconds(value: unknown, fallback: number | undefined, field: string): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) throw malformed(field);
  return value;
}

/** Checks a device authorization response (RFC 8628 §3.2). */
export function deviceAuthorizationFrom(body: unknown): DeviceAuthorization {
  if (typeof body !== "object" || body === null) throw malformed("a JSON body");
  const b = body as Record<string, unknown>;
  const grant: { -readonly [K in keyof DeviceAuthorization]: DeviceAuthorization[K] } = {
    deviceCode: text(b, "device_code"),
    userCode: text(b, "user_code"),
    verificationUri: webAddress(b, "verification_uri"),
    expiresInSeconds: seconds(b.expires_in, undefined, "expires_in"),
    // Never faster than once a second, whatever the server says.
    intervalSeconds: Math.max(1, seconds(b.interval, DEFAULT_INTERVAL_SECONDS, "interval")),
  };
  if (b.verification_uri_complete !== undefined)
    grant.verificationUriComplete = webAddress(b, "verification_uri_complete");
  return grant;
}

/** Answers that mean "not now" without an OAuth error: wait and ask again. */
const TRANSIENT = new Set([429, 502, 503, 504]);

/** How many times the device-code request is sent while the server answers "not now". */
export const DEVICE_CODE_TRIES = 5;
/** The longest Retry-After waited for before asking again: a server asking more is not waited for. */
const MAX_RETRY_WAIT_MS = 30_000;

/**
 * How long to wait before asking again after `answer`, or undefined when it is not one to
 * ask again after: a 502, 503 or 504 without an OAuth error or with temporarily_unavailable
 * (serve's busy database: 503, Retry-After: 1), waited for its Retry-After (1 s when it has
 * none). A 429 is not: it is refused with its Retry-After (SignInRateLimitedError, exit 6).
 */
function retryWait(answer: FormAnswer): number | undefined {
  const code = tokenErrorOf(answer)?.code;
  if (code !== undefined && code !== "temporarily_unavailable") return undefined;
  if (answer.status === 429 || !TRANSIENT.has(answer.status)) return undefined;
  const wait = Math.max(1, answer.retryAfterSeconds ?? 1) * 1000;
  return wait > MAX_RETRY_WAIT_MS ? undefined : wait;
}

/**
 * Asks for a device code and user code for `scopes` (RFC 8628 §3.1). With `retry`, an
 * answer that says "not now" (retryWait) is waited for and the request sent again, up to
 * DEVICE_CODE_TRIES times in all, as the token endpoint's poll asks again; before, `tourney
 * login` failed at its first request on a busy `serve` while its poll waited.
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
    if (answer.status === 200) return deviceAuthorizationFrom(answer.body);
    const wait = retry === undefined ? undefined : retryWait(answer);
    if (wait === undefined || tries >= DEVICE_CODE_TRIES)
      throw refusal(answer, "device", deviceUrl, tries);
    await retry!.clock.sleep(wait, retry!.signal);
    if (retry!.signal?.aborted)
      throw new LoginInterruptedError("interrupted while asking for a device code");
  }
}

const REFUSALS: Readonly<Record<string, string>> = {
  access_denied: "the sign-in was denied on the verification page",
  expired_token: "the code expired before it was approved",
};

/**
 * Polls the token endpoint until the user approves (the token set), denies or lets the
 * code expire (OAuthError), or Ctrl-C (LoginInterruptedError). The first poll comes one
 * interval after the start; `authorization_pending` waits another interval, `slow_down`
 * (and a 429) lengthens the interval by 5 s for the rest of the loop; a "not now" answer
 * (429, 502, 503, 504) with a Retry-After longer than the interval waits that once.
 */
export async function pollForToken(input: PollInput): Promise<TokenSet> {
  const { clock, grant, signal } = input;
  const deadline = clock.now() + grant.expiresInSeconds * 1000;
  let interval = grant.intervalSeconds * 1000;
  // The next wait: the interval, or a longer Retry-After of the last answer (a busy server's).
  let wait = interval;
  for (;;) {
    const remaining = deadline - clock.now();
    if (remaining <= 0) break;
    await clock.sleep(Math.min(wait, remaining), signal);
    wait = interval;
    if (signal?.aborted) throw new LoginInterruptedError("interrupted while waiting for approval");
    if (clock.now() >= deadline) break;
    const answer = await input.post(input.tokenUrl, {
      grant_type: DEVICE_CODE_GRANT_TYPE,
      device_code: grant.deviceCode,
      client_id: CLI_CLIENT_ID,
    });
    if (signal?.aborted) throw new LoginInterruptedError("interrupted while waiting for approval");
    if (answer.status === 200) return tokenSetFrom(answer.body, clock.now());
    const code = tokenErrorOf(answer)?.code;
    if (code === "authorization_pending") continue;
    // A server that says why it cannot answer now (its database busy: 503
    // temporarily_unavailable) is waited for as one that does not.
    const notNow = code === undefined || code === "temporarily_unavailable";
    if (code === "slow_down" || (notNow && answer.status === 429)) {
      interval += SLOW_DOWN_STEP_MS;
      wait = Math.max(interval, (answer.retryAfterSeconds ?? 0) * 1000);
      continue;
    }
    if (notNow && TRANSIENT.has(answer.status)) {
      wait = Math.max(interval, (answer.retryAfterSeconds ?? 0) * 1000);
      continue;
    }
    const known = code === undefined ? undefined : REFUSALS[code];
    throw known === undefined
      ? refusal(answer, "token", input.tokenUrl)
      : new OAuthError(code!, known);
  }
  const minutes = Math.max(1, Math.round(grant.expiresInSeconds / 60));
  throw new OAuthError(
    "expired_token",
    `the code expired before it was approved (it was valid for ${minutes} min)`,
  );
}
