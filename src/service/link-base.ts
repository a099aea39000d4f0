/**
 * The links of a reply (issue 25): absolute and with `.json`, as the published
 * description draws them (`{base_url}/v2.1/races/1.json`). Every link of the
 * service is made by `link` from a request's origin (ServiceRequest.origin):
 *
 * - `serve --public-url URL`: that URL, for every request;
 * - else the request's `Host`, with `http://`, when it is a plain host[:port]
 *   (model/public-url.ts): a Host of anything else (a path, CR/LF, 5,000
 *   characters) is never put into a link;
 * - else the address `serve` listens on (`listening`), or, in process (the
 *   embedded backend: no HTTP, no Host), `http://localhost`.
 *
 * No proxy header (`X-Forwarded-Proto`, `-Host`) is read: behind a proxy, give
 * `--public-url`.
 */
import { isHostAndPort } from "../model/public-url.js";

/** The origin of links in process (no HTTP) and before `serve` is bound. */
export const IN_PROCESS_ORIGIN = "http://localhost";

/** Hosts whose origin is kept (a client sends one Host a connection; a Host is the client's to choose). */
const MAX_KEPT_HOSTS = 64;

export class LinkOrigin {
  #listening: string | undefined;
  /**
   * The origin of each valid Host seen, as sent: the check (a regex and a URL parse)
   * was 1.5-2 us of the ~18 us a GET of a tournament takes in the service (--cpu-prof).
   * Invalid ones are not kept (their origin is `listening`'s, which changes once).
   */
  readonly #kept = new Map<string, string>();

  /** `publicUrl`: already checked (model/public-url.ts parsePublicUrl). */
  constructor(private readonly publicUrl?: string) {}

  /** serve's HTTP adapter, once bound: links of requests without a valid Host point here. */
  listening(origin: string): void {
    this.#listening = origin;
  }

  /** The origin of the links of a request with this `Host` header. */
  of(host: string | undefined): string {
    if (this.publicUrl !== undefined) return this.publicUrl;
    if (host === undefined) return this.#listening ?? IN_PROCESS_ORIGIN;
    const kept = this.#kept.get(host);
    if (kept !== undefined) return kept;
    const given = host.toLowerCase();
    if (!isHostAndPort(given)) return this.#listening ?? IN_PROCESS_ORIGIN;
    if (this.#kept.size >= MAX_KEPT_HOSTS) this.#kept.clear();
    const origin = `http://${given}`;
    this.#kept.set(host, origin);
    return origin;
  }
}

/**
 * The link to a service path: `root` (an origin and the API's base path,
 * `http://host:4870/v2.1`), `path` (`/races/1`), `.json`, then the query if any.
 */
export function link(root: string, path: string, query = ""): string {
  return `${root}${path}.json${query === "" ? "" : `?${query}`}`;
}

/** The root of a request's links: its origin and the API's base path (`http://host:4870/v2.1`). */
export function rootOf(request: { readonly origin: string }, basePath: string): string {
  return `${request.origin}${basePath}`;
}
