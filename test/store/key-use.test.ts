/**
 * A key's use is written to last_used_at once a minute at most (api-keys-repository.ts),
 * and a use within the minute is told from the time's text alone: no date is parsed
 * at every request.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../src/store/database.js";
import { openStore } from "../../src/store/store.js";

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, seconds)).toISOString();

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a key's use", () => {
  it("is written at its first use, then again once a minute has passed", () => {
    const db = openDatabase(":memory:");
    try {
      const keys = openStore(db).apiKeys;
      keys.insert("owner", "tk_owner", at(0));
      const used = () =>
        (db.prepare("SELECT last_used_at FROM api_keys").get() as { last_used_at: string | null })
          .last_used_at;
      expect(used()).toBeNull();
      keys.verify("tk_owner", at(1));
      expect(used()).toBe(at(1));
      keys.verify("tk_owner", at(30));
      keys.verify("tk_owner", at(60.999));
      expect(used()).toBe(at(1));
      keys.verify("tk_owner", at(61));
      expect(used()).toBe(at(61));
      keys.verify("tk_owner", at(62));
      expect(used()).toBe(at(61));
    } finally {
      db.close();
    }
  });

  it("is written a minute after the use a previous process wrote, not at once", () => {
    const db = openDatabase(":memory:");
    try {
      const id = openStore(db).apiKeys.insert("owner", "tk_owner", at(0));
      db.prepare("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(at(10), id);
      const keys = openStore(db).apiKeys;
      const used = () =>
        (db.prepare("SELECT last_used_at FROM api_keys").get() as { last_used_at: string })
          .last_used_at;
      keys.verify("tk_owner", at(20));
      keys.verify("tk_owner", at(69));
      expect(used()).toBe(at(10));
      keys.verify("tk_owner", at(70));
      expect(used()).toBe(at(70));
    } finally {
      db.close();
    }
  });

  it("within the minute parses no date", () => {
    const db = openDatabase(":memory:");
    try {
      const keys = openStore(db).apiKeys;
      keys.insert("owner", "tk_owner", at(0));
      keys.verify("tk_owner", at(1));
      const parse = vi.spyOn(Date, "parse");
      for (let i = 0; i < 100; i++) keys.verify("tk_owner", at(2 + i / 10));
      expect(parse).not.toHaveBeenCalled();
    } finally {
      db.close();
    }
  });
});
