import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase } from "../../src/store/database.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { ParticipantRepository } from "../../src/store/participants-repository.js";

/** A database as an older tourney left it: the first `version` migrations applied. */
function databaseAt(version: number): Database.Database {
  const db = new Database(":memory:");
  db.pragma("foreign_keys = ON");
  for (const sql of MIGRATIONS.slice(0, version)) db.exec(sql);
  db.pragma(`user_version = ${version}`);
  return db;
}

describe("migrations", () => {
  it("bring a schema-3 store up to date with its counts and check-in times filled in", () => {
    const db = databaseAt(3);
    const settings = {
      starts_at: "2026-06-01T12:00:00.000Z",
      registration_options: { check_in_duration: 30 },
    };
    db.prepare(
      "INSERT INTO tournaments (id, url, name, tournament_type, state, settings, random_seed, created_at, updated_at) VALUES (7, 'cup', 'Cup', 'single elimination', 'pending', ?, 1, 'x', 'x')",
    ).run(JSON.stringify(settings));
    const add = db.prepare(
      "INSERT INTO participants (tournament_id, name, seed, created_at, updated_at) VALUES (7, ?, ?, 'x', 'x')",
    );
    for (const [i, name] of ["Ada", "Grace", "Linus"].entries()) add.run(name, i + 1);
    migrate(db);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const row = db
      .prepare("SELECT participants_count, check_in_opens_at FROM tournaments WHERE id = 7")
      .get();
    expect(row).toEqual({ participants_count: 3, check_in_opens_at: "2026-06-01T11:30:00.000Z" });
    // the count follows inserts (the repository's, migration 16) and deletes from now on
    const alan = { name: "Alan", misc: null, username: null, email: null };
    new ParticipantRepository(db).insert(7, alan, "x");
    db.prepare("DELETE FROM participants WHERE name = 'Ada'").run();
    db.prepare("DELETE FROM participants WHERE name = 'Grace'").run();
    expect(
      db.prepare("SELECT participants_count FROM tournaments WHERE id = 7").pluck().get(),
    ).toBe(2);
  });

  it("flag the terminal rows of a schema-5 store's linked stages, and none of the others", () => {
    const db = databaseAt(5);
    db.prepare(
      "INSERT INTO tournaments (id, url, name, tournament_type, state, settings, random_seed, created_at, updated_at) VALUES (7, 'cup', 'Cup', 'double elimination', 'underway', '{}', 1, 'x', 'x')",
    ).run();
    const add = db.prepare(
      "INSERT INTO matches (tournament_id, stage, group_id, plan_key, side, round, identifier, suggested_play_order, player1_source, player2_source, created_at, updated_at) VALUES (7, ?, ?, ?, 'winners', 1, ?, ?, ?, ?, 'x', 'x')",
    );
    const from = (type: string, match: string) => JSON.stringify({ type, match });
    const player = (participantId: number) =>
      JSON.stringify({ type: "participant", participantId });
    const linked: [string, string, string][] = [
      ["W1-1", player(1), player(2)],
      ["W1-2", player(3), player(4)],
      ["W2-1", from("winner", "W1-1"), from("winner", "W1-2")],
      ["L1-1", from("loser", "W1-1"), from("loser", "W1-2")],
      ["GF1", from("winner", "W2-1"), from("winner", "L1-1")],
      ["GF2", from("winner", "GF1"), from("loser", "GF1")],
    ];
    for (const [i, [key, p1, p2]] of linked.entries()) add.run("final", null, key, key, i, p1, p2);
    add.run("group", 1, "R1-1", "A", 1, player(1), player(2));
    migrate(db);
    const terminal = db
      .prepare("SELECT stage, plan_key FROM matches WHERE terminal = 1 ORDER BY id")
      .all();
    expect(terminal).toEqual([{ stage: "final", plan_key: "GF2" }]);
  });

  it("refuse a store written by a newer tourney", () => {
    const db = databaseAt(MIGRATIONS.length);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    expect(() => migrate(db)).toThrow(/newer tourney/);
  });

  it("leave no connection open on a store they refuse: no -wal or -shm file is left beside it", () => {
    const dir = mkdtempSync(join(tmpdir(), "tourney-newer-"));
    try {
      const path = join(dir, "tourney.db");
      const newer = new Database(path);
      newer.pragma(`user_version = ${MIGRATIONS.length + 1}`);
      newer.close();
      expect(() => openDatabase(path)).toThrow(/newer tourney/);
      expect([existsSync(`${path}-wal`), existsSync(`${path}-shm`)]).toEqual([false, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
