/**
 * The CLI's side of OAuth outside `login`: form posts to the profile's OAuth endpoints
 * (over the remote transport, or CliDeps.oauthTransport in tests), and the renewal the API
 * client uses when the stored token has expired. Loaded only for a remote profile signed in
 * with a token: the embedded path never reaches it.
 */
import type { CredentialStore } from "../auth/credentials.js";
import type { OAuthAddresses } from "../auth/endpoints.js";
import { oauthEndpoints } from "../auth/endpoints.js";
import { renewStoredToken } from "../auth/session.js";
import type { FormPosterHandle } from "../client/form-post.js";
import type { TokenRenewal } from "../client/requester.js";
import type { Transport } from "../client/transport.js";
import { readConfigFile } from "../config/config-file.js";
import { LOCK_WAIT_MS } from "../config/file-lock.js";
import type { TourneyPaths } from "../config/paths.js";
import type { ResolvedProfile } from "../config/resolve.js";
import { findProfile } from "../config/settings.js";
import type { Env, IOStreams } from "./io.js";
import { VERSION } from "./version.js";

/** What this needs of the Factory (named here: the Factory loads this module). */
export interface OAuthHost {
  readonly io: IOStreams;
  readonly env: Env;
  readonly paths: TourneyPaths;
  readonly globals: { readonly verbose: boolean };
  readonly deps: {
    readonly now?: (() => Date) | undefined;
    readonly oauthTransport?: ((origin: string) => Transport) | undefined;
  };
  credentials(): CredentialStore;
}

/** Posts to OAuth endpoints with the profile's timeout, proxies and the verbose log. */
export async function oauthPoster(
  f: OAuthHost,
  timeoutSeconds?: number,
): Promise<FormPosterHandle> {
  const { createFormPoster } = await import("../client/form-post.js");
  const io = f.io;
  return createFormPoster({
    env: f.env,
    userAgent: `tourney/${VERSION}`,
    ...(timeoutSeconds === undefined ? {} : { responseTimeoutMs: timeoutSeconds * 1000 }),
    ...(f.globals.verbose ? { log: (line: string) => io.stderr.write(`${line}\n`) } : {}),
    ...(f.deps.oauthTransport === undefined ? {} : { makeTransport: f.deps.oauthTransport }),
  });
}

/** The OAuth addresses of a remote profile: its base URL, auth_url and device_url. */
export function profileAddresses(f: OAuthHost, profile: ResolvedProfile): OAuthAddresses {
  const settings = findProfile(readConfigFile(f.paths), profile.name) ?? {};
  return { baseUrl: profile.baseUrl!, authUrl: settings.auth_url, deviceUrl: settings.device_url };
}

/** Renews the profile's stored token now (refresh_token grant); the new access token. */
export async function renewProfileToken(
  f: OAuthHost,
  profile: ResolvedProfile,
  usedToken: string,
): Promise<string> {
  const poster = await oauthPoster(f, profile.timeoutSeconds);
  try {
    return await renewStoredToken({
      store: f.credentials(),
      profile: profile.name,
      tokenUrl: oauthEndpoints(profileAddresses(f, profile)).tokenUrl,
      post: poster.post,
      now: () => (f.deps.now?.() ?? new Date()).getTime(),
      usedToken,
      // Another command renewing holds the lock for its request: wait as long as one may take.
      lockWaitMs: profile.timeoutSeconds * 1000 + LOCK_WAIT_MS,
    });
  } finally {
    await poster.close();
  }
}

/**
 * A refresh token stored by a tourney that kept no token endpoint's origin belongs to the
 * profile's token endpoint as it is when first used: bound to it then, so that a later
 * auth_url does not take it along (auth/session.ts). When credentials.json cannot be
 * written, a renewal in this command sends it to the current one, as it would be bound.
 */
function bindFirstUse(f: OAuthHost, profile: ResolvedProfile): void {
  const tokenUrl = oauthEndpoints(profileAddresses(f, profile)).tokenUrl;
  try {
    f.credentials().bindAuthOrigin(profile.name, new URL(tokenUrl).origin);
  } catch {
    // Reading must not fail for a file it cannot write: the renewal checks nothing then.
  }
}

/**
 * The API client's renewal for a remote profile whose stored token came with a refresh
 * token (and its expiry, when known); undefined otherwise (an API key, a token from
 * TOURNEY_TOKEN or --with-token: nothing to renew with).
 */
export function tokenRenewal(f: OAuthHost, profile: ResolvedProfile): TokenRenewal | undefined {
  if (profile.backend !== "remote" || profile.credentialSource !== "stored") return undefined;
  const stored = f.credentials().get(profile.name);
  if (stored?.token === undefined || stored.refreshToken === undefined) return undefined;
  if (stored.authOrigin === undefined) bindFirstUse(f, profile);
  const expiresAt = stored.expiresAt === undefined ? Number.NaN : Date.parse(stored.expiresAt);
  return {
    ...(Number.isNaN(expiresAt) ? {} : { expiresAt }),
    renew: (usedToken) => renewProfileToken(f, profile, usedToken),
  };
}
