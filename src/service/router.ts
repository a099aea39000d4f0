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
  /** The original path with its query, for links. */
  readonly url: string;
  header(name: string): string | undefined;
  readonly body: string;
  /** Who is asking: the API key's label when serving, "owner" in process. */
  readonly user: string;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type Handler = (request: ServiceRequest) => Reply;

interface Route {
  readonly method: HttpMethod;
  readonly segments: readonly string[];
  readonly handler: Handler;
}

export type Match =
  | { readonly kind: "found"; readonly handler: Handler; readonly params: Record<string, string> }
  | { readonly kind: "method"; readonly allowed: readonly string[] }
  | { readonly kind: "none" };

function split(path: string): string[] {
  return path.split("/").filter((s) => s !== "");
}

/** Static segments outrank parameters, position by position. */
function compareSpecificity(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = Number(a[i]!.startsWith(":")) - Number(b[i]!.startsWith(":"));
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function matchSegments(
  route: readonly string[],
  path: readonly string[],
): Record<string, string> | undefined {
  if (route.length !== path.length) return undefined;
  // Static segments first: most routes fail there, before any parameter is decoded.
  for (let i = 0; i < route.length; i++) {
    const want = route[i]!;
    if (want.charCodeAt(0) !== 58 /* ":" */ && want !== path[i]) return undefined;
  }
  const params: Record<string, string> = {};
  for (let i = 0; i < route.length; i++) {
    const want = route[i]!;
    if (want.charCodeAt(0) !== 58) continue;
    try {
      params[want.slice(1)] = decodeURIComponent(path[i]!);
    } catch {
      return undefined;
    }
  }
  return params;
}

export class Router {
  private readonly routes: Route[] = [];
  private sorted = true;

  add(method: HttpMethod, pattern: string, handler: Handler): void {
    this.routes.push({ method, segments: split(pattern), handler });
    this.sorted = false;
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
    if (!this.sorted) {
      this.routes.sort((a, b) => compareSpecificity(a.segments, b.segments));
      this.sorted = true;
    }
    const segments = split(path);
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route.segments, segments);
      if (params === undefined) continue;
      if (route.method === method) return { kind: "found", handler: route.handler, params };
      allowed.push(route.method);
    }
    return allowed.length > 0 ? { kind: "method", allowed } : { kind: "none" };
  }
}
