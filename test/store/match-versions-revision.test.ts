/**
 * A tournament's revision as readers compare it (tournament-revisions.ts) moves on every
 * change, by this connection or another one on the same file, while tourney's match
 * updates leave the tournament_revisions row (migration 20, migration-match-versions.ts):
 * they move the row's `version`, which readers sum when another connection committed.
 * Two connections on one WAL file, as serve and a CLI beside it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { planDoubleElimination } from "../../src/engine/index.js";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext, type ServiceContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MIGRATIONS } from "../../src/store/migrations.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";

const NOW = "2026-11-27T10:00:00.000Z";
const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "tourney-versions-"));
  dirs.push(dir);
  return join(dir, "t.db");
}

function connect(path: string, cache = true): { db: Db; service: ServiceContext } {
  const db = openDatabase(path);
  open.push(db);
  return { db, service: createContext(db, { cache }) };
}

/** A started 8-player double elimination named `url`. */
function started(service: ServiceContext, url: string): number {
  const id = service.tournaments.insert({
    settings: { ...defaultSettings(), name: url, url, tournament_type: "double elimination" },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  const ref = { tournamentId: id, stage: "final", groupId: null } as const;
  const players = Array.from({ length: 8 }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
  const plan = planDoubleElimination(players, { sequentialPairings: false });
  service.write(() => applyChanges(service, ref, [{ kind: "plan", plan }], NOW));
  return id;
}

/** Reports tournament `id`'s first open match through `service`, player 1 winning. */
function reportFirst(service: ServiceContext, id: number): void {
  service.write(() => {
    const [row] = service.matches.list(id, { state: "open" });
    const t = service.tournaments.findById(id)!;
    reportMatch(service, t, row!, {
      entries: [
        { participantId: row!.player1_id!, sets: [2], rank: undefined, advancing: true },
        { participantId: row!.player2_id!, sets: [0], rank: undefined, advancing: false },
      ],
      tie: false,
    });
  });
}

/** A write that marks tournament `id`'s first open match underway, then is refused (rolled back). */
function refusedUnderway(service: ServiceContext, id: number): void {
  expect(() =>
    service.write(() => {
      const [row] = service.matches.list(id, { state: "open" });
      service.matches.setUnderway(row!.id, NOW, NOW);
      throw new Error("refused");
    }),
  ).toThrow("refused");
}

const stored = (db: Db, id: number) =>
  db.prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?").pluck().get(id);
const versions = (db: Db, id: number) =>
  db.prepare("SELECT TOTAL(version) FROM matches WHERE tournament_id = ?").pluck().get(id);

describe.each([
  ["with the store's log of its writes", true],
  ["without it (the store without its cache)", false],
])("a tournament's revision %s", (_, cache) => {
  it("moves on every change by either connection, and only on a change of its own tournament", () => {
    const path = tempFile();
    const serve = connect(path, cache);
    const cli = connect(path);
    const cup = started(serve.service, "cup");
    const other = started(serve.service, "other");
    const revision = tournamentRevisions(serve.db, serve.service.changes);
    if (cache) expect(serve.service.changes).toBeDefined();
    const first = revision(cup)!;
    const otherFirst = revision(other)!;
    expect(revision(cup)).toBe(first);

    // Another connection's report: its tournament moves, the other one does not.
    reportFirst(cli.service, cup);
    const second = revision(cup)!;
    expect(second).toBeGreaterThan(first);
    expect(revision(other)).toBe(otherFirst);
    expect(revision(cup)).toBe(second);

    // This connection's own report, then one of the other tournament.
    reportFirst(serve.service, cup);
    const third = revision(cup)!;
    expect(third).toBeGreaterThan(second);
    reportFirst(serve.service, other);
    expect(revision(cup)).toBe(third);
    const otherSecond = revision(other)!;
    expect(otherSecond).toBeGreaterThan(otherFirst);

    // Another writer's update that leaves the version (the sqlite3 shell) moves the stored row.
    const raw = new Database(path);
    const before = stored(serve.db, cup) as number;
    raw
      .prepare(
        "UPDATE matches SET underway_at = ? WHERE id = (SELECT MIN(id) FROM matches WHERE tournament_id = ?)",
      )
      .run(NOW, cup);
    raw.close();
    expect(stored(serve.db, cup)).toBe(before + 1);
    const fourth = revision(cup)!;
    expect(fourth).toBeGreaterThan(third);
    expect(revision(other)).toBe(otherSecond);

    // A participant added by the other connection (the stored row moves).
    cli.service.write(() =>
      cli.service.participants.insert(
        cup,
        { name: "Ivy", misc: null, username: null, email: null },
        NOW,
      ),
    );
    expect(revision(cup)).toBeGreaterThan(fourth);
  });

  it("never misses a change after a rolled-back write, nor a report after it", () => {
    const path = tempFile();
    const serve = connect(path, cache);
    const cup = started(serve.service, "cup");
    const revision = tournamentRevisions(serve.db, serve.service.changes);
    const first = revision(cup)!;
    refusedUnderway(serve.service, cup);
    const afterRollback = revision(cup)!;
    expect(afterRollback).toBeGreaterThanOrEqual(first);
    reportFirst(serve.service, cup);
    expect(revision(cup)).toBeGreaterThan(afterRollback);
  });

  it("a refused request inside an open transaction takes back its own writes alone", () => {
    const path = tempFile();
    const serve = connect(path, cache);
    const cup = started(serve.service, "cup");
    const revision = tournamentRevisions(serve.db, serve.service.changes);
    const first = revision(cup)!;
    const mark = serve.service.changes?.mark() ?? 0;
    // As a group commit: one transaction, each request a savepoint; the second is refused.
    serve.service.write(() => {
      reportFirst(serve.service, cup);
      refusedUnderway(serve.service, cup);
    });
    if (cache) {
      // The log still tells: the kept report's updates, not the refused one's.
      const written = serve.service.changes!.since(mark, cup);
      expect(written).toBeDefined();
      expect(written!.updates).toBeGreaterThan(0);
    }
    const after = revision(cup)!;
    expect(after).toBeGreaterThan(first);
    expect(versions(serve.db, cup)).toBeGreaterThan(0);
    // Nothing since: the same revision.
    expect(revision(cup)).toBe(after);
  });
});

describe("a report on the WAL file", () => {
  it("moves its rows' versions and leaves the tournament_revisions row", () => {
    const path = tempFile();
    const { db, service } = connect(path);
    const cup = started(service, "cup");
    const before = { stored: stored(db, cup), versions: versions(db, cup) as number };
    reportFirst(service, cup);
    expect(stored(db, cup)).toBe(before.stored);
    // The result and the winner's and the loser's slots.
    expect(versions(db, cup)).toBe(before.versions + 3);
  });

  it("reads a schema-19 store migrated: versions from 0, the shell's updates still counted", () => {
    const path = tempFile();
    const old = new Database(path);
    old.pragma("journal_mode = WAL");
    for (const sql of MIGRATIONS.slice(0, 19)) old.exec(sql);
    old.pragma("user_version = 19");
    old.close();
    const { db, service } = connect(path);
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.length);
    const cup = started(service, "cup");
    expect(versions(db, cup)).toBe(0);
    const when = db
      .prepare("SELECT sql FROM sqlite_master WHERE name = 'matches_revision_update'")
      .pluck()
      .get();
    expect(when).toMatch(/WHEN NEW\.version IS OLD\.version/);
    reportFirst(service, cup);
    expect(versions(db, cup)).toBe(3);
  });
});
