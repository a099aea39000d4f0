/** API keys of the served service: made here, only their hash stored (accounts.ts administers them). */

/**
 * How every API key starts, and every OAuth token serve issues (oauth/server.ts): tells a
 * credential sent with the other kind's header (credentials.ts), as a key sent as a token.
 */
export const API_KEY_PREFIX = "tk_";
export const ACCESS_TOKEN_PREFIX = "tat_";
export const REFRESH_TOKEN_PREFIX = "trt_";

export function newApiKey(): string {
  // node:crypto loads when a key is made, not with the service: the embedded CLI never makes one.
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
}
