/** A request as routes see it (router.ts ServiceRequest), made from an HttpRequest. */
import type { HttpMethod, HttpRequest } from "../model/http.js";
import type { LinkOrigin } from "./link-base.js";
import { parseQuery } from "./query-string.js";
import type { ServiceRequest } from "./router.js";

/** Every path works with and without `.json`, and with a trailing slash. */
export function normalizePath(raw: string): string {
  let path = raw;
  if (path.endsWith(".json")) path = path.slice(0, -5);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return path;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** The query and case-blind headers are worked out on first use, and so is the links' origin. */
export class IncomingRequest implements ServiceRequest {
  readonly method: HttpMethod;
  readonly path: string;
  readonly url: string;
  readonly body: string;
  params: Readonly<Record<string, string>> = NO_PARAMS;
  user = "owner";
  readonly #rawQuery: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #lowerCaseNames: boolean;
  readonly #origins: LinkOrigin;
  #query: URLSearchParams | undefined;
  #origin: string | undefined;

  constructor(request: HttpRequest, origins: LinkOrigin) {
    const at = request.path.indexOf("?");
    this.method = request.method;
    this.path = normalizePath(at === -1 ? request.path : request.path.slice(0, at));
    this.url = request.path;
    this.body = request.body ?? "";
    this.#rawQuery = at === -1 ? "" : request.path.slice(at + 1);
    this.#headers = request.headers;
    this.#lowerCaseNames = request.lowerCaseNames === true;
    this.#origins = origins;
  }

  /** The query's parameters; a bad percent escape throws a 400 naming its parameter (query-string.ts). */
  get query(): URLSearchParams {
    this.#query ??= parseQuery(this.#rawQuery);
    return this.#query;
  }

  get origin(): string {
    this.#origin ??= this.#origins.of(this.header("host"));
    return this.#origin;
  }

  /**
   * A header by its name in any case. Callers name them in lower case, and serve's
   * requests are (HttpRequest.lowerCaseNames): then a header not sent costs one
   * look-up, not a lower-case copy of them all (a GET misses several: 1 us of ~18).
   */
  header(name: string): string | undefined {
    const direct = this.#headers[name];
    if (direct !== undefined) return direct;
    const key = name.toLowerCase();
    if (this.#lowerCaseNames) return key === name ? undefined : this.#headers[key];
    // An in-process request names a few headers: each of its names is looked at, those of
    // the same length lower-cased, rather than a lower-case copy of them all made (a
    // report asks for two headers it does not send: 640 bytes of its 16 KB; issue 27).
    // The last of two names that differ only in case wins, as it did in the copy.
    let found: string | undefined;
    for (const k in this.#headers) {
      if (k.length === key.length && Object.hasOwn(this.#headers, k) && k.toLowerCase() === key)
        found = this.#headers[k];
    }
    return found;
  }
}
