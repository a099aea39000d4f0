/**
 * A rollback of a transaction that wrote nothing through the store (a refused request:
 * its checks failed before any write) keeps what the caches hold and the generation the
 * lists' ETags carry (store.ts rolledBack(from, writes)). It dropped every held row of
 * every tournament and moved every list's tag: anyone with a key could empty serve's
 * cache, and every client's 304s, with invalid writes (an outside review, 2026-11-27).
 * A rollback after any write drops them as before, and the rolled-back value is not served.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startHttpServer } from "../../src/service/index.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { openStore, type Store } from "../../src/store/store.js";
import { planRows } from "../helpers/match-rows.js";
import { type ServiceHarness, startService } from "../helpers/service.js";

const NOW = "2026-11-27T10:00:00.000Z";

const rows = (count: number, from = 1) => planRows(count, from);

/** A store over a new in-memory database with one tournament and its 3 match rows held. */
function heldStore(): { db: Db; store: Store; id: number } {
  const db = openDatabase(":memory:");
  const store = openStore(db);
  const id = store.tournaments.insert({
    settings: { ...defaultSettings(), name: "cup", url: "cup" },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  store.matches.insertMany(id, rows(3), NOW);
  expect(store.matches.list(id, {})).toHaveLength(3);
  return { db, store, id };
}

/** Runs `body` in a transaction that rolls back, as context.ts `write` does on a refusal. */
function rolledBack(db: Db, store: Store, body: () => void): void {
  const from = store.logPosition();
  const writes = store.writeCount();
  db.exec("BEGIN");
  body();
  db.exec("ROLLBACK");
  store.rolledBack(from, writes);
}

describe("a rollback and the store's caches", () => {
  it("after no write: the generation and the held rows stand", () => {
    const { db, store, id } = heldStore();
    const generation = store.generation();
    rolledBack(db, store, () => {
      // A refusal's reads: the tournament and its matches looked at, nothing written.
      store.tournaments.findById(id);
      store.matches.list(id, { state: "open" });
    });
    expect(store.generation()).toBe(generation);
    db.close();
  });

  const WRITES: [
    string,
    (store: Store, id: number) => void,
    (store: Store, id: number) => unknown,
  ][] = [
    [
      "a match row",
      (store, id) => store.matches.setUnderway(store.matches.list(id, {})[1]!.id, NOW, NOW),
      (store, id) => store.matches.list(id, {})[1]!.underway_at,
    ],
    [
      "new match rows",
      (store, id) => store.matches.insertMany(id, rows(4, 4), NOW),
      (store, id) => store.matches.list(id, {}).length,
    ],
    [
      // The held rows learn of an insert before SQLite refuses it (cached-matches.ts).
      "match rows SQLite refused (a key taken)",
      (store, id) => expect(() => store.matches.insertMany(id, rows(1), NOW)).toThrow(/UNIQUE/),
      (store, id) => store.matches.list(id, {}).map((m) => m.plan_key),
    ],
    [
      "the tournament",
      (store, id) => store.tournaments.setState(id, "underway", NOW),
      (store, id) => store.tournaments.findById(id)?.state,
    ],
    [
      "a participant",
      (store, id) => store.participants.insert(id, { name: "Ada" } as never, NOW),
      (store, id) => store.participants.count(id),
    ],
  ];

  it.each(WRITES)("after a write of %s: dropped, the value before served", (_, write, read) => {
    const { db, store, id } = heldStore();
    const before = read(store, id);
    const generation = store.generation();
    rolledBack(db, store, () => write(store, id));
    expect(store.generation()).not.toBe(generation);
    expect(read(store, id)).toEqual(before);
    db.close();
  });
});

describe("serve: a refused write and the list's ETag", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-rollback-nothing-"));
  let s: ServiceHarness;
  let server: RunningServer;
  beforeAll(async () => {
    s = await startService({ dbPath: join(dir, "t.db") });
    server = await startHttpServer(s.service, { host: "127.0.0.1", port: 0 });
    const created = await s.request("POST", "/v2.1/tournaments", {
      data: {
        type: "tournament",
        attributes: { name: "Pub", url: "pub", tournament_type: "single elimination" },
      },
    });
    expect(created.status, created.body).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    s.service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function listTag(): Promise<string> {
    const r = await fetch(`http://127.0.0.1:${server.port}/v2.1/tournaments.json`);
    expect(r.status).toBe(200);
    return r.headers.get("etag") ?? "";
  }

  async function put(name: string): Promise<number> {
    const r = await fetch(`http://127.0.0.1:${server.port}/v2.1/tournaments/pub.json`, {
      method: "PUT",
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify({ data: { type: "Tournaments", attributes: { name } } }),
    });
    await r.arrayBuffer();
    return r.status;
  }

  it("a 422 leaves it; a write taken moves it", async () => {
    const tag = await listTag();
    expect(tag).not.toBe("");
    expect(await put("")).toBe(422);
    expect(await listTag()).toBe(tag);
    expect(await put("Pub Renamed")).toBe(200);
    expect(await listTag()).not.toBe(tag);
  });
});
