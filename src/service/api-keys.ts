/** API keys of the served service: made here, only their hash stored. */
import { ApiKeyRepository } from "../store/api-keys-repository.js";
import { openDatabase } from "../store/database.js";
import type { ApiKeyAdmin } from "./types.js";

export function newApiKey(): string {
  // node:crypto loads when a key is made, not with the service: the embedded CLI never makes one.
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `tk_${randomBytes(24).toString("base64url")}`;
}

export function createKeyAdmin(dbPath: string, now: () => Date = () => new Date()): ApiKeyAdmin {
  const db = openDatabase(dbPath);
  const keys = new ApiKeyRepository(db);
  return {
    create(label) {
      const key = newApiKey();
      keys.insert(label, key, now().toISOString());
      return key;
    },
    list: () => keys.list(),
    revoke: (id) => keys.revoke(id),
    close: () => db.close(),
  };
}
