/** API keys of the served service: made here, only their hash stored (accounts.ts administers them). */

export function newApiKey(): string {
  // node:crypto loads when a key is made, not with the service: the embedded CLI never makes one.
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `tk_${randomBytes(24).toString("base64url")}`;
}
