/**
 * A small router over plain request objects. The service does not build web
 * Request/Response objects: loading them costs more start-up time than the
 * whole of an embedded `tourney tournament list`.
 */
import type { HttpMethod } from "../model/http.js";

export interface ServiceRequest {
  readonly method: HttpMethod;
  /** Path without query, `.json` suffix or trailing slash. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The original path with its query. */
  readonly url: string;
  /**
   * Where this reply's links start (link-base.ts): `serve --public-url`, the
   * request's valid Host with `http://`, else serve's address or `http://localhost`.
   */
  readonly origin: string;
  header(name: string): string | undefined;
  readonly body: string;
  /** Who is asking: the API key's label when serving, "owner" in process. */
  readonly user: string;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The body is a function of the stored data, the request's URL and its user
   * alone (no clock, no randomness): its JSON text may be reused for the same
   * URL and user while nothing is written (service/reply-memo.ts).
   */
  readonly reusable?: boolean;
  /**
   * A reusable reply's body depends on this tournament alone (its row and the rows it
   * owns, which move its revision: store/tournament-revisions.ts), the URL and the user:
   * its ETag carries the tournament's revision instead of the store's generation, so a
   * write elsewhere leaves it (tournament-tags.ts). Unset: the store's generation.
   */
  readonly tournament?: number;
  /**
   * A reusable reply's body, made only when its text is not kept (app.ts): the route
   * checks first (its lookups, 404s, 400s) and says how to make the body, which a kept
   * text spares (a page of 25 matches: 25 records built for nothing). Called at most
   * once, within the request, after the route. Give `body` or this.
   */
  readonly makeBody?: () => unknown;
}

export type Handler = (request: ServiceRequest) => Reply;

/**
 * `handler` run for `service`: the handler a module function taking the service, not a
 * closure made for each service (issue 27). This is the one place such closures are made,
 * for every route of every service, so V8 compiles it once a process and calls each
 * handler from it without inlining it: the handler keeps its own optimised code when the
 * next service of the process runs it. A closure made once a service is compiled for that
 * service alone, with the handler inlined, and a process's next service ran it unoptimised.
 */
export function withService<S>(
  service: S,
  handler: (service: S, request: ServiceRequest) => Reply,
): Handler {
  return (request) => handler(service, request);
}

export type Match =
  | {
      readonly kind: "found";
      readonly handler: Handler;
      readonly params: Readonly<Record<string, string>>;
    }
  | { readonly kind: "method"; readonly allowed: readonly string[] }
  | { readonly kind: "none" };

const NONE: Match = { kind: "none" };

/** A node of the route tree: one path segment deep. */
class Node {
  readonly statics = new Map<string, Node>();
  param: { readonly name: string; readonly node: Node } | undefined;
  readonly handlers = new Map<string, Handler>();
}

/** GET matches kept by path (`Router.match`); past this many they are dropped and kept anew. */
const MAX_KEPT_MATCHES = 512;
/** Longer paths are matched each time, not kept (at most 512 x 256 characters kept). */
const MAX_KEPT_PATH = 256;

const SLASH = 47;

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

/**
 * Routes as a tree of path segments. At each segment a static match outranks
 * a parameter (so `/tournaments/:t/participants/bulk_add` wins over
 * `/tournaments/:t/participants/:p`); the tree is walked depth first, static
 * branches before the parameter branch.
 */
export class Router {
  private readonly root = new Node();
  /** Path prefixes whose routes check their own credentials (v1's api_key). */
  readonly #ownAuthentication: string[] = [];
  /**
   * What `match` found for each method and path lately: a client asks for the same few
   * paths again and again, and splitting and walking one was 1-1.5 us of the ~18 us a
   * GET of a tournament takes in the service (--cpu-prof). The parameters are frozen:
   * every request of the path shares them. GETs only: a write's path names what it
   * writes (a report's, its match) and seldom comes again, so keeping it cost a key, a
   * miss, an insert and a clear every 512 for nothing. With the segments read in place
   * (find), router.match over a 1,024-player double elimination's paths (a GET of the
   * open matches a round, a PUT a match) took 0.67-0.81 -> 0.25-0.33 us a match, 0.36-0.44x
   * (medians of 100 passes alternated with f95e91b's router in one process, load 4-7;
   * GETs only alone 0.62-0.73x); its self time in a --cpu-prof of six played cases
   * 152 -> 34 ms (116 with GETs only).
   */
  readonly #kept = new Map<string, Match>();

  /** Routes under `prefix` authenticate themselves: the service's header check skips them. */
  authenticatesUnder(prefix: string): void {
    this.#ownAuthentication.push(prefix);
  }

  /** Whether the routes of `path` check their own credentials. */
  authenticatesItself(path: string): boolean {
    for (const prefix of this.#ownAuthentication)
      if (path === prefix || path.startsWith(`${prefix}/`)) return true;
    return false;
  }

  add(method: HttpMethod, pattern: string, handler: Handler): void {
    let node = this.root;
    for (const segment of split(pattern)) {
      if (segment.startsWith(":")) {
        const name = segment.slice(1);
        if (node.param !== undefined && node.param.name !== name)
          throw new Error(`route ${pattern}: parameter :${name} clashes with :${node.param.name}`);
        node.param ??= { name, node: new Node() };
        node = node.param.node;
      } else {
        let next = node.statics.get(segment);
        if (next === undefined) {
          next = new Node();
          node.statics.set(segment, next);
        }
        node = next;
      }
    }
    node.handlers.set(method, handler);
    this.#kept.clear();
  }

  get(pattern: string, handler: Handler): void {
    this.add("GET", pattern, handler);
  }
  post(pattern: string, handler: Handler): void {
    this.add("POST", pattern, handler);
  }
  put(pattern: string, handler: Handler): void {
    this.add("PUT", pattern, handler);
  }
  delete(pattern: string, handler: Handler): void {
    this.add("DELETE", pattern, handler);
  }

  match(method: string, path: string): Match {
    if (method !== "GET" || path.length > MAX_KEPT_PATH) return this.#walk(method, path);
    const key = `${method} ${path}`;
    let match = this.#kept.get(key);
    if (match === undefined) {
      match = this.#walk(method, path);
      if (this.#kept.size >= MAX_KEPT_MATCHES) this.#kept.clear();
      this.#kept.set(key, match);
    }
    return match;
  }

  #walk(method: string, path: string): Match {
    const params: Record<string, string> = {};
    const allowed: string[] = [];
    const found = find(this.root, path, 0, method, params, allowed);
    if (found !== undefined)
      return { kind: "found", handler: found, params: Object.freeze(params) };
    return allowed.length > 0 ? { kind: "method", allowed: Object.freeze(allowed) } : NONE;
  }
}

/**
 * The handler for `method` at the segments of `path` from `at` below `node`, filling
 * `params`; on the way, the methods of every path that matches go into `allowed`.
 * Segments are read in place (empty ones skipped, as split does), not split first.
 */
function find(
  node: Node,
  path: string,
  at: number,
  method: string,
  params: Record<string, string>,
  allowed: string[],
): Handler | undefined {
  let start = at;
  while (start < path.length && path.charCodeAt(start) === SLASH) start++;
  if (start === path.length) {
    const handler = node.handlers.get(method);
    if (handler !== undefined) return handler;
    for (const m of node.handlers.keys()) if (!allowed.includes(m)) allowed.push(m);
    return undefined;
  }
  let end = path.indexOf("/", start);
  if (end === -1) end = path.length;
  const segment = path.slice(start, end);
  const next = node.statics.get(segment);
  if (next !== undefined) {
    const handler = find(next, path, end, method, params, allowed);
    if (handler !== undefined) return handler;
  }
  const param = node.param;
  if (param === undefined) return undefined;
  let value: string;
  try {
    value = segment.includes("%") ? decodeURIComponent(segment) : segment;
  } catch {
    return undefined;
  }
  const handler = find(param.node, path, end, method, params, allowed);
  if (handler !== undefined) params[param.name] = value;
  return handler;
}
