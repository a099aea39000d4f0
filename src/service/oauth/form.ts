/** Reading OAuth parameters: form-encoded bodies, the query, cookies, and the scope parameter. */
import type { HttpRequest } from "../../model/http.js";
import { OAUTH_SCOPES } from "../../model/oauth.js";
import { badEscape } from "../query-string.js";
import { refused } from "./errors.js";

/** Parameters of one request; each may be sent once (RFC 6749 §3.1, §3.2). */
export class Params {
  constructor(private readonly values: URLSearchParams) {}

  get(name: string): string | undefined {
    const all = this.values.getAll(name);
    if (all.length > 1) throw refused("invalid_request", `${name} is sent more than once`);
    return all[0];
  }

  /** The parameter as a form field: "" when missing or sent twice (a page shows it again). */
  field(name: string): string {
    try {
      return this.get(name) ?? "";
    } catch {
      return "";
    }
  }

  /** The parameter, or invalid_request naming it. */
  need(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === "")
      throw refused("invalid_request", `${name} is required`);
    return value;
  }
}

function header(request: HttpRequest, name: string): string | undefined {
  const direct = request.headers[name];
  if (direct !== undefined) return direct;
  for (const [key, value] of Object.entries(request.headers))
    if (key.toLowerCase() === name) return value;
  return undefined;
}

/** The request's path, without query, trailing slash or `.json`. */
export function pathOf(request: HttpRequest): string {
  const at = request.path.indexOf("?");
  let path = at === -1 ? request.path : request.path.slice(0, at);
  if (path.endsWith(".json")) path = path.slice(0, -5);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

/**
 * The parameters of `raw` (form-encoded); a bad percent escape (`%ZZ`, a lone `%`) or
 * escaped bytes that are not UTF-8 (Latin-1 `%E9`) is invalid_request naming the
 * field, as v2.1 queries are refused (query-string.ts); never read as U+FFFD (issue 24).
 */
function paramsOf(raw: string, where: "form field" | "query parameter"): Params {
  const bad = badEscape(raw);
  if (bad !== undefined)
    throw refused("invalid_request", `${where} ${JSON.stringify(bad.name)}: ${bad.problem}`);
  return new Params(new URLSearchParams(raw));
}

export function queryOf(request: HttpRequest): Params {
  const at = request.path.indexOf("?");
  return paramsOf(at === -1 ? "" : request.path.slice(at + 1), "query parameter");
}

/** A form-encoded body (the only kind OAuth endpoints take, RFC 6749 §3.2). */
export function formOf(request: HttpRequest): Params {
  const type = header(request, "content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw refused(
      "invalid_request",
      `send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded), not ${type ?? "without a Content-Type"}`,
    );
  }
  return paramsOf(request.body ?? "", "form field");
}

export function cookieOf(request: HttpRequest, name: string): string | undefined {
  const text = header(request, "cookie");
  if (text === undefined) return undefined;
  for (const part of text.split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The origin clients reach the server at, for `request`: serve's --public-url, else
 * `http://` and its Host when that is a plain host[:port], else serve's address (as
 * the links of the v2.1 replies: link-base.ts).
 */
export function originOf(
  server: { readonly origin: (host: string | undefined) => string },
  request: HttpRequest,
): string {
  return server.origin(header(request, "host")?.trim());
}

/**
 * The path the pages are served under, as the browser sees it: the path of `serve
 * --public-url` (`/club` for https://example.org/club/), else "". Forms post and the
 * CSRF cookie is scoped below it, so the sign-in works behind a proxy's path prefix.
 */
export function pathPrefixOf(
  server: { readonly origin: (host: string | undefined) => string },
  request: HttpRequest,
): string {
  return new URL(originOf(server, request)).pathname.replace(/\/+$/, "");
}

/**
 * The scope parameter (space-separated) as the stored form, in OAUTH_SCOPES
 * order: absent or empty asks for every scope; an unknown one is invalid_scope.
 */
export function readScopes(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") return OAUTH_SCOPES.join(" ");
  const asked = new Set(raw.trim().split(/\s+/));
  const unknown = [...asked].filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) {
    throw refused(
      "invalid_scope",
      `unknown scope ${unknown.join(", ")}; the scopes are ${OAUTH_SCOPES.join(" ")}`,
    );
  }
  return OAUTH_SCOPES.filter((s) => asked.has(s)).join(" ");
}
