/**
 * Requests under `/v2` and `/v2.0` (issue 25): one of the v2.0 operations
 * (operations.ts) is answered by its v2.1 successor, the same request with the
 * prefix `/v2.1`, and the reply carries `Deprecation` (RFC 9745) and a `Link`
 * to the successor (rel="successor-version", RFC 5829), errors included. Any
 * other path under those prefixes is 404; a v2.0 path asked with another
 * method is 405 naming the v2.0 methods.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { Router } from "../router.js";
import { V20_OPERATIONS } from "./operations.js";

const PREFIXES = ["/v2.0", "/v2"] as const;
const SUCCESSOR_PREFIX = "/v2.1";

/**
 * The seed calls v2.0 deprecated without a date; this server has answered it
 * deprecated since it first answered it at all (RFC 9745 wants a date: a past
 * one says "deprecated already").
 */
export const V20_DEPRECATED_SINCE = "2026-11-26T00:00:00Z";
const DEPRECATION = `@${Date.parse(V20_DEPRECATED_SINCE) / 1000}`;

let table: Router | undefined;

/** The v2.0 operations as a route tree, for matching only. */
function operations(): Router {
  if (table !== undefined) return table;
  const router = new Router();
  const answered = () => ({ status: 200 });
  for (const op of V20_OPERATIONS) router.add(op.method, op.path, answered);
  table = router;
  return router;
}

/** The version prefix of a v2.0 path, or undefined for any other path. */
export function v20Prefix(path: string): string | undefined {
  for (const prefix of PREFIXES) {
    if (!path.startsWith(prefix)) continue;
    const next = path.charAt(prefix.length);
    // ".json" read in place after the prefix: no string made for every request (issue 27).
    if (next === "" || next === "/" || next === "?" || path.startsWith(".json", prefix.length))
      return prefix;
  }
  return undefined;
}

function bare(path: string): string {
  const at = path.indexOf("?");
  let p = at === -1 ? path : path.slice(0, at);
  if (p.endsWith(".json")) p = p.slice(0, -5);
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p;
}

/** The 404 or 405 (with Allow) of a path or method v2.0 does not have. */
function refusal(request: HttpRequest, rest: string): HttpResponse {
  const method = request.method === "HEAD" ? "GET" : request.method;
  const match = operations().match(method, rest);
  const path = bare(request.path);
  const reply = (status: number, detail: string, headers: Record<string, string> = {}) => ({
    status,
    headers: { ...headers, "content-type": "application/json; charset=utf-8" },
    body: request.method === "HEAD" ? "" : JSON.stringify({ errors: [{ status, detail }] }),
  });
  if (match.kind !== "method")
    return reply(
      404,
      `no such path in the deprecated v2.0: ${request.method} ${path}; see docs/interface.md (## v2.0), or use /v2.1`,
    );
  const allow = [...match.allowed, ...(match.allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
  if (request.method === "OPTIONS")
    return {
      status: 204,
      headers: { allow: allow.join(", "), deprecation: DEPRECATION },
      body: "",
    };
  return reply(405, `${request.method} is not allowed on ${path}; use ${allow.join(", ")}`, {
    allow: allow.join(", "),
  });
}

function withHeaders(response: HttpResponse, extra: Record<string, string>): HttpResponse {
  const headers = { ...response.headers, ...extra };
  // The in-process reply's `body` is an accessor: read it by name, keep its parsed `json`.
  return {
    status: response.status,
    headers,
    get body() {
      return response.body;
    },
    ...(response.json === undefined ? {} : { json: response.json }),
  };
}

/**
 * Answers a request whose path starts with a v2.0 prefix: `handle` (which
 * never throws) answers its successor; a path or method v2.0 does not have is
 * 404 / 405, and OPTIONS of a v2.0 path lists the v2.0 methods.
 */
export function answerV20(
  request: HttpRequest,
  prefix: string,
  handle: (request: HttpRequest) => HttpResponse,
): HttpResponse {
  const after = request.path.slice(prefix.length);
  const rest = bare(after);
  const method = request.method === "HEAD" ? "GET" : request.method;
  if (operations().match(method, rest).kind !== "found") return refusal(request, rest);
  const successor = `${SUCCESSOR_PREFIX}${after}`;
  const response = handle({ ...request, path: successor });
  return withHeaders(response, {
    deprecation: DEPRECATION,
    link: `<${successor}>; rel="successor-version"`,
  });
}
