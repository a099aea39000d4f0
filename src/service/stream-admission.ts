/**
 * Whose budget an API event stream takes (public/budgets.ts), asked once its credential is
 * checked: a valid credential's stream is counted per credential in the API streams' own
 * budget, a stream without one (in process, where no credential is asked) in the anonymous
 * streams' budget by its address, as the bracket page's. Before, every API stream took a
 * place in the anonymous budget before its credential was looked at, so 512 spectators'
 * streams (16 addresses, or one host with a /64) refused the organiser's `tourney watch` 503.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { HttpResponse } from "../model/http.js";
import { addressOf, type Release } from "./public/budgets.js";
import type { Service } from "./types.js";

/**
 * The 401 of the credential `headers` carry (none, or not valid), asked of the service by a
 * GET of id 0 (no row has it) in the family of `path` (`/v2.1/tournaments/x` ->
 * `/v2.1/tournaments/0`): the credential check runs before the route, and the route's 404
 * tells nothing of `path`'s own record. A method not allowed is 405 whatever the scopes.
 */
export function credentialRefusal(
  service: Service,
  path: string,
  headers: Record<string, string>,
): HttpResponse | undefined {
  const probe = `${path.slice(0, path.lastIndexOf("/"))}/0`;
  const answer = service.handleSync({ method: "GET", path: probe, headers, lowerCaseNames: true });
  return answer.status === 401 ? answer : undefined;
}

/** The stream's place in its budget, or the refusal (401; 429 or 503 past the budget). */
export function admitStream(
  service: Service,
  path: string,
  req: IncomingMessage,
  headers: Record<string, string>,
): Release | HttpResponse {
  const refused = credentialRefusal(service, path, headers);
  if (refused !== undefined) return refused;
  const credential = headers.authorization?.trim() ?? "";
  if (credential === "") return service.events.streams.admit(addressOf(req));
  return service.events.apiStreams.admit(credentialKey(credential));
}

/** A credential's key in the budget: a token sent with or without `Bearer` is one credential. */
function credentialKey(credential: string): string {
  const token = credential.replace(/^bearer\s+/i, "");
  return createHash("sha256").update(token).digest("base64url");
}
