/**
 * The cache's rule (src/store/cache/store-cache.ts), tested once: writes of
 * every kind, another connection's commit, a rollback, the budget of held
 * rows, and that no write of a repository escapes the rule.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { CachedMatches } from "../../src/store/cache/cached-matches.js";
import { StoreCache } from "../../src/store/cache/store-cache.js";
import { forwardMethods } from "../../src/store/cache/table-writes.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MatchRepository } from "../../src/store/matches-repository.js";
import { openStore } from "../../src/store/store.js";
import { planRows } from "../helpers/match-rows.js";

const NOW = "2026-11-23T10:00:00.000Z";
const open: Db[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function database(path = ":memory:"): Db {
  const db = openDatabase(path);
  open.push(db);
  return db;
}

const rows = (count: number) => planRows(count);

function tournament(db: Db, url: string): number {
  return openStore(db, { cache: false }).tournaments.insert({
    settings: { ...defaultSettings(), name: url, url },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
}

describe("the store cache", () => {
  it("sees another connection's commit, and forgets what a rollback wrote", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-store-cache-"));
    dirs.push(dir);
    const [a, b] = [database(join(dir, "t.db")), database(join(dir, "t.db"))];
    const id = tournament(a, "cup");
    const store = openStore(a);
    store.matches.insertMany(id, rows(3), NOW);
    expect(store.tournaments.findById(id)?.name).toBe("cup");
    const other = openStore(b, { cache: false });
    other.matches.setState(
      { tournamentId: id, stage: "final", groupId: null },
      "R1-1",
      "complete",
      true,
      NOW,
    );
    other.tournaments.setState(id, "underway", NOW);
    // Held until the next look at the database.
    expect(store.matches.count(id, { state: "complete" })).toBe(0);
    store.sync();
    expect(store.matches.count(id, { state: "complete" })).toBe(1);
    expect(store.tournaments.findById(id)?.state).toBe("underway");
    // A write rolled back: the rows held learnt it, the rollback drops them.
    a.exec("BEGIN");
    store.matches.setUnderway(store.matches.list(id, {})[1]!.id, NOW, NOW);
    a.exec("ROLLBACK");
    store.rolledBack();
    expect(store.matches.list(id, {})[1]!.underway_at).toBeNull();
  });

  it("takes the look again after a look that failed: nothing is served unlooked", () => {
    // serve's reads of one turn share a look (read-batch.ts): if the look throws
    // (SQLITE_BUSY, an I/O error), the next read must look again, not take the cache as
    // looked at and serve what another connection's commit changed.
    const dir = mkdtempSync(join(tmpdir(), "tourney-store-cache-"));
    dirs.push(dir);
    const [a, b] = [database(join(dir, "t.db")), database(join(dir, "t.db"))];
    const cache = new StoreCache(a);
    const id = tournament(b, "cup");
    const look = cache as unknown as { dataVersion: { get(): unknown } };
    const real = look.dataVersion;
    look.dataVersion = {
      get: () => {
        throw new Error("SQLITE_BUSY: database is locked");
      },
    };
    cache.sync();
    expect(() => cache.epoch).toThrow(/locked/);
    look.dataVersion = real;
    expect(id).toBeGreaterThan(0);
    expect(cache.epoch).toBe(1); // b's commit seen: everything dropped
  });

  it("keeps its budget of match rows: the first loaded are dropped, the one in use kept", () => {
    const db = database();
    const ids = ["a", "b", "c"].map((url) => tournament(db, url));
    const cache = new StoreCache(db, { maxHeldRows: 250 });
    const matches = new CachedMatches(db, cache);
    for (const id of ids) matches.insertMany(id, rows(100), NOW);
    const held = () => ids.map((id) => cache.heldMatches(id)?.byId.size);
    expect(held()).toEqual([undefined, 100, 100]);
    // A read of the first loads it again from the database, and the next oldest goes.
    expect(matches.count(ids[0]!)).toBe(100);
    expect(held()).toEqual([100, undefined, 100]);
    // A tournament larger than the budget is still held while in use.
    const big = tournament(db, "big");
    matches.insertMany(big, rows(300), NOW);
    expect(held()).toEqual([undefined, undefined, undefined]);
    expect(cache.heldMatches(big)?.byId.size).toBe(300);
  });

  it("answers a read of one match without loading the tournament's rows, held or not", () => {
    const db = database();
    const id = tournament(db, "cup");
    new MatchRepository(db).insertMany(id, rows(5), NOW);
    const cache = new StoreCache(db);
    const matches = new CachedMatches(db, cache);
    const ref = { tournamentId: id, stage: "final", groupId: null } as const;
    const third = matches.findByKey(ref, "R1-3")!;
    expect(matches.find(id, third.id)?.identifier).toBe("M3");
    expect(matches.stageLookup(ref)("R1-3")?.state).toBe("open");
    matches.setState(ref, "R1-3", "complete", true, NOW);
    expect(matches.stageLookup(ref)("R1-3")?.state).toBe("complete");
    expect(cache.heldMatches(id)).toBeUndefined();
    // Once held (a read of many rows), the held rows answer, writes applied.
    expect(matches.count(id)).toBe(5);
    matches.setState(ref, "R1-4", "complete", true, NOW);
    expect(matches.find(id, third.id + 1)).toBe(cache.heldMatches(id)?.byId.get(third.id + 1));
    expect(matches.find(id, third.id + 1)?.state).toBe("complete");
  });

  it("makes room before it loads a tournament's rows: the budget holds while they load", () => {
    const db = database();
    const ids = ["a", "b", "c"].map((url) => tournament(db, url));
    const cache = new StoreCache(db, { maxHeldRows: 250 });
    const matches = new CachedMatches(db, cache);
    for (const id of ids.slice(0, 2)) matches.insertMany(id, rows(100), NOW);
    new MatchRepository(db).insertMany(ids[2]!, rows(100), NOW);
    const heldWhileLoading: (number | undefined)[] = [];
    cache.matchesOf(
      ids[2]!,
      () => {
        for (const id of ids.slice(0, 2)) heldWhileLoading.push(cache.heldMatches(id)?.byId.size);
        return { rows: new MatchRepository(db).rowsOf(ids[2]!), versions: 0 };
      },
      () => 100,
    );
    expect(heldWhileLoading).toEqual([undefined, 100]);
    expect(cache.heldMatches(ids[2]!)?.byId.size).toBe(100);
  });

  it("counts every method of a table repository not named a read as a write", () => {
    class Table {
      calls: string[] = [];
      read(id: number) {
        this.calls.push(`read ${id}`);
        return id;
      }
      cachedRead(id: number) {
        this.calls.push(`cachedRead ${id}`);
        return id;
      }
      write(id: number) {
        this.calls.push(`write ${id}`);
      }
      writeAll(now: string) {
        this.calls.push(`writeAll ${now}`);
      }
    }
    const wrote: [string, number | undefined][] = [];
    class Ruled {
      constructor(readonly plain: Table) {}
      cachedRead(id: number) {
        return -this.plain.cachedRead(id);
      }
      static {
        forwardMethods(Ruled, Table, {
          reads: ["read"],
          wrote: (self, method, id) => {
            expect(self).toBeInstanceOf(Ruled);
            wrote.push([method, id]);
          },
        });
      }
    }
    const plain = new Table();
    const table = new Ruled(plain) as Ruled & Table;
    expect(table.read(1)).toBe(1);
    expect(table.cachedRead(3)).toBe(-3);
    table.write(2);
    table.writeAll(NOW);
    expect(plain.calls).toEqual(["read 1", "cachedRead 3", "write 2", `writeAll ${NOW}`]);
    expect(wrote).toEqual([
      ["write", 2],
      ["writeAll", undefined],
    ]);
    // Defined once, on the class: another instance calls the same functions.
    const other = new Ruled(new Table()) as Ruled & Table;
    expect(other.write).toBe(table.write);
    expect(other.read).toBe(table.read);
  });

  it("applies every write of match rows (writes of byes need not: they are not held)", () => {
    const reads = new Set([
      "find",
      "findByKey",
      "stageLookup",
      "stageRows",
      "derivedFromHeld",
      "fedBy",
      "terminalKeys",
      "list",
      "count",
      "counts",
      "countIncomplete",
      "countIncompleteInStage",
      "countStage",
      "maxRound",
      "groups",
      "openMatchesOf",
      "rowsOf",
      "rowsAfter",
      "rowCount",
      "hasRows",
      // the open matches' play orders for the station sync (068e14b), from held rows or SQL
      "openOrders",
      // a warm-up's step reads rows into the cache (cached-matches.ts)
      "warmStep",
      // works out what the held rows' plan gives (their bracket index), writes nothing
      "deriveInParts",
      // private helpers of the reads
      "stmt",
      "rows",
      "number",
      "byes",
    ]);
    const throughUpdate = new Set([
      "setResult",
      "setSlot",
      "setState",
      "setUnderway",
      "setEntries",
    ]);
    const byes = new Set(["addBye", "deleteByes", "insertRows"]);
    const names = Object.getOwnPropertyNames(MatchRepository.prototype).filter(
      (n) => n !== "constructor",
    );
    const writes = names.filter((n) => !reads.has(n) && !throughUpdate.has(n) && !byes.has(n));
    expect(writes.sort()).toEqual([
      "deleteAll",
      "deleteRoundsAfter",
      "deleteStage",
      "insertMany",
      "write",
    ]);
    for (const name of writes)
      expect(Object.hasOwn(CachedMatches.prototype, name), name).toBe(true);
  });
});

describe("whether a tournament has stations", () => {
  const station = { name: "Table 1", stream_url: null, details: null };

  it("is held until a station write through the store, or another connection's commit", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-store-stations-"));
    dirs.push(dir);
    const [a, b] = [database(join(dir, "t.db")), database(join(dir, "t.db"))];
    const id = tournament(a, "cup");
    const store = openStore(a);
    expect(store.stations.any(id)).toBe(false);
    // Written behind the store on its own connection: not seen (held).
    a.prepare(
      "INSERT INTO stations (tournament_id, name, created_at, updated_at) VALUES (?, 'Hidden', ?, ?)",
    ).run(id, NOW, NOW);
    expect(store.stations.any(id)).toBe(false);
    a.prepare("DELETE FROM stations").run();
    // Through the store: seen at once, both ways.
    const first = store.stations.insert(id, station, NOW);
    expect(store.stations.any(id)).toBe(true);
    store.stations.delete(first);
    expect(store.stations.any(id)).toBe(false);
    // Another connection's commit: seen after the next look.
    openStore(b, { cache: false }).stations.insert(id, station, NOW);
    expect(store.stations.any(id)).toBe(false);
    store.sync();
    expect(store.stations.any(id)).toBe(true);
  });
});
