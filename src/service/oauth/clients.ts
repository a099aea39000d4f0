/**
 * The OAuth clients this server knows (issue 14, issue 25):
 *
 * - the tourney CLI (model/oauth.ts CLI_CLIENT_ID), a public client (it keeps
 *   no secret; PKCE stands in for one in the authorization code grant). As a
 *   native app it receives the code on a loopback address (RFC 8252 §7.3): http
 *   on 127.0.0.1, [::1] or localhost, any port;
 * - the applications registered with `tourney serve app add` (oauth-apps.ts):
 *   redirect URIs matched exactly; a confidential one authenticates with its
 *   secret (HTTP Basic or client_secret in the form, RFC 6749 §2.3.1) at the
 *   token and device authorization endpoints.
 */
import type { HttpRequest } from "../../model/http.js";
import { CLI_CLIENT_ID } from "../../model/oauth.js";
import { decodeUtf8 } from "../../model/strict-utf8.js";
import { hashSecret } from "../../store/credentials.js";
import { appStore } from "../oauth-apps.js";
import { OAuthError, refused, unknownClient } from "./errors.js";
import type { Params } from "./form.js";
import type { OAuthServer } from "./server.js";

export interface OAuthClient {
  readonly id: string;
  /** How the approval page names it. */
  readonly name: string;
  redirectAllowed(uri: string): boolean;
  /** A confidential application's secret (SHA-256, hex); undefined for a public client. */
  readonly secretHash?: string;
  /** A registered application: whom it acts for alone, and every scope it may be granted. */
  readonly app?: { readonly userId: number; readonly scopes: ReadonlySet<string> };
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

function isLoopbackRedirect(uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  return url.protocol === "http:" && LOOPBACK.has(url.hostname) && url.hash === "";
}

const CLI: OAuthClient = {
  id: CLI_CLIENT_ID,
  name: "the tourney command line",
  redirectAllowed: isLoopbackRedirect,
};

export function findClient(server: OAuthServer, id: string): OAuthClient | undefined {
  if (id === CLI_CLIENT_ID) return CLI;
  const row = appStore(server.service.db).findByClientId(id);
  if (row === undefined) return undefined;
  const uris = new Set(row.redirect_uris);
  return {
    id: row.client_id,
    name: row.name,
    redirectAllowed: (uri) => uris.has(uri),
    ...(row.secret_hash === null ? {} : { secretHash: row.secret_hash }),
    app: { userId: row.user_id, scopes: new Set(row.scopes.split(" ")) },
  };
}

/** The client a request names: invalid_request without one, invalid_client (401) for an unknown one. */
export function requireClient(server: OAuthServer, id: string | undefined): OAuthClient {
  if (id === undefined || id === "") throw refused("invalid_request", "client_id is required");
  const client = findClient(server, id);
  if (client === undefined) throw unknownClient(id);
  return client;
}

const BASIC_CHALLENGE = { "www-authenticate": 'Basic realm="tourney"' };

function badClient(description: string): OAuthError {
  return new OAuthError(401, "invalid_client", description, BASIC_CHALLENGE);
}

/** `Authorization: Basic` as client id and secret (each form-encoded, RFC 6749 §2.3.1). */
function basicCredentials(request: HttpRequest): { id: string; secret: string } | undefined {
  const header = Object.entries(request.headers).find(([k]) => k.toLowerCase() === "authorization");
  const value = header?.[1].trim();
  if (value === undefined || !/^basic\s/i.test(value)) return undefined;
  // Not UTF-8: refused, never read as U+FFFD (issue 24, item 7).
  const decoded = decodeUtf8(Buffer.from(value.slice(6).trim(), "base64"));
  if (!("text" in decoded)) throw badClient("the Basic credentials are not UTF-8");
  const text = decoded.text;
  const colon = text.indexOf(":");
  if (colon === -1) throw badClient("the Basic credentials are not client_id:client_secret");
  const decode = (s: string) => decodeURIComponent(s.replaceAll("+", " "));
  try {
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    throw badClient("the Basic credentials are not form-encoded");
  }
}

function sameHash(secret: string, hash: string): boolean {
  const { timingSafeEqual } = process.getBuiltinModule("node:crypto");
  return timingSafeEqual(Buffer.from(hashSecret(secret), "hex"), Buffer.from(hash, "hex"));
}

/**
 * The client of a token or device authorization request, authenticated: a
 * public client names itself (and sends no secret); a confidential application
 * sends its secret by HTTP Basic or as client_secret, one way only. A wrong or
 * missing secret is invalid_client (401).
 */
export function authenticateClient(
  server: OAuthServer,
  request: HttpRequest,
  form: Params,
): OAuthClient {
  const basic = basicCredentials(request);
  const named = form.get("client_id");
  const posted = form.get("client_secret");
  if (basic !== undefined && named !== undefined && named !== basic.id)
    throw refused("invalid_request", "client_id differs from the one in the Authorization header");
  if (basic !== undefined && posted !== undefined)
    throw refused("invalid_request", "send the client secret one way: HTTP Basic or client_secret");
  const client = requireClient(server, basic?.id ?? named);
  const secret = basic?.secret ?? posted;
  if (client.secretHash === undefined) {
    if (secret !== undefined && secret !== "")
      throw badClient(`${client.id} is a public client: it has no secret to send`);
    return client;
  }
  if (secret === undefined || secret === "")
    throw badClient(
      `${client.id} is a confidential application: authenticate with its secret (HTTP Basic, or client_secret)`,
    );
  if (!sameHash(secret, client.secretHash)) throw badClient(`wrong client secret for ${client.id}`);
  return client;
}

/**
 * The scopes a registered application may have of `asked` (space-separated):
 * those it was registered with (RFC 6749 §3.3: the consent page and the token
 * response say which); invalid_scope when none is left. The CLI may have any.
 */
export function boundScopes(client: OAuthClient, asked: string): string {
  if (client.app === undefined) return asked;
  const allowed = client.app.scopes;
  const scopes = asked
    .split(" ")
    .filter((s) => allowed.has(s))
    .join(" ");
  if (scopes === "")
    throw refused(
      "invalid_scope",
      `${client.name} may have none of ${asked}; it was registered with ${[...allowed].join(" ")}`,
    );
  return scopes;
}
