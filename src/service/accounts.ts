/**
 * Accounts and API keys of a served database (issue 14): what `tourney serve
 * user ...` and `tourney serve key ...` do, and what tests and `serve` itself
 * call through Service.admin. Inputs are checked here; refusals come back as
 * outcomes with the reason, for the CLI to word as usage errors.
 */
import { isOAuthScope, OAUTH_SCOPES } from "../model/oauth.js";
import type { ApiKeyRepository } from "../store/api-keys-repository.js";
import { OWNER_ID } from "../store/credentials.js";
import { openDatabase } from "../store/database.js";
import { type AccountStore, openStore } from "../store/store.js";
import { newApiKey } from "./api-keys.js";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords.js";
import type { AccountAdmin, KeyInfo, NewAccount, Outcome, ServeAdmin, UserInfo } from "./types.js";

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function checkAccount(input: NewAccount): string | undefined {
  if (!USERNAME.test(input.username))
    return `a username is 1 to 40 letters, digits, '.', '_' or '-' (starting with a letter or digit), not ${JSON.stringify(input.username)}`;
  if (input.email != null && !/^[^\s@]+@[^\s@]+$/.test(input.email))
    return `${JSON.stringify(input.email)} is not an email address`;
  if (input.imageUrl != null && !/^https?:\/\/\S+$/.test(input.imageUrl))
    return `the image URL must be an http or https URL, not ${JSON.stringify(input.imageUrl)}`;
  if (input.password != null) return checkPassword(input.password);
  return undefined;
}

function checkPassword(password: string): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH
    ? `a password has at least ${MIN_PASSWORD_LENGTH} characters`
    : undefined;
}

/** Scopes as given to the stored list; undefined or empty: every scope. */
function checkScopes(scopes: readonly string[] | undefined): Outcome<readonly string[] | null> {
  if (scopes === undefined || scopes.length === 0) return { ok: true, value: null };
  const unknown = scopes.filter((s) => !isOAuthScope(s));
  if (unknown.length > 0)
    return refuse(`unknown scope ${unknown.join(", ")}; the scopes are ${OAUTH_SCOPES.join(" ")}`);
  return { ok: true, value: OAUTH_SCOPES.filter((s) => scopes.includes(s)) };
}

export function accountAdmin(
  accounts: AccountStore,
  keys: ApiKeyRepository,
  now: () => string,
): AccountAdmin {
  const { users } = accounts;
  const userInfo = (): UserInfo[] =>
    users.list().map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      image_url: u.image_url,
      created_at: u.created_at,
      keys: u.keys,
      password: u.has_password === 1,
    }));
  return {
    addUser(input) {
      const problem = checkAccount(input);
      if (problem !== undefined) return refuse(problem);
      if (users.findByUsername(input.username) !== undefined)
        return refuse(`there is a user ${input.username} already`);
      const id = users.insert(
        {
          username: input.username,
          email: input.email ?? null,
          imageUrl: input.imageUrl ?? null,
          passwordHash: input.password == null ? null : hashPassword(input.password),
        },
        now(),
      );
      return { ok: true, value: userInfo().find((u) => u.id === id)! };
    },
    listUsers: userInfo,
    removeUser(username) {
      const user = users.findByUsername(username);
      if (user === undefined) return refuse(`no user ${username}`);
      if (user.id === OWNER_ID) return refuse("the owner account cannot be removed");
      return { ok: true, value: { moved: users.remove(user.id) ?? 0 } };
    },
    setPassword(username, password) {
      const user = users.findByUsername(username);
      if (user === undefined) return refuse(`no user ${username}`);
      const problem = checkPassword(password);
      if (problem !== undefined) return refuse(problem);
      users.setPassword(user.id, hashPassword(password));
      return { ok: true, value: undefined };
    },
    createKey(input) {
      const user = users.findByUsername(input.user ?? users.findById(OWNER_ID)!.username);
      if (user === undefined) return refuse(`no user ${input.user}`);
      const scopes = checkScopes(input.scopes);
      if (!scopes.ok) return scopes;
      const key = newApiKey();
      const id = keys.insert(input.label, key, now(), { userId: user.id, scopes: scopes.value });
      return { ok: true, value: { id, key, username: user.username } };
    },
    listKeys: (): KeyInfo[] => keys.list().map((k) => ({ ...k })),
    revokeKey: (id) => keys.revoke(id),
  };
}

/** Users and keys of the database at `dbPath`, on a connection of their own (`tourney serve user|key`). */
export function createServeAdmin(dbPath: string, now: () => Date = () => new Date()): ServeAdmin {
  const db = openDatabase(dbPath);
  const store = openStore(db, { cache: false });
  return {
    ...accountAdmin(store.accounts, store.apiKeys, () => now().toISOString()),
    close: () => db.close(),
  };
}
