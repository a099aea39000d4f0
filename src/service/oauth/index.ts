/**
 * The OAuth 2.0 authorization server of `tourney serve` (issue 14), at the
 * paths of model/oauth.ts OAUTH_PATHS, answered apart from the v2.1 routes:
 * form-encoded requests, RFC 6749 JSON errors, HTML pages. Each request is one
 * ServiceContext.inRequest (one clock reading, one look at other connections'
 * commits), like every other request; a sign-in goes on in another once its
 * password is hashed, off the event loop (sign-in.ts).
 *
 * POST /oauth/device/code   device authorization (RFC 8628 §3.1)        device.ts
 * POST /oauth/token         token endpoint: device_code, authorization_code
 *                           (PKCE S256), refresh_token                  token.ts
 * POST /oauth/revoke        token revocation (RFC 7009)                 token.ts
 * GET  /oauth/device        sign-in page (?user_code= prefills the code) device.ts
 * POST /oauth/device        sign in and check the code; approval page    device.ts
 * POST /oauth/device/approve  approve or deny                           device.ts
 * GET  /oauth/authorize     authorization request: consent page         authorize.ts
 * POST /oauth/authorize     sign in and decide; redirect with the code   authorize.ts
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import type { ServiceContext } from "../context.js";
import { isStorageFailure, NOT_SAVED_DETAIL } from "../storage-failure.js";
import type { OAuthSettings } from "../types.js";
import { authorizeDecision, authorizePage } from "./authorize.js";
import { deviceAuthorization, deviceDecision, devicePage, deviceSignIn } from "./device.js";
import { busyError, errorResponse, isBusy, OAuthError } from "./errors.js";
import { pathOf } from "./form.js";
import { escapeHtml, htmlPage } from "./pages.js";
import { type OAuthServer, openOAuthServer } from "./server.js";
import { revokeEndpoint, tokenEndpoint } from "./token.js";

/** Sign-in endpoints answer later: the password is hashed off the event loop (sign-in.ts). */
type Endpoint = (server: OAuthServer, request: HttpRequest) => HttpResponse | Promise<HttpResponse>;

const ENDPOINTS: ReadonlyMap<string, ReadonlyMap<string, Endpoint>> = new Map([
  ["/oauth/device/code", new Map([["POST", deviceAuthorization]])],
  ["/oauth/token", new Map([["POST", tokenEndpoint]])],
  ["/oauth/revoke", new Map([["POST", revokeEndpoint]])],
  [
    "/oauth/device",
    new Map<string, Endpoint>([
      ["GET", devicePage],
      ["POST", deviceSignIn],
    ]),
  ],
  ["/oauth/device/approve", new Map([["POST", deviceDecision]])],
  [
    "/oauth/authorize",
    new Map<string, Endpoint>([
      ["GET", authorizePage],
      ["POST", authorizeDecision],
    ]),
  ],
]);

/** Whether a request is the OAuth server's (its path under /oauth/). */
export function isOAuthPath(path: string): boolean {
  return path.startsWith("/oauth/") || path === "/oauth";
}

/**
 * A path or method the OAuth server does not have, as RFC 6749 §5.2 words an error
 * (`invalid_request`, docs/serve.md): before, v2.1's `{"errors": [...]}`, which an OAuth client
 * does not read. Its headers (Allow) kept.
 */
function notAnswered(status: number, description: string, headers: Record<string, string> = {}) {
  return errorResponse(new OAuthError(status, "invalid_request", description, headers));
}

function notFound(path: string): HttpResponse {
  return notAnswered(404, `no such path: ${path}`);
}

/** An endpoint's Allow: its methods, HEAD with GET, and OPTIONS. */
function allowOf(methods: ReadonlyMap<string, Endpoint>): string {
  const allowed = [...methods.keys()];
  return [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
}

export type OAuthHandler = (request: HttpRequest) => Promise<HttpResponse>;

/** The endpoints clients call (JSON answers); the others are pages a person's browser shows. */
const CLIENT_ENDPOINTS: ReadonlySet<string> = new Set([
  "/oauth/device/code",
  "/oauth/token",
  "/oauth/revoke",
]);

/**
 * A busy database (another process holds the write lock past the busy timeout), in the
 * shape of the endpoint asked: RFC 6749 JSON to a client, a page to a person's browser;
 * both 503 with `Retry-After: 1`. Before, a JSON 500 "internal error" (http-server.ts).
 */
function busy(path: string): HttpResponse {
  if (CLIENT_ENDPOINTS.has(path)) return errorResponse(busyError());
  const text =
    "The database is busy: another process is writing to it. Nothing was done: wait a moment, then send the form again.";
  return htmlPage(503, "Server busy", `<p>${text}</p>`, { headers: { "retry-after": "1" } });
}

/** How long a client is told to wait after a write the disk refused (the v2.1 routes' NOT_SAVED). */
const NOT_SAVED_RETRY = { "retry-after": "30" } as const;

/**
 * A write the database could not save (a full or failing disk: storage-failure.ts), in the
 * shape of the endpoint asked: RFC 6749 JSON `temporarily_unavailable` to a client, a page
 * to a person's browser; both 503 with `Retry-After: 30`, as the v2.1 routes answer it
 * (docs/serve.md). Before, a JSON 500 "internal error" (a statement refused), or v2.1's
 * `{"errors": [...]}` without Retry-After (the group's commit refused: commit-group.ts).
 */
export function notSavedResponse(path: string): HttpResponse {
  if (CLIENT_ENDPOINTS.has(path))
    return errorResponse(
      new OAuthError(503, "temporarily_unavailable", NOT_SAVED_DETAIL, NOT_SAVED_RETRY),
    );
  const text =
    "The change could not be saved: the server could not write its database (is its disk full?). Nothing was done: try again later.";
  return htmlPage(503, "Not saved", `<p>${text}</p>`, { headers: NOT_SAVED_RETRY });
}

/**
 * An error nobody foresaw (a bug, a damaged database), in the shape of the endpoint asked:
 * RFC 6749's `server_error` to a client (§4.1.2.1: the 500 an authorization server may not
 * send as a redirect), a page to a person's browser; both 500, nothing of the request kept.
 * Before, v2.1's `{"errors": [...]}` "internal error" (http-server.ts), which an OAuth client
 * cannot read.
 */
function serverError(path: string): HttpResponse {
  const what =
    "the server met an unexpected error and could not complete the request; nothing was done. Try again; if it happens again, whoever runs the server sees the error with TOURNEY_DEBUG=1 set";
  if (CLIENT_ENDPOINTS.has(path)) return errorResponse(new OAuthError(500, "server_error", what));
  const text = `${what[0]!.toUpperCase()}${what.slice(1)}.`;
  return htmlPage(500, "Server error", `<p>${text}</p>`);
}

/**
 * A write refused because serve's database file was replaced under it (file-replaced.ts), in
 * the shape of the endpoint asked: 503 with `temporarily_unavailable` to a client, a page to a
 * browser. No Retry-After: a retry cannot succeed before serve is restarted.
 */
export function fileReplacedResponse(path: string, detail: string): HttpResponse {
  if (CLIENT_ENDPOINTS.has(path))
    return errorResponse(new OAuthError(503, "temporarily_unavailable", detail));
  const text = `${detail[0]!.toUpperCase()}${detail.slice(1)}.`;
  return htmlPage(503, "Not saved", `<p>${escapeHtml(text)}</p>`);
}

function refusal(
  error: unknown,
  path: string,
  onError: ((error: unknown) => void) | undefined,
): HttpResponse {
  if (error instanceof OAuthError) return errorResponse(error);
  if (isBusy(error)) return busy(path);
  // serve says so on its terminal: a write the disk refused always (as for the v2.1 routes'
  // writes: issue 24, item 9), anything else with TOURNEY_DEBUG.
  onError?.(error);
  return isStorageFailure(error) ? notSavedResponse(path) : serverError(path);
}

/**
 * `options`: the service's lifetimes (`oauth`) and who is told of a write the disk refused
 * (`onError`); `origin`: the origin of the addresses given to clients for a request's Host
 * (OAuthServer.origin).
 */
export function createOAuthHandler(
  service: ServiceContext,
  options: { readonly oauth?: OAuthSettings; readonly onError?: (error: unknown) => void },
  origin: (host: string | undefined) => string,
): OAuthHandler {
  const { oauth: settings = {}, onError } = options;
  let server: OAuthServer | undefined;
  return async (request) => {
    const answer = service.inRequest(() => {
      server ??= openOAuthServer(service, settings, origin);
      const path = pathOf(request);
      const methods = ENDPOINTS.get(path);
      if (methods === undefined) return notFound(path);
      const endpoint = methods.get(request.method === "HEAD" ? "GET" : request.method);
      if (endpoint === undefined) {
        const allow = allowOf(methods);
        // The methods of the path, as every surface answers OPTIONS (a CORS preflight).
        if (request.method === "OPTIONS") return { status: 204, headers: { allow }, body: "" };
        return notAnswered(405, `${request.method} is not allowed on ${path}; use ${allow}`, {
          allow,
        });
      }
      try {
        return endpoint(server, request);
      } catch (error) {
        return refusal(error, path, onError);
      }
    });
    let response: HttpResponse;
    try {
      response = await answer;
    } catch (error) {
      response = refusal(error, pathOf(request), onError);
    }
    return request.method === "HEAD" ? { ...response, body: "" } : response;
  };
}
