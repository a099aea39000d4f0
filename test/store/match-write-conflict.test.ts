/**
 * Match writes are `UPDATE OR FAIL` (issue 27, match-writes.ts): the revision trigger made
 * every UPDATE of a report a statement that may abort, which SQLite guards with a
 * statement journal (a copy of each page it changes). With FAIL there is none, and a
 * failing write still leaves nothing of its transaction behind, since the transaction
 * (service.write) rolls back whole; the tournament's revision (tournament-revisions.ts) moves
 * as before, by the rows' versions (migration 20), the tournament_revisions row left.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { planDoubleElimination } from "../../src/engine/index.js";
import { reportMatch } from "../../src/service/bracket/match-actions.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import type { MatchState } from "../../src/store/match-rows.js";
import { tournamentRevisions } from "../../src/store/tournament-revisions.js";

const NOW = "2026-11-26T10:00:00.000Z";
const open: Db[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const db of open.splice(0)) db.close();
});

/** A started 8-player double elimination. */
function started(cache: boolean) {
  const db = openDatabase(":memory:");
  open.push(db);
  const service = createContext(db, { cache });
  const id = service.tournaments.insert({
    settings: {
      ...defaultSettings(),
      name: "Cup",
      url: "cup",
      tournament_type: "double elimination",
    },
    communityId: null,
    randomSeed: 1,
    now: NOW,
  });
  const ref = { tournamentId: id, stage: "final", groupId: null } as const;
  const players = Array.from({ length: 8 }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
  const plan = planDoubleElimination(players, { sequentialPairings: false });
  service.write(() => applyChanges(service, ref, [{ kind: "plan", plan }], NOW));
  return { db, service, id };
}

const revision = (db: Db, id: number) =>
  db.prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?").pluck().get(id);

describe("match writes", () => {
  it.each([
    ["with the cache", true],
    ["without the cache", false],
  ])("of a report are UPDATE OR FAIL and move the revision (%s)", (_, cache) => {
    const { db, service, id } = started(cache);
    const [row] = service.matches.list(id, { state: "open" });
    const t = service.tournaments.findById(id)!;
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    vi.spyOn(db, "prepare").mockImplementation((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    });
    const before = revision(db, id) as number;
    const revisionOf = tournamentRevisions(db, service.changes);
    const seen = revisionOf(id)!;
    const versions = db
      .prepare("SELECT TOTAL(version) FROM matches WHERE tournament_id = ?")
      .pluck();
    const versionsBefore = versions.get(id) as number;
    service.write(() =>
      reportMatch(service, t, row!, {
        entries: [
          { participantId: row!.player1_id!, sets: [2], rank: undefined, advancing: true },
          { participantId: row!.player2_id!, sets: [0], rank: undefined, advancing: false },
        ],
        tie: false,
      }),
    );
    const updates = prepared.filter((sql) => /^UPDATE\b.*\bmatches\b/.test(sql));
    expect(updates.length).toBeGreaterThanOrEqual(2);
    for (const sql of updates) expect(sql).toMatch(/^UPDATE OR FAIL matches SET /);
    // The result, the winner's and the loser's slots: one version each; the stored row is left.
    expect(versions.get(id)).toBe(versionsBefore + 3);
    expect(revision(db, id)).toBe(before);
    expect(revisionOf(id)).toBeGreaterThan(seen);
  });

  it("leave nothing of their transaction when one of them fails", () => {
    const { db, service, id } = started(true);
    const [first, second] = service.matches.list(id, { state: "open" });
    const before = revision(db, id);
    expect(() =>
      service.write(() => {
        service.matches.setUnderway(first!.id, NOW, NOW);
        // state is NOT NULL: this write fails after the first one was made.
        service.matches.setStateOf(second!.id, null as unknown as MatchState, true, NOW);
      }),
    ).toThrow(/NOT NULL/);
    const plain = createContext(db, { cache: false });
    expect(plain.matches.find(id, first!.id)!.underway_at).toBeNull();
    expect(plain.matches.find(id, second!.id)!.state).toBe("open");
    expect(revision(db, id)).toBe(before);
  });
});
