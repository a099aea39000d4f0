/**
 * The bracket index kept when a stage is stored (built from the plan) must be
 * the index a later request rebuilds from the stored rows.
 */
import { describe, expect, it } from "vitest";
import {
  buildIndex,
  planDoubleElimination,
  planSingleElimination,
} from "../../src/engine/index.js";
import { plannedFrom } from "../../src/service/bracket/match-codec.js";
import { seedStageIndex, stageIndex } from "../../src/service/bracket/stage-index.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { openDatabase } from "../../src/store/database.js";
import { MatchRepository } from "../../src/store/matches-repository.js";

function players(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
}

describe("stage index", () => {
  it.each([
    [
      "double elimination of 13",
      planDoubleElimination(players(13), {
        sequentialPairings: false,
        grandFinalsModifier: "",
        splitParticipants: false,
      }),
    ],
    [
      "single elimination of 9 with third place",
      planSingleElimination(players(9), {
        sequentialPairings: false,
        consolationMatchesTargetRank: 3,
      }),
    ],
  ])("seeded from the plan equals the index rebuilt from stored rows: %s", (_, plan) => {
    const db = openDatabase(":memory:");
    try {
      const service = createContext(db, {});
      const id = service.tournaments.insert({
        settings: { ...defaultSettings(), name: "Cup", url: "cup" },
        communityId: null,
        randomSeed: 1,
        now: "2026-11-23T10:00:00.000Z",
      });
      const ref = { tournamentId: id, stage: "final", groupId: null } as const;
      service.write(() => applyChanges(service, ref, [{ kind: "plan", plan }], service.now()));
      const seeded = stageIndex(service.matches, ref);
      const fresh = new MatchRepository(db);
      const rebuilt = buildIndex(fresh.stageRows(ref).map(plannedFrom));
      expect(seeded.matches.size).toBe(plan.length);
      expect(seeded.feeds).toEqual(rebuilt.feeds);
      expect([...seeded.terminal].sort()).toEqual([...rebuilt.terminal].sort());
      for (const [key, match] of rebuilt.matches)
        expect(seeded.matches.get(key)).toMatchObject(match);
      // Seeding again after the rows are held changes nothing.
      seedStageIndex(service.matches, ref, plan);
      expect(stageIndex(service.matches, ref)).toBe(seeded);
    } finally {
      db.close();
    }
  });
});
