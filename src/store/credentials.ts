/**
 * What a verified credential (an API key or an OAuth access token) says about
 * whoever presents it: the account it acts for and the scopes it carries. The
 * rows the key and token repositories return for a credential have this shape,
 * and the store's cache holds them as they are: the service reads them on every
 * served request without building anything.
 */
import { OAUTH_SCOPES } from "../model/oauth.js";

export interface Credential {
  readonly user_id: number;
  readonly username: string;
  /** The scopes the credential carries; null: every scope (a key made without --scope). */
  readonly scopes: ReadonlySet<string> | null;
}

/** The owner account: made by migration 9, owner of every record made before accounts. */
export const OWNER_ID = 1;

/**
 * Stored scopes (space-separated, as OAuth writes them) to a set; NULL, or a
 * list naming every scope, is null, so a credential with every scope needs no
 * scope check at all.
 */
export function parseScopes(text: string | null): ReadonlySet<string> | null {
  if (text === null) return null;
  const scopes = new Set(text.split(" ").filter((s) => s !== ""));
  return OAUTH_SCOPES.every((s) => scopes.has(s)) ? null : scopes;
}

let crypto: typeof import("node:crypto") | undefined;

/**
 * The SHA-256 of a secret as stored (API keys, tokens, codes: each long and
 * random, so a fast hash suffices; passwords are another matter, see the
 * service's passwords.ts). node:crypto is loaded on first use and kept.
 */
export function hashSecret(secret: string): string {
  crypto ??= process.getBuiltinModule("node:crypto");
  return crypto.createHash("sha256").update(secret, "utf8").digest("hex");
}
