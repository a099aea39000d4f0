/**
 * Registered OAuth applications of a served database (issue 25): what `tourney
 * serve app add|list|remove` do. An application belongs to a user (default the
 * owner); a confidential one gets a secret, returned once (only its hash is
 * kept); its redirect URIs are matched exactly by the authorization endpoint;
 * its scopes bound every grant it gets. The OAuth server finds them by client
 * id (oauth/clients.ts). Refusals come back as outcomes with the reason.
 */
import { isOAuthScope, OAUTH_SCOPES } from "../model/oauth.js";
import { hashSecret, OWNER_ID } from "../store/credentials.js";
import { type Db, openDatabase } from "../store/database.js";
import { OAuthAppRepository, type OAuthAppRow } from "../store/oauth-apps-repository.js";
import { UserRepository } from "../store/users-repository.js";
import type { Outcome } from "./types.js";

export interface NewApp {
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly confidential: boolean;
  /** The user the application acts for under client_credentials; default the owner. */
  readonly user?: string;
  /** The scopes it may be granted; default every scope. */
  readonly scopes?: readonly string[];
}

export interface AppInfo {
  readonly client_id: string;
  readonly name: string;
  readonly confidential: boolean;
  readonly user: string;
  readonly redirect_uris: readonly string[];
  readonly scopes: readonly string[];
  readonly created_at: string;
}

export interface AddedApp {
  readonly app: AppInfo;
  /** The confidential application's secret, shown this once; null for a public one. */
  readonly secret: string | null;
}

export interface AppAdmin {
  add(input: NewApp): Outcome<AddedApp>;
  list(): AppInfo[];
  /** Removes it and revokes every grant it holds; false when no application has that id. */
  remove(clientId: string): boolean;
  close(): void;
}

const repositories = new WeakMap<Db, OAuthAppRepository>();

/** The applications of a connection (one repository per connection). */
export function appStore(db: Db): OAuthAppRepository {
  let repo = repositories.get(db);
  if (repo === undefined) {
    repo = new OAuthAppRepository(db);
    repositories.set(db, repo);
  }
  return repo;
}

/** Why a redirect URI cannot be registered, or undefined. */
function redirectProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect URI ${JSON.stringify(uri)} is not an absolute URI (like https://app.example/callback)`;
  }
  if (uri.includes("#")) return `redirect URI ${uri} must not carry a fragment (RFC 6749 §3.1.2)`;
  // http(s), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1).
  const scheme = url.protocol.slice(0, -1);
  if (scheme !== "http" && scheme !== "https" && !scheme.includes("."))
    return `redirect URI ${uri}: use http, https or a reverse-domain scheme (com.example.app:/callback)`;
  return undefined;
}

function problemOf(input: NewApp): string | undefined {
  const name = input.name.trim();
  if (name === "" || name.length > 60 || /[\p{Cc}]/u.test(name))
    return "an application name is 1 to 60 characters, without control characters";
  for (const uri of input.redirectUris) {
    const problem = redirectProblem(uri);
    if (problem !== undefined) return problem;
  }
  const unknown = (input.scopes ?? []).filter((s) => !isOAuthScope(s));
  if (unknown.length > 0)
    return `unknown scope ${unknown.join(", ")}; the scopes are ${OAUTH_SCOPES.join(" ")}`;
  return undefined;
}

function info(row: OAuthAppRow): AppInfo {
  return {
    client_id: row.client_id,
    name: row.name,
    confidential: row.confidential,
    user: row.username,
    redirect_uris: row.redirect_uris,
    scopes: row.scopes.split(" ").filter((s) => s !== ""),
    created_at: row.created_at,
  };
}

export function appAdmin(db: Db, now: () => string): Omit<AppAdmin, "close"> {
  const apps = appStore(db);
  const users = new UserRepository(db);
  return {
    add(input) {
      const problem = problemOf(input);
      if (problem !== undefined) return { ok: false, reason: problem };
      const user =
        input.user === undefined ? users.findById(OWNER_ID) : users.findByUsername(input.user);
      if (user === undefined) return { ok: false, reason: `no user ${input.user}` };
      const { randomBytes } = process.getBuiltinModule("node:crypto");
      const clientId = `app_${randomBytes(12).toString("base64url")}`;
      const secret = input.confidential ? `tcs_${randomBytes(32).toString("base64url")}` : null;
      const asked = input.scopes ?? [];
      const scopes = OAUTH_SCOPES.filter((s) => asked.length === 0 || asked.includes(s));
      apps.insert({
        clientId,
        name: input.name.trim(),
        userId: user.id,
        secretHash: secret === null ? null : hashSecret(secret),
        redirectUris: [...new Set(input.redirectUris)],
        scopes: scopes.join(" "),
        now: now(),
      });
      return { ok: true, value: { app: info(apps.findByClientId(clientId)!), secret } };
    },
    list: () => apps.list().map(info),
    remove: (clientId) => apps.remove(clientId, now()),
  };
}

/** The applications of the database at `dbPath`, on a connection of their own. */
export function createAppAdmin(dbPath: string, now: () => Date = () => new Date()): AppAdmin {
  const db = openDatabase(dbPath);
  return { ...appAdmin(db, () => now().toISOString()), close: () => db.close() };
}
