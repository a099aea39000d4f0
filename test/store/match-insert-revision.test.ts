/**
 * Inserted match rows move their tournament's revision once an insert (issue 27,
 * migration 15): the trigger that moved it once a row (2,047 times in a 1,024-player
 * double elimination's start) is gone, and insertRows moves it itself. Readers compare
 * revisions for equality only (tournament-revisions.ts), so once is enough; an update
 * and a delete still move it by their triggers.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { migrate } from "../../src/store/database.js";
import type { NewMatch } from "../../src/store/match-rows.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { closeAfter, NOW, revision, revisionTournament } from "../helpers/revision-store.js";

/** A round robin-like row: both players from the seeding (no terminal marks follow). */
const row = (i: number): NewMatch => ({
  stage: "final",
  groupId: null,
  key: `R1-${i}`,
  side: "round_robin",
  round: 1,
  identifier: `M${i}`,
  suggestedPlayOrder: i,
  player1Source: JSON.stringify({ type: "participant", participantId: 2 * i }),
  player2Source: JSON.stringify({ type: "participant", participantId: 2 * i + 1 }),
  onlyIfLoserWins: null,
  active: true,
  player1Id: 2 * i,
  player2Id: 2 * i + 1,
  state: "open",
});

describe("a tournament's revision", () => {
  it.each([
    ["with the cache", true],
    ["without the cache", false],
  ])("moves once for an insert of 150 match rows (%s)", (_, cache) => {
    const { db, service, id } = revisionTournament(cache);
    const before = revision(db, id) as number;
    service.write(() =>
      service.matches.insertMany(
        id,
        Array.from({ length: 150 }, (_, i) => row(i + 1)),
        NOW,
      ),
    );
    expect(service.matches.count(id)).toBe(150);
    expect(revision(db, id)).toBe(before + 1);
    // Nothing inserted, nothing moved.
    service.write(() => service.matches.insertMany(id, [], NOW));
    expect(revision(db, id)).toBe(before + 1);
    // tourney's update moves the row's version instead (migration 20); a delete still
    // moves it (its trigger).
    const [first] = service.matches.list(id, {});
    service.write(() => service.matches.setUnderway(first!.id, NOW, NOW));
    expect(revision(db, id)).toBe(before + 1);
    service.write(() => service.matches.deleteAll(id));
    expect(revision(db, id)).toBeGreaterThan(before + 1);
  });

  it("has no insert trigger on matches once a schema-14 store is migrated", () => {
    const db = new Database(":memory:");
    closeAfter(db);
    for (const sql of MIGRATIONS.slice(0, 14)) db.exec(sql);
    db.pragma("user_version = 14");
    const triggers = () =>
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'matches'")
        .pluck()
        .all();
    expect(triggers()).toContain("matches_revision_insert");
    migrate(db);
    // Migration 19's is false for tourney's own rows (migration-participant-counts.ts).
    expect(triggers().sort()).toEqual([
      "matches_revision_delete",
      "matches_revision_insert_foreign",
      "matches_revision_update",
    ]);
  });
});
