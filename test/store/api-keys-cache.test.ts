/**
 * API keys answered from memory (store/cache/cached-api-keys.ts): a key
 * revoked or created by another connection (here `tourney keys`'s admin, as
 * another process would) counts on the very next request of the service.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createServeAdmin } from "../../src/service/accounts.js";
import { openService, type Service } from "../../src/service/index.js";
import { ApiKeyRepository } from "../../src/store/api-keys-repository.js";
import { CachedApiKeys } from "../../src/store/cache/cached-api-keys.js";
import { openDatabase } from "../../src/store/database.js";
import { openStore } from "../../src/store/store.js";

const NOW = "2026-11-23T10:00:00.000Z";

const scratch = mkdtempSync(join(tmpdir(), "tourney-key-cache-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function status(service: Service, key: string): Promise<number> {
  const reply = await service.handle({
    method: "GET",
    path: "/v2.1/tournaments.json",
    headers: { authorization: key, "content-type": "application/vnd.api+json" },
  });
  return reply.status;
}

describe("API keys held in memory", () => {
  it("refuses a key another connection revoked, and accepts one it created, on the next request", async () => {
    const dbPath = join(scratch, "keys.db");
    const service = await openService({ dbPath, requireAuth: true });
    const admin = createServeAdmin(dbPath);
    const create = (label: string) => {
      const made = admin.createKey({ label });
      if (!made.ok) throw new Error(made.reason);
      return made.value.key;
    };
    try {
      const owner = service.createApiKey("owner");
      const guest = create("guest");
      // Both verified, so both held.
      expect(await status(service, owner)).toBe(200);
      expect(await status(service, guest)).toBe(200);
      expect(await status(service, guest)).toBe(200);
      const guestId = admin.listKeys().find((k) => k.label === "guest")!.id;
      expect(admin.revokeKey(guestId)).toBe(true);
      expect(await status(service, guest)).toBe(401);
      expect(await status(service, owner)).toBe(200);
      // Unknown, then created by the other connection: accepted at once.
      const late = create("late");
      expect(await status(service, late)).toBe(200);
      expect(await status(service, `${late}x`)).toBe(401);
    } finally {
      admin.close();
      service.close();
    }
  });

  it("answers from memory until the store writes the table", () => {
    const db = openDatabase(":memory:");
    try {
      const keys = openStore(db).apiKeys;
      const id = keys.insert("owner", "tk_owner", NOW);
      // The first use is written (dropping the held keys); the next is held.
      expect(keys.verify("tk_owner", NOW)?.label).toBe("owner");
      expect(keys.verify("tk_owner", NOW)?.label).toBe("owner");
      // Changed behind the store on its own connection (no commit of another one): still held.
      db.prepare("UPDATE api_keys SET label = 'renamed'").run();
      expect(keys.verify("tk_owner", NOW)?.label).toBe("owner");
      // A write through the store drops the held keys.
      keys.insert("guest", "tk_guest", NOW);
      expect(keys.verify("tk_owner", NOW)?.label).toBe("renamed");
      expect(keys.revoke(id)).toBe(true);
      expect(keys.verify("tk_owner", NOW)).toBeUndefined();
      expect(keys.verify("tk_guest", NOW)?.label).toBe("guest");
    } finally {
      db.close();
    }
  });

  it("drops the held keys at every write of the api_keys table", () => {
    const writes = Object.getOwnPropertyNames(ApiKeyRepository.prototype).filter(
      (n) => !["constructor", "count", "list", "findByHash", "findByKey", "verify"].includes(n),
    );
    expect(writes.sort()).toEqual(["insert", "recordUse", "revoke"]);
    for (const name of writes)
      expect(Object.hasOwn(CachedApiKeys.prototype, name), name).toBe(true);
  });
});
