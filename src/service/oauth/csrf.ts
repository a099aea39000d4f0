/**
 * CSRF protection of the sign-in forms, which have no session before sign-in:
 * a signed double submit. The page sets a random cookie (HttpOnly, SameSite=Strict,
 * Path=/oauth below the public URL's path) and puts HMAC(key, cookie) in a hidden field; a POST is taken only
 * when its field is the HMAC of the cookie it carries. Another site can neither
 * read the cookie nor make the field without the key, which is this process's own.
 */
import type { HttpRequest } from "../../model/http.js";
import { cookieOf, type Params, pathPrefixOf } from "./form.js";
import type { OAuthServer } from "./server.js";

export const CSRF_COOKIE = "tourney_csrf";
export const CSRF_FIELD = "csrf_token";

const crypto = () => process.getBuiltinModule("node:crypto");
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

function sign(server: OAuthServer, value: string): string {
  return crypto().createHmac("sha256", server.csrfKey).update(value).digest("base64url");
}

export interface CsrfToken {
  /** The hidden field's value. */
  readonly field: string;
  /** The Set-Cookie header when the browser has no cookie yet. */
  readonly setCookie?: string;
}

/** The form's token: from the browser's cookie, or a new cookie. */
export function csrfToken(server: OAuthServer, request: HttpRequest): CsrfToken {
  const held = cookieOf(request, CSRF_COOKIE);
  if (held !== undefined && COOKIE_VALUE.test(held)) return { field: sign(server, held) };
  const value = crypto().randomBytes(32).toString("base64url");
  return {
    field: sign(server, value),
    setCookie: `${CSRF_COOKIE}=${value}; Path=${pathPrefixOf(server, request)}/oauth; HttpOnly; SameSite=Strict`,
  };
}

/** Whether a POSTed form carries the token of the cookie it came with. */
export function csrfValid(server: OAuthServer, request: HttpRequest, form: Params): boolean {
  const held = cookieOf(request, CSRF_COOKIE);
  let field: string | undefined;
  try {
    field = form.get(CSRF_FIELD);
  } catch {
    return false;
  }
  if (held === undefined || field === undefined || !COOKIE_VALUE.test(held)) return false;
  const expected = Buffer.from(sign(server, held));
  const given = Buffer.from(field);
  return expected.length === given.length && crypto().timingSafeEqual(expected, given);
}
