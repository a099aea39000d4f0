/**
 * The OAuth clients this server knows. One: the tourney CLI (model/oauth.ts
 * CLI_CLIENT_ID), a public client (it keeps no secret; PKCE stands in for one
 * in the authorization code grant). As a native app it receives the code on a
 * loopback address (RFC 8252 §7.3): http on 127.0.0.1, [::1] or localhost, any port.
 */
import { CLI_CLIENT_ID } from "../../model/oauth.js";
import { refused, unknownClient } from "./errors.js";

export interface OAuthClient {
  readonly id: string;
  /** How the approval page names it. */
  readonly name: string;
  redirectAllowed(uri: string): boolean;
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

const CLIENTS: ReadonlyMap<string, OAuthClient> = new Map([
  [
    CLI_CLIENT_ID,
    { id: CLI_CLIENT_ID, name: "the tourney command line", redirectAllowed: isLoopbackRedirect },
  ],
]);

export function findClient(id: string): OAuthClient | undefined {
  return CLIENTS.get(id);
}

/** The client a token request names: invalid_request without one, invalid_client (401) for an unknown one. */
export function requireClient(id: string | undefined): OAuthClient {
  if (id === undefined || id === "") throw refused("invalid_request", "client_id is required");
  const client = findClient(id);
  if (client === undefined) throw unknownClient(id);
  return client;
}
