/**
 * The index a store without the stage's rows in memory reads by key (a CLI
 * process) answers as the index built from every stored row does.
 */
import { describe, expect, it } from "vitest";
import {
  buildIndex,
  planDoubleElimination,
  planSingleElimination,
} from "../../src/engine/index.js";
import { plannedFrom } from "../../src/service/bracket/match-codec.js";
import { stageIndex } from "../../src/service/bracket/stage-index.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { openDatabase } from "../../src/store/database.js";
import { MatchRepository } from "../../src/store/matches-repository.js";

function players(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
}

describe("stage index read by key", () => {
  it.each([
    [
      "double elimination of 13 with a reset",
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
  ])("equals the index built from every row: %s", (_, plan) => {
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
      const plain = new MatchRepository(db);
      const built = buildIndex(plain.stageRows(ref).map(plannedFrom));
      const keyed = stageIndex(plain, ref);
      expect(keyed.terminal).toEqual(built.terminal);
      for (const key of built.matches.keys()) {
        expect(keyed.feeds.get(key)).toEqual(built.feeds.get(key));
        expect(keyed.matches.get(key)).toEqual(built.matches.get(key));
      }
      expect(keyed.matches.get("nope")).toBeUndefined();
      // Walking it reads the whole stage.
      expect(keyed.matches.size).toBe(plan.length);
      expect(new Map(keyed.feeds)).toEqual(built.feeds);
    } finally {
      db.close();
    }
  });
});
