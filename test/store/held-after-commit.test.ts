/**
 * Another connection's commit (serve's write worker, a CLI, a second serve on the file)
 * keeps the match rows the store's cache holds of a tournament the commit left as stored,
 * and drops those it changed, whatever wrote them (src/store/cache/held-check.ts): tourney's
 * writes, the sqlite3 shell's (plain SQL on a second connection here), a schema change,
 * triggers dropped, a restore by SQLite's backup API. Loads of rows are counted through
 * the cache's `loaded` hook; every read is compared with the rows as stored.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { SELECT_MATCHES } from "../../src/store/match-columns.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { openStore, type Store } from "../../src/store/store.js";
import { planRows } from "../helpers/match-rows.js";

const NOW = "2026-11-23T10:00:00.000Z";
const open: { close(): unknown }[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tournament(db: Db, url: string): number {
  return openStore(db, { cache: false }).tournaments.insert({
    settings: { ...defaultSettings(), name: url, url },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
}

interface Setup {
  file: string;
  /** serve's main connection: the cached store. */
  main: Store;
  /** The other connection, tourney's store without a cache (the worker, a CLI). */
  other: Store;
  /** The other connection, plain SQL (the sqlite3 shell). */
  sql: Database.Database;
  a: number;
  b: number;
  /** Tournaments whose rows the main store loaded, in order. */
  loads: number[];
}

/** Tournaments A (40 rows, held by main) and B (10 rows) on a file, and three connections. */
function setup(): Setup {
  const dir = mkdtempSync(join(tmpdir(), "tourney-held-commit-"));
  dirs.push(dir);
  const file = join(dir, "t.db");
  const mainDb = openDatabase(file);
  const otherDb = openDatabase(file);
  const sql = new Database(file);
  open.push(mainDb, otherDb, sql);
  const other = openStore(otherDb, { cache: false });
  const a = tournament(otherDb, "a");
  const b = tournament(otherDb, "b");
  other.matches.insertMany(a, planRows(40), NOW);
  other.matches.insertMany(b, planRows(10), NOW);
  const loads: number[] = [];
  const main = openStore(mainDb, { cache: { loaded: (id) => loads.push(id) } });
  const s = { file, main, other, sql, a, b, loads };
  expect(read(s, a)).toEqual(stored(s, a));
  expect(loads).toEqual([a]);
  loads.length = 0;
  return s;
}

/** T's rows as main's next request reads them (a look first, as serve's requests take). */
function read(s: Setup, id: number): MatchRow[] {
  s.main.sync();
  return s.main.matches.list(id, {});
}

/** T's active rows as stored, in list order. */
function stored(s: Setup, id: number): MatchRow[] {
  return s.sql
    .prepare(
      `${SELECT_MATCHES} WHERE tournament_id = ? AND active = 1 ORDER BY stage DESC, suggested_play_order, IFNULL(group_id, -1), id`,
    )
    .all(id) as MatchRow[];
}

const final = (id: number) => ({ tournamentId: id, stage: "final", groupId: null }) as const;

/** Another connection's write that names only B: A's rows are kept, B's read as stored. */
let written = 0;
function writeB(s: Setup): void {
  written++;
  s.other.matches.insertMany(s.b, planRows(5, 100 * written), NOW);
  s.other.matches.setState(final(s.b), "R1-2", "complete", true, NOW);
}

describe("held match rows after another connection's commit", () => {
  it("keeps the rows of a tournament the commit did not touch, and reads the other's as stored", () => {
    const s = setup();
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([]);
    expect(read(s, s.b)).toEqual(stored(s, s.b));
    expect(read(s, s.b)).toHaveLength(15);
    expect(s.loads).toEqual([s.b]);
    // A participant added to B: B's revision moved (its rows read again), not A's.
    s.other.participants.insert(
      s.b,
      { name: "Late", misc: null, username: null, email: null },
      NOW,
    );
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(read(s, s.b)).toEqual(stored(s, s.b));
    expect(s.loads).toEqual([s.b, s.b]);
  });

  it("keeps them past this connection's own writes of them and of their tournament", () => {
    const s = setup();
    // A report through main, a participant of A added through main: then B written elsewhere.
    s.main.sync();
    s.main.matches.setState(final(s.a), "R1-3", "complete", true, NOW);
    s.main.participants.insert(s.a, { name: "Ada", misc: null, username: null, email: null }, NOW);
    s.main.matches.addBye(final(s.a), 1, 7);
    read(s, s.a); // the next request's look learns A's revision again
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(read(s, s.a).find((m) => m.plan_key === "R1-3")?.state).toBe("complete");
    expect(s.loads).toEqual([]);
  });

  const changes: [string, (s: Setup) => void][] = [
    [
      "tourney's update of a row",
      (s) => s.other.matches.setUnderway(rowOf(s, "R1-4").id, NOW, NOW),
    ],
    [
      "an UPDATE that leaves the version as it was (the sqlite3 shell)",
      (s) =>
        s.sql.prepare("UPDATE matches SET identifier = 'Z' WHERE id = ?").run(rowOf(s, "R1-5").id),
    ],
    ["a DELETE", (s) => s.sql.prepare("DELETE FROM matches WHERE id = ?").run(rowOf(s, "R1-8").id)],
    [
      "an INSERT by plain SQL",
      (s) =>
        s.sql
          .prepare(
            `INSERT INTO matches (tournament_id, stage, plan_key, side, round, identifier, suggested_play_order,
               player1_source, player2_source, created_at, updated_at)
             VALUES (?, 'final', 'X-1', 'x', 9, 'X1', 99, '{}', '{}', '${NOW}', '${NOW}')`,
          )
          .run(s.a),
    ],
    [
      "an INSERT OR REPLACE of a row, its version as it was",
      (s) =>
        s.sql
          .prepare(
            `INSERT OR REPLACE INTO matches (id, tournament_id, stage, plan_key, side, round, identifier,
               suggested_play_order, player1_source, player2_source, created_at, updated_at, version)
             SELECT id, tournament_id, stage, plan_key, side, round, 'R', suggested_play_order,
               player1_source, player2_source, created_at, updated_at, version FROM matches WHERE id = ?`,
          )
          .run(rowOf(s, "R1-9").id),
    ],
    [
      "a row moved to another tournament",
      (s) => {
        const moved = rowOf(s, "R1-10").id;
        s.sql
          .prepare("UPDATE matches SET tournament_id = ?, plan_key = 'moved' WHERE id = ?")
          .run(s.b, moved);
      },
    ],
    ["tourney's reset of a stage", (s) => s.other.matches.deleteStage(s.a, "final")],
  ];

  for (const [what, change] of changes)
    it(`drops them after ${what}`, () => {
      const s = setup();
      change(s);
      writeB(s);
      expect(read(s, s.a)).toEqual(stored(s, s.a));
      expect(s.loads).toEqual([s.a]);
    });

  it("drops them after a deletion of their tournament", () => {
    const s = setup();
    s.other.tournaments.delete(s.a);
    expect(read(s, s.a)).toEqual([]);
    expect(stored(s, s.a)).toEqual([]);
  });

  it("drops every tournament's after a schema change, or triggers dropped and made again", () => {
    const s = setup();
    s.sql.exec("CREATE TABLE notes (x)");
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([s.a]);
    // The triggers as made again: the next commit of B keeps A's rows.
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([s.a]);
    // Dropped, an update past them, made again: the schema moved, A dropped.
    const made = s.sql
      .prepare("SELECT sql FROM sqlite_master WHERE name = 'matches_revision_update'")
      .pluck()
      .get() as string;
    s.sql.exec("DROP TRIGGER matches_revision_update");
    s.sql.prepare("UPDATE matches SET identifier = 'Q' WHERE id = ?").run(rowOf(s, "R1-11").id);
    s.sql.exec(made);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([s.a, s.a]);
  });

  it("keeps nothing while the triggers are not as the migrations made them", () => {
    const s = setup();
    s.sql.exec("DROP TRIGGER matches_revision_delete");
    read(s, s.a); // the schema moved: dropped, loaded again
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([s.a, s.a]);
  });

  it("drops them after a restore of a copy whose rows differ with the same versions", () => {
    const s = setup();
    const copy = join(s.file, "..", "copy.db");
    s.sql.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    copyFileSync(s.file, copy);
    const diverged = openDatabase(copy);
    open.push(diverged);
    // The same row written in both, one result each: same counts, ids, versions, revision.
    openStore(diverged, { cache: false }).matches.setState(
      final(s.a),
      "R1-12",
      "complete",
      true,
      NOW,
    );
    s.other.matches.setState(final(s.a), "R1-12", "pending", false, NOW);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    s.loads.length = 0;
    const source = new Database(copy, { readonly: true });
    open.push(source);
    return source.backup(s.file).then(() => {
      expect(read(s, s.a).find((m) => m.plan_key === "R1-12")?.state).toBe("complete");
      expect(read(s, s.a)).toEqual(stored(s, s.a));
      expect(s.loads).toEqual([s.a]);
    });
  });

  it("keeps them when another connection's transaction rolls back (the worker's refusal)", () => {
    const s = setup();
    s.sql.exec("BEGIN IMMEDIATE");
    s.sql.prepare("UPDATE matches SET identifier = 'R' WHERE tournament_id = ?").run(s.a);
    s.sql.exec("ROLLBACK");
    writeB(s);
    expect(read(s, s.a)).toEqual(stored(s, s.a));
    expect(s.loads).toEqual([]);
  });
});

function rowOf(s: Setup, key: string): MatchRow {
  return stored(s, s.a).find((m) => m.plan_key === key)!;
}
