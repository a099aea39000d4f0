/**
 * The part of the store's cache (store-cache.ts) held apart from tournaments: the API keys
 * `verify` found, by the key as presented (held in memory only, as the request holds it;
 * the table keeps hashes), and OAuth access tokens likewise (expiry is checked by the
 * caller at each use). Any write of the api_keys table through the store drops the keys;
 * any write of the OAuth grants and tokens drops the tokens; a write of the users (an
 * account removed takes its keys and tokens) drops everything the cache holds.
 *
 * Measured gain: every served request verifies a key; 7.3 us plain, the hash and a look
 * of its own saved when held (cached-api-keys.ts).
 */
import type { ApiKeyRow } from "../api-keys-repository.js";
import type { AccessTokenRow } from "../oauth-tokens-repository.js";

/** OAuth access tokens held at once. */
const MAX_HELD_TOKENS = 1024;

export class HeldKeys {
  readonly apiKeys = new Map<string, ApiKeyRow>();
  readonly tokens = new Map<string, AccessTokenRow>();

  /** The row of `key`, read with `read` when not held (an unknown key is not held). */
  apiKey(key: string, read: () => ApiKeyRow | undefined): ApiKeyRow | undefined {
    let row = this.apiKeys.get(key);
    if (row !== undefined) return row;
    row = read();
    if (row !== undefined) this.apiKeys.set(key, row);
    return row;
  }

  /** The OAuth access token `token`'s row, held as API keys are (an unknown token is not held). */
  accessToken(token: string, read: () => AccessTokenRow | undefined): AccessTokenRow | undefined {
    let row = this.tokens.get(token);
    if (row !== undefined) return row;
    row = read();
    if (row === undefined) return undefined;
    if (this.tokens.size >= MAX_HELD_TOKENS) this.tokens.clear();
    this.tokens.set(token, row);
    return row;
  }

  clear(): void {
    this.apiKeys.clear();
    this.tokens.clear();
  }
}
