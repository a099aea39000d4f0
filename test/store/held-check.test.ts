/**
 * Another connection's commit and the held match rows (store/cache/held-check.ts): the rows
 * of a tournament it did not change stay held, whatever this connection wrote to them
 * meanwhile; those of one it changed (a match updated by tourney, which moves the row's
 * version only; rows inserted, which move the revision) are read again. Before, any other
 * connection's commit dropped every tournament's rows (a CLI report on A made serve read
 * B's 124,750 rows again). Rows loaded are counted through the cache's `loaded` hook.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { openStore, type Store } from "../../src/store/store.js";
import { planRows } from "../helpers/match-rows.js";

const NOW = "2026-11-28T09:00:00.000Z";
const open: Db[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function twoConnections(): [Db, Db] {
  const dir = mkdtempSync(join(tmpdir(), "tourney-held-check-"));
  dirs.push(dir);
  const [a, b] = [openDatabase(join(dir, "t.db")), openDatabase(join(dir, "t.db"))];
  open.push(a, b);
  return [a, b];
}

function tournament(store: Store, url: string): number {
  return store.tournaments.insert({
    settings: { ...defaultSettings(), name: url, url },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
}

const stage = (tournamentId: number) => ({ tournamentId, stage: "final" as const, groupId: null });

function setUp() {
  const [a, b] = twoConnections();
  const loads: string[] = [];
  const served = openStore(a, { cache: { loaded: (id, rows) => loads.push(`${id}:${rows}`) } });
  const other = openStore(b, { cache: false });
  const [ta, tb] = [tournament(other, "a"), tournament(other, "b")];
  other.matches.insertMany(ta, planRows(40), NOW);
  other.matches.insertMany(tb, planRows(60), NOW);
  served.sync();
  expect(served.matches.count(ta)).toBe(40);
  expect(served.matches.count(tb)).toBe(60);
  expect(loads).toEqual([`${ta}:40`, `${tb}:60`]);
  loads.length = 0;
  return { served, other, ta, tb, loads };
}

describe("another connection's commit", () => {
  it("leaves held the rows of a tournament it did not change, and reads again those it did", () => {
    const { served, other, ta, tb, loads } = setUp();
    // Another connection reports a match of A (its row's version moves, not A's revision).
    other.matches.setState(stage(ta), "R1-1", "complete", true, NOW);
    served.sync();
    expect(served.matches.count(tb)).toBe(60);
    expect(loads).toEqual([]);
    expect(served.matches.count(ta, { state: "complete" })).toBe(1);
    expect(loads).toEqual([`${ta}:40`]);
    loads.length = 0;
    // Rows inserted into B by another connection (B's revision moves): B read again.
    other.matches.insertMany(tb, planRows(2, 61), NOW);
    served.sync();
    expect(served.matches.count(ta)).toBe(40);
    expect(served.matches.count(tb)).toBe(62);
    expect(loads).toEqual([`${tb}:62`]);
  });

  it("leaves held what this connection wrote, then another connection's commit elsewhere", () => {
    const { served, other, ta, tb, loads } = setUp();
    // serve's own writes to B: a match (its version), B's row and a participant (B's revision).
    served.matches.setState(stage(tb), "R1-2", "complete", true, NOW);
    served.tournaments.setState(tb, "underway", NOW);
    served.sync();
    expect(served.matches.count(tb, { state: "complete" })).toBe(1);
    other.tournaments.setState(ta, "underway", NOW);
    served.sync();
    expect(served.matches.count(tb, { state: "complete" })).toBe(1);
    expect(loads).toEqual([]);
    // A was written (its row: its revision moved): read again.
    expect(served.matches.count(ta)).toBe(40);
    expect(loads).toEqual([`${ta}:40`]);
  });

  it("drops rows this connection wrote to if another connection commits before its next look", () => {
    const { served, other, tb, loads } = setUp();
    served.tournaments.setState(tb, "underway", NOW); // B's revision moved by this connection
    other.matches.setState(stage(tb), "R1-3", "complete", true, NOW);
    served.sync();
    expect(served.matches.count(tb, { state: "complete" })).toBe(1);
    expect(loads).toEqual([`${tb}:60`]);
  });
});
