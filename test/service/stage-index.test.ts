/**
 * The bracket index: kept when a stage is stored (built from the plan) it must
 * be the index a later request rebuilds from the stored rows; read by key (a
 * store without the stage's rows in memory, as in a CLI process) it answers as
 * the index built from every row does.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  buildIndex,
  type PlannedMatch,
  planDoubleElimination,
  planSingleElimination,
} from "../../src/engine/index.js";
import { plannedFrom } from "../../src/service/bracket/match-codec.js";
import { seedStageIndex, stageIndex } from "../../src/service/bracket/stage-index.js";
import { applyChanges } from "../../src/service/bracket/stage-io.js";
import { createContext } from "../../src/service/context.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { type Db, openDatabase } from "../../src/store/database.js";
import { MatchRepository } from "../../src/store/matches-repository.js";

function players(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: 100 + i, seed: i + 1 }));
}

const PLANS: [string, PlannedMatch[]][] = [
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
];

const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A stage stored from `plan` through the service, and the index rebuilt from its rows. */
function storedStage(plan: PlannedMatch[]) {
  const db = openDatabase(":memory:");
  open.push(db);
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
  return { service, ref, plain, rebuilt: buildIndex(plain.stageRows(ref).map(plannedFrom)) };
}

describe("stage index", () => {
  it.each(PLANS)(
    "seeded from the plan equals the index rebuilt from stored rows: %s",
    (_, plan) => {
      const { service, ref, rebuilt } = storedStage(plan);
      const seeded = stageIndex(service.matches, ref);
      expect(seeded.matches.size).toBe(plan.length);
      expect(seeded.feeds).toEqual(rebuilt.feeds);
      expect([...seeded.terminal].sort()).toEqual([...rebuilt.terminal].sort());
      for (const [key, match] of rebuilt.matches)
        expect(seeded.matches.get(key)).toMatchObject(match);
      // Seeding again after the rows are held changes nothing.
      seedStageIndex(service.matches, ref, plan);
      expect(stageIndex(service.matches, ref)).toBe(seeded);
    },
  );

  it.each(PLANS)("read by key equals the index built from every row: %s", (_, plan) => {
    const { ref, plain, rebuilt } = storedStage(plan);
    const keyed = stageIndex(plain, ref);
    expect(keyed.terminal).toEqual(rebuilt.terminal);
    for (const key of rebuilt.matches.keys()) {
      expect(keyed.feeds.get(key)).toEqual(rebuilt.feeds.get(key));
      expect(keyed.matches.get(key)).toEqual(rebuilt.matches.get(key));
    }
    expect(keyed.matches.get("nope")).toBeUndefined();
    // Walking it reads the whole stage.
    expect(keyed.matches.size).toBe(plan.length);
    expect(new Map(keyed.feeds)).toEqual(rebuilt.feeds);
  });
});
