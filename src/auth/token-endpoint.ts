/**
 * Talking to an OAuth 2.0 token endpoint (RFC 6749 §5): form-encoded requests through an
 * injected poster (the CLI passes one built on the remote transport; tests pass a stub),
 * token responses checked and turned into what the credential store keeps, error
 * responses into OAuthError. Nothing here quotes a secret.
 */
import { CLI_CLIENT_ID } from "../model/oauth.js";
import { OAuthEndpointError, OAuthError, SignInRateLimitedError } from "./errors.js";

/** An answer of an OAuth endpoint: the status and the JSON body (undefined when not JSON). */
export interface FormAnswer {
  readonly status: number;
  readonly body: unknown;
  /** Seconds from the answer's Retry-After header, when it had one. */
  readonly retryAfterSeconds?: number;
  /** A redirect's Location, made absolute against the address asked. */
  readonly location?: string;
}

/** POSTs `form` as application/x-www-form-urlencoded to the absolute `url`. */
export type FormPoster = (
  url: string,
  form: Readonly<Record<string, string>>,
) => Promise<FormAnswer>;

/** What a successful token response gives, as the credential store keeps it. */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** ISO 8601 time at which the access token expires (from expires_in). */
  readonly expiresAt?: string;
  /** The scopes granted, space-separated (RFC 6749 §3.3). */
  readonly scope?: string;
}

/** The `error` and `error_description` of an error answer, if it is one. */
export function tokenErrorOf(
  answer: FormAnswer,
): { code: string; description?: string } | undefined {
  const body = answer.body;
  if (typeof body !== "object" || body === null) return undefined;
  const { error, error_description: description } = body as Record<string, unknown>;
  if (typeof error !== "string" || error === "") return undefined;
  return typeof description === "string" && description !== ""
    ? { code: error, description }
    : { code: error };
}

const ENDPOINTS = {
  device: "the device authorization endpoint",
  token: "the token endpoint",
} as const;

/**
 * A 200 that is no OAuth answer (not JSON, a required field missing): no refusal of the
 * sign-in but a server that does not answer as OAuth's (exit 1, cli/exit-codes.ts), as the
 * API client takes an answer that is not the service's. Before, exit 4 as a refusal.
 */
export function unexpectedAnswer(
  endpoint: keyof typeof ENDPOINTS,
  url: string,
  what: string,
): OAuthEndpointError {
  const message = `${ENDPOINTS[endpoint]} ${url} answered HTTP 200 ${what}: an unexpected answer`;
  return new OAuthEndpointError(endpoint, url, 200, message);
}

function isToken(value: unknown): value is string {
  return typeof value === "string" && value !== "" && /^[\x21-\x7e]+$/.test(value);
}

/** Checks a 200 token response of `url` and converts it; `now` is epoch milliseconds. */
export function tokenSetFrom(body: unknown, now: number, url: string): TokenSet {
  const invalid = (what: string) => unexpectedAnswer("token", url, `without ${what}`);
  if (typeof body !== "object" || body === null) throw invalid("a JSON body");
  const answer = body as Record<string, unknown>;
  if (!isToken(answer.access_token)) throw invalid("a usable access_token");
  if (typeof answer.token_type !== "string" || answer.token_type.toLowerCase() !== "bearer")
    throw invalid("token_type Bearer");
  const set: { -readonly [K in keyof TokenSet]: TokenSet[K] } = {
    accessToken: answer.access_token,
  };
  if (answer.refresh_token !== undefined) {
    if (!isToken(answer.refresh_token)) throw invalid("a usable refresh_token");
    set.refreshToken = answer.refresh_token;
  }
  const expiresIn = answer.expires_in;
  if (typeof expiresIn === "number" && Number.isFinite(expiresIn) && expiresIn > 0)
    set.expiresAt = new Date(now + expiresIn * 1000).toISOString();
  if (typeof answer.scope === "string" && answer.scope.trim() !== "")
    set.scope = answer.scope.trim().split(/\s+/).join(" ");
  return set;
}

/** What an answer without an OAuth error says of the address asked. */
function notOAuth(answer: FormAnswer): string {
  const { status, location } = answer;
  if (status >= 300 && status < 400 && location !== undefined)
    return `a redirect to ${location} (a sign-in follows none: it would carry its code or token there)`;
  if (status === 404) return "not found: no OAuth server answers there";
  return "no OAuth answer";
}

/**
 * The OAuthError for an error answer, OAuthEndpointError for an answer that is no OAuth
 * answer or a 5xx (naming `url`, the status and the server's error and error_description
 * if it gave them: a server_error or temporarily_unavailable is the server failing, no
 * refusal of the sign-in), SignInRateLimitedError for a 429, which says when to retry
 * instead. `asked`: how many times the request was sent (said when more than once).
 */
export function refusal(
  answer: FormAnswer,
  endpoint: keyof typeof ENDPOINTS,
  url: string,
  asked = 1,
): OAuthError | OAuthEndpointError | SignInRateLimitedError {
  const what = ENDPOINTS[endpoint];
  const error = tokenErrorOf(answer);
  if (answer.status === 429) {
    const wait = answer.retryAfterSeconds;
    const detail = error?.description === undefined ? "" : ` (${error.description})`;
    const when = wait === undefined ? "later" : `in ${wait} s`;
    return new SignInRateLimitedError(`${what} is rate limited${detail}; retry ${when}`, wait);
  }
  const times = asked > 1 ? `; asked ${asked} times` : "";
  if (answer.status >= 500) {
    const said =
      error === undefined
        ? ""
        : ` (${error.code}${error.description === undefined ? "" : `: ${error.description}`})`;
    const message = `${what} ${url} answered HTTP ${answer.status}${said}, the service failed${times}`;
    return new OAuthEndpointError(endpoint, url, answer.status, message);
  }
  if (error === undefined) {
    const message = `${what} ${url} answered HTTP ${answer.status}, ${notOAuth(answer)}${times}`;
    return new OAuthEndpointError(endpoint, url, answer.status, message);
  }
  const detail = error.description === undefined ? "" : `: ${error.description}`;
  return new OAuthError(error.code, `${what} refused (${error.code})${detail}${times}`);
}

/** The refresh_token grant (RFC 6749 §6): a new token set, or OAuthError when refused. */
export async function refreshTokens(
  post: FormPoster,
  tokenUrl: string,
  refreshToken: string,
  now: () => number,
): Promise<TokenSet> {
  const answer = await post(tokenUrl, {
    grant_type: "refresh_token",
    refresh_token: refreshToken,
    client_id: CLI_CLIENT_ID,
  });
  if (answer.status === 200) return tokenSetFrom(answer.body, now(), tokenUrl);
  throw refusal(answer, "token", tokenUrl);
}
