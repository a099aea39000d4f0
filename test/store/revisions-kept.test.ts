/**
 * How many tournaments a revision reader (serve's snapshots, topics and standings) keeps its
 * last look of: KEPT_TOURNAMENTS at most, the least recently looked at forgotten. Before,
 * the map grew with every tournament ever looked at, a deleted one's look kept until its id
 * was asked again; an id without a row never made an entry (so anonymous readers, who reach
 * a look only for a tournament that exists, cannot grow it past the tournaments made).
 */
import { describe, expect, it } from "vitest";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { openDatabase } from "../../src/store/database.js";
import { KEPT_TOURNAMENTS, tournamentRevisions } from "../../src/store/tournament-revisions.js";
import { closeAfter, NOW } from "../helpers/revision-store.js";

function store(count: number, cache: boolean) {
  const db = closeAfter(openDatabase(":memory:"));
  const service = createContext(db, { cache });
  const ids = Array.from({ length: count }, (_, i) =>
    service.tournaments.insert({
      settings: {
        ...defaultSettings(),
        name: `Cup ${i}`,
        url: `cup${i}`,
        tournament_type: "swiss",
      },
      communityId: null,
      randomSeed: 1,
      now: NOW,
    }),
  );
  return { db, service, ids };
}

describe("a revision reader's kept looks", () => {
  for (const cache of [true, false])
    it(`keeps \`keep\` tournaments at most, the least recently looked at forgotten (cache ${cache})`, () => {
      const { db, service, ids } = store(5, cache);
      const revisionOf = tournamentRevisions(db, service.changes, 3);
      const first = ids.map((id) => revisionOf(id)!);
      expect(revisionOf.kept()).toBe(3);
      // The three looked at last are kept: unchanged, the same revision.
      for (const i of [2, 3, 4]) expect(revisionOf(ids[i]!)).toBe(first[i]);
      // A look at one forgotten sums it again, taken as changed: a new revision.
      const again = revisionOf(ids[0]!)!;
      expect(again).toBeGreaterThan(Math.max(...first));
      expect(revisionOf(ids[0]!)).toBe(again);
      expect(revisionOf.kept()).toBe(3);
      // Kept now: 3, 4, 0 (looked at in that order); a look at 1 forgets 3, not 4.
      revisionOf(ids[1]!);
      expect(revisionOf(ids[4]!)).toBe(first[4]);
      expect(revisionOf(ids[3]!)).toBeGreaterThan(again);
    });

  it("makes no entry for an id without a tournament, and keeps 10,000 by default", () => {
    const { db, service, ids } = store(1, true);
    const revisionOf = tournamentRevisions(db, service.changes);
    for (let id = 1000; id < 1100; id++) expect(revisionOf(id)).toBeUndefined();
    expect(revisionOf.kept()).toBe(0);
    expect(revisionOf(ids[0]!)).toBeDefined();
    expect(revisionOf.kept()).toBe(1);
    expect(KEPT_TOURNAMENTS).toBe(10_000);
  });
});
