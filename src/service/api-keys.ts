/** API keys of the served service: made here, only their hash stored (accounts.ts administers them). */

/** How every API key starts (OAuth tokens start `tat_`, `trt_`): tells a key sent as a token. */
export const API_KEY_PREFIX = "tk_";

export function newApiKey(): string {
  // node:crypto loads when a key is made, not with the service: the embedded CLI never makes one.
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
}
