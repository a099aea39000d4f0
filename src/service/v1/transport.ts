/**
 * What every v1 route shares: its parameters read, the `api_key` (query, body
 * or HTTP Basic password) checked against the service's API keys, 200 for
 * every success, and errors as `{"errors": ["Name can't be blank"]}` with
 * 401, 404 or 422. The rules themselves are the v2.1 service's (routes/*,
 * participants/*, bracket/*): a v1 route maps its names onto them.
 */
import { EngineRuleError } from "../../engine/errors.js";
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from "../api-keys.js";
import type { ServiceContext } from "../context.js";
import { ServiceError } from "../errors.js";
import { checkCredentials } from "../http-checks.js";
import type { Handler, Reply, ServiceRequest } from "../router.js";
import { readV1Params, readV1Query, type V1Record } from "./params.js";
import { lookUpV1Path } from "./path-records.js";

export const V1_PREFIX = "/v1";

/**
 * Whether `path` (its query too) is on v1's surface: `/v1` itself, `/v1.json`, or below `/v1/`,
 * whatever follows (`/v1?api_key=...`). Its errors are in v1's shape; before, `/v1`, `/v1.json`
 * and `/v1?...` answered 404 in v2.1's while `/v1/` answered in v1's.
 */
export function isV1Path(path: string): boolean {
  if (!path.startsWith(V1_PREFIX)) return false;
  const at = path.startsWith(".json", 3) ? 8 : 3;
  return at === path.length || path[at] === "/" || path[at] === "?";
}

/** One v1 request as a route reads it. */
export interface V1Call {
  readonly request: ServiceRequest;
  readonly params: V1Record;
  /** `http://host:port` of this server, for the addresses in records. */
  readonly origin: string;
}

export type V1Route = (call: V1Call) => unknown;

const V1_STATUS: Readonly<Record<number, number>> = { 400: 422 };
const WWW_AUTHENTICATE = { "www-authenticate": 'Basic realm="tourney v1"' };

/** A message as v1 words them: a capital first letter ("Name can't be blank"). */
export function v1Message(detail: string): string {
  return detail.length === 0 ? detail : detail[0]!.toUpperCase() + detail.slice(1);
}

/**
 * An error found before a v1 route runs (serve's checks of the body: over 1 MiB, 413; not
 * UTF-8, 422 as v1 answers a 400): its status and body as v1 says them.
 */
export function v1Refusal(status: number, detail: string) {
  return { status: V1_STATUS[status] ?? status, body: { errors: [v1Message(detail)] } };
}

/**
 * An error reply the service made in v2.1's shape (app.ts) as the request's `path` wants
 * it: on a v1 path, outside the v1 routes (no such path 404, 405, 406, a busy database
 * 503, 500), in v1's shape, its headers (Allow, Retry-After) kept. Before, v1 clients got
 * v2.1's `[{status, detail}]` there.
 */
export function inPathsShape(path: string, reply: Reply): Reply {
  if (!isV1Path(path)) return reply;
  const errors = (reply.body as { errors?: { detail?: unknown }[] } | undefined)?.errors;
  if (!Array.isArray(errors)) return reply;
  const words = errors.map((e) => v1Message(String(e.detail ?? "")));
  const status = V1_STATUS[reply.status] ?? reply.status;
  const body = { errors: words };
  return reply.headers === undefined ? { status, body } : { status, body, headers: reply.headers };
}

export function v1Error(status: number, ...messages: string[]): ServiceError {
  return new ServiceError(
    status,
    messages.map((detail) => ({ status, detail })),
  );
}

/** A thrown error as a v1 reply; errors the service does not expect go on to its 500 or 503. */
function errorReply(error: unknown, rename: (pointer: string, detail: string) => string): Reply {
  if (error instanceof EngineRuleError) {
    const detail =
      error.pointer === undefined ? error.message : rename(error.pointer, error.message);
    return { status: 422, body: { errors: [v1Message(detail)] } };
  }
  if (!(error instanceof ServiceError)) throw error;
  const status = V1_STATUS[error.status] ?? error.status;
  const errors = error.errors.map((e) =>
    v1Message(e.source?.pointer === undefined ? e.detail : rename(e.source.pointer, e.detail)),
  );
  const headers = status === 401 ? { ...error.headers, ...WWW_AUTHENTICATE } : error.headers;
  return { status, body: { errors }, headers };
}

/** The key of a `Basic` Authorization header: its password (v1 clients send the key so). */
function basicPassword(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (match === null) return undefined;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const at = text.indexOf(":");
  return at === -1 ? text : text.slice(at + 1);
}

/** The key `params` (`api_key`) or the Basic password give, unless empty. */
function presentedKey(request: ServiceRequest, params: V1Record): string | undefined {
  const given = params.api_key;
  if (typeof given === "string" && given !== "") return given;
  const key = basicPassword(request.header("authorization"));
  return key === "" ? undefined : key;
}

/** Checks the v1 credentials against the API keys; returns the key's label. */
export function checkV1Credentials(
  service: ServiceContext,
  request: ServiceRequest,
  params: V1Record,
): string {
  const key = presentedKey(request, params);
  if (key === undefined) {
    throw v1Error(
      401,
      "Missing api_key: add ?api_key=KEY (a key from `tourney serve key create`) or send it as the HTTP Basic password",
    );
  }
  // The service's own credential check, given the key as v2.1 carries it: the same key
  // records, and whatever that check attaches to a request (its account and scopes).
  const presented = {
    method: request.method,
    path: request.path,
    query: new URLSearchParams(),
    header: (name: string) => {
      const lower = name.toLowerCase();
      if (lower === "authorization") return key;
      return lower === "authorization-type" ? "v1" : undefined;
    },
  };
  try {
    return checkCredentials(service, presented);
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) throw v1Error(401, invalidKey(key));
    throw error;
  }
}

/** Why `key` was refused: an OAuth token is named as one (v1 takes API keys only; never quoted). */
function invalidKey(key: string): string {
  if (key.startsWith(ACCESS_TOKEN_PREFIX) || key.startsWith(REFRESH_TOKEN_PREFIX))
    return "Invalid api_key: this is an OAuth token, and the v1 interface takes API keys only (a key from `tourney serve key create`); a token goes to /v2.1 as Authorization: Bearer <token> with Authorization-Type: v2";
  return "Invalid api_key: it is not a key of this server";
}

/**
 * A v1 route as a router handler: parameters, credentials, then `route`;
 * `rename` turns a v2.1 JSON pointer in an error back into a v1 name.
 */
export function v1Handler(
  service: ServiceContext,
  route: V1Route,
  rename: (pointer: string, detail: string) => string = (_, detail) => detail,
): Handler {
  return (request) => {
    try {
      let params: V1Record;
      try {
        params = readV1Params(request);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        refuseBodyAfterLookup(service, request, error);
      }
      checkV1Credentials(service, request, params);
      return { status: 200, body: route({ request, params, origin: request.origin }) };
    } catch (error) {
      return errorReply(error, rename);
    }
  };
}

/**
 * A refused body (not JSON, bad bracket notation, a type v1 does not read) is said only once
 * the path's records are found, as v2.1 says it: an unknown or hidden tournament, participant,
 * match or attachment is 404 whatever the body. Until 2026-11-28 every v1 request read its
 * body first: 'PUT /v1/tournaments/nonexist.json' with a body that is no JSON was 422. A refusal
 * of the query string is the URL's, said first as before; a request whose key could only be in
 * the refused body (none in the query or as the Basic password) gets the refusal.
 */
function refuseBodyAfterLookup(
  service: ServiceContext,
  request: ServiceRequest,
  refusal: ServiceError,
): never {
  const query = readV1Query(request);
  if (presentedKey(request, query) === undefined) throw refusal;
  checkV1Credentials(service, request, query);
  lookUpV1Path(service, request.params);
  throw refusal;
}
