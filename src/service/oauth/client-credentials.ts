/**
 * The client credentials grant (RFC 6749 §4.4) for confidential applications
 * registered with `tourney serve app add --confidential` (issue 25): the
 * application, authenticated by its secret (clients.ts), acts for itself, that
 * is for the user who registered it: it reads public records and that user's
 * own, within the scopes it was registered with (all of them, or those the
 * request's scope names). An access token alone: no refresh token (§4.4.3), the
 * application asks again with its secret.
 */
import type { TokenResponse } from "../../model/oauth.js";
import { ACCESS_TOKEN_PREFIX } from "../api-keys.js";
import type { OAuthClient } from "./clients.js";
import { OAuthError, refused } from "./errors.js";
import { type Params, readScopes } from "./form.js";
import { isoAfter, newSecret, type OAuthServer, purgeBefore } from "./server.js";

function scopesAsked(client: OAuthClient & { app: NonNullable<OAuthClient["app"]> }, form: Params) {
  const registered = [...client.app.scopes].join(" ");
  const raw = form.get("scope");
  if (raw === undefined || raw.trim() === "") return registered;
  const asked = readScopes(raw).split(" ");
  const beyond = asked.filter((s) => !client.app.scopes.has(s));
  if (beyond.length > 0)
    throw refused(
      "invalid_scope",
      `${beyond.join(", ")} was not granted to ${client.name}; it may have ${registered}`,
    );
  return asked.join(" ");
}

export function clientCredentialsGrant(
  server: OAuthServer,
  form: Params,
  client: OAuthClient,
): TokenResponse {
  const app = client.app;
  if (client.secretHash === undefined || app === undefined)
    throw new OAuthError(
      400,
      "unauthorized_client",
      `client_credentials is for confidential applications (tourney serve app add --confidential); ${client.id} is a public client`,
    );
  const scopes = scopesAsked({ ...client, app }, form);
  const { service, settings } = server;
  const { tokens } = service.accounts;
  const now = service.now();
  tokens.purge(purgeBefore(server));
  const grant = tokens.createGrant(app.userId, client.id, scopes, now);
  const token = newSecret(ACCESS_TOKEN_PREFIX);
  tokens.insert({
    grantId: grant,
    kind: "access",
    token,
    scopes,
    now,
    expiresAt: isoAfter(server, settings.accessTokenSeconds),
  });
  return {
    access_token: token,
    token_type: "Bearer",
    expires_in: settings.accessTokenSeconds,
    scope: scopes,
  };
}
