/**
 * Inserted participants are counted, and move their tournament's revision, once an
 * insert (issue 27, migration 16): the triggers that did it once a row (three UPDATEs a
 * participant, one rewriting the tournament's row) are gone, and the repository does it
 * itself. What readers see stays the same: participants_count equals the rows after
 * inserts, deletes and updates, and the revision moves on each write (readers compare
 * revisions for equality only, tournament-revisions.ts).
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { type Db, migrate, openDatabase } from "../../src/store/database.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import {
  type NewParticipant,
  ParticipantRepository,
  RACE_PARTICIPANTS,
} from "../../src/store/participants-repository.js";
import { closeAfter, NOW, revision, revisionTournament } from "../helpers/revision-store.js";

const named = (name: string): NewParticipant => ({ name, misc: null, username: null, email: null });
const players = (n: number, from = 1) => Array.from({ length: n }, (_, i) => named(`P${from + i}`));

/** The kept count and the rows counted, side by side. */
const counts = (db: Db, id: number) => [
  db.prepare("SELECT participants_count FROM tournaments WHERE id = ?").pluck().get(id),
  db.prepare("SELECT COUNT(*) FROM participants WHERE tournament_id = ?").pluck().get(id),
];

describe("an insert of participants", () => {
  it.each([
    ["with the cache", true],
    ["without the cache", false],
  ])("counts 150 and moves the revision once (%s)", (_, cache) => {
    const { db, service, id } = revisionTournament(cache);
    const before = revision(db, id) as number;
    const rows = service.write(() => service.participants.appendMany(id, players(150), NOW));
    expect(rows.map((r) => r.seed)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(counts(db, id)).toEqual([150, 150]);
    expect(service.participants.count(id)).toBe(150);
    expect(revision(db, id)).toBe(before + 1);
    // Nothing inserted: nothing counted, nothing moved.
    service.write(() => service.participants.appendMany(id, [], NOW));
    expect(counts(db, id)).toEqual([150, 150]);
    expect(revision(db, id)).toBe(before + 1);
    // One inserted at a seed: counted, the seeds below moved, the revision moved.
    const seeded = service.write(() => service.participants.insert(id, named("Ada"), NOW, 3));
    expect(counts(db, id)).toEqual([151, 151]);
    expect(service.participants.find(id, seeded)?.seed).toBe(3);
    expect(revision(db, id)).toBeGreaterThan(before + 1);
    // An update and a delete still move it and keep the count (their triggers).
    const moved = revision(db, id) as number;
    service.write(() => service.participants.update(id, seeded, { name: "Grace" }, NOW));
    expect(revision(db, id)).toBe(moved + 1);
    expect(counts(db, id)).toEqual([151, 151]);
    service.write(() => service.participants.delete(id, seeded, 3));
    expect(revision(db, id)).toBeGreaterThan(moved + 1);
    expect(counts(db, id)).toEqual([150, 150]);
    // More than one statement's batch (100 a statement), after deletes.
    service.write(() => service.participants.appendMany(id, players(250, 151), NOW));
    expect(counts(db, id)).toEqual([400, 400]);
    service.write(() => service.participants.clear(id));
    expect(counts(db, id)).toEqual([0, 0]);
  });

  it("counts a race's participants in its row", () => {
    const db = openDatabase(":memory:");
    closeAfter(db);
    db.prepare(
      "INSERT INTO races (id, url, name, race_type, settings, created_at, updated_at) VALUES (3, 'dash', 'Dash', 'time trial', '{}', ?, ?)",
    ).run(NOW, NOW);
    const race = new ParticipantRepository(db, RACE_PARTICIPANTS);
    const raceCount = () => [
      race.count(3),
      db.prepare("SELECT COUNT(*) FROM race_participants WHERE race_id = 3").pluck().get(),
    ];
    db.transaction(() => race.appendMany(3, players(150), NOW))();
    expect(raceCount()).toEqual([150, 150]);
    const id = db.transaction(() => race.insert(3, named("Ada"), NOW, 1))();
    expect(raceCount()).toEqual([151, 151]);
    race.delete(3, id, 1);
    expect(raceCount()).toEqual([150, 150]);
  });

  it("has no insert triggers on participants once a schema-15 store is migrated", () => {
    const db = new Database(":memory:");
    closeAfter(db);
    for (const sql of MIGRATIONS.slice(0, 15)) db.exec(sql);
    db.pragma("user_version = 15");
    const triggers = (table: string) =>
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? ORDER BY name",
        )
        .pluck()
        .all(table);
    expect(triggers("participants")).toContain("participants_counted");
    expect(triggers("participants")).toContain("participants_revision_insert");
    expect(triggers("race_participants")).toContain("race_participants_counted");
    migrate(db);
    // Migration 19 brings back a trigger for rows other writers insert (WHEN false for ours).
    expect(triggers("participants")).toEqual([
      "participants_counted_foreign",
      "participants_revision_delete",
      "participants_revision_update",
      "participants_uncounted",
    ]);
    expect(triggers("race_participants")).toEqual([
      "race_participants_counted_foreign",
      "race_participants_uncounted",
    ]);
  });
});
