/** HTTP-shaped request and response exchanged between the client and the service. */

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS";

export interface HttpRequest {
  readonly method: HttpMethod;
  /** Absolute path from the service root, with query string: "/v2.1/tournaments?page=2". */
  readonly path: string;
  /** Header names are matched case-insensitively. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * Every name in `headers` is in lower case (serve's HTTP adapter: Node gives them
   * so): a header not found under its lower-case name is absent, with no search.
   */
  readonly lowerCaseNames?: true;
  readonly body?: string;
  /**
   * The address of the peer that sent it (serve's HTTP adapter sets it from the
   * socket; undefined in process). Sign-in limits count per address (service/oauth/limits.ts).
   */
  readonly clientAddress?: string;
}

export interface HttpResponse {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /**
   * The body already parsed, when the response never crossed a wire (the
   * in-process service): readers use it instead of parsing `body` again.
   */
  readonly json?: unknown;
  /** The body's length in UTF-8 bytes, when it is known without counting (a kept reply text). */
  readonly bodyBytes?: number | undefined;
}
