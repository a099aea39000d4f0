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

export class LinkOrigin {
  #listening: string | undefined;

  /** `publicUrl`: already checked (model/public-url.ts parsePublicUrl). */
  constructor(private readonly publicUrl?: string) {}

  /** serve's HTTP adapter, once bound: links of requests without a valid Host point here. */
  listening(origin: string): void {
    this.#listening = origin;
  }

  /** The origin of the links of a request with this `Host` header. */
  of(host: string | undefined): string {
    if (this.publicUrl !== undefined) return this.publicUrl;
    const given = host?.toLowerCase();
    if (given !== undefined && isHostAndPort(given)) return `http://${given}`;
    return this.#listening ?? IN_PROCESS_ORIGIN;
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
