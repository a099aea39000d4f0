/**
 * Placement matches below third place (consolation_matches_target_rank 5, 9, ...):
 * src/engine/placements.ts, planned by planSingleElimination, ranked by eliminationRanks.
 */
import { describe, expect, it } from "vitest";
import { eliminationRanks } from "../../src/engine/elimination-ranks.js";
import { EngineRuleError } from "../../src/engine/errors.js";
import { placementLevels } from "../../src/engine/placements.js";
import { buildIndex, reopenEffects } from "../../src/engine/progression.js";
import { planSingleElimination } from "../../src/engine/single-elimination.js";
import {
  field,
  higherSeedWins,
  playOut,
  randomWinners,
  ranksBySeed,
  render,
} from "./elimination-playout.js";

const plan = (count: number, target: number) =>
  planSingleElimination(field(count), { consolationMatchesTargetRank: target });

/** Ranks of a field played out by the better seed: seeds where decided, else the tie of their round. */
function expectedBySeed(count: number, target: number): number[] {
  let decided = 1;
  while (2 * decided + 1 <= target) decided *= 2;
  return Array.from({ length: count }, (_, i) => {
    const seed = i + 1;
    if (seed <= 2 * decided || seed <= 2) return seed;
    return 2 ** Math.floor(Math.log2(seed - 1)) + 1;
  });
}

describe("placement matches: plans", () => {
  it("8 players at 5: the quarter-final losers play two semis, then 7th and 5th place", () => {
    expect(render(plan(8, 5))).toEqual([
      "A W1-1 1: 1 v 8",
      "B W1-2 1: 4 v 5",
      "C W1-3 1: 2 v 7",
      "D W1-4 1: 3 v 6",
      "E 5-8P-1 2: l(W1-1) v l(W1-2)",
      "F 5-8P-2 2: l(W1-3) v l(W1-4)",
      "G W2-1 2: w(W1-1) v w(W1-2)",
      "H W2-2 2: w(W1-3) v w(W1-4)",
      "I 7P 3: l(5-8P-1) v l(5-8P-2)",
      "J 5P 3: w(5-8P-1) v w(5-8P-2)",
      "K 3P 3: l(W2-1) v l(W2-2)",
      "L W3-1 3: w(W2-1) v w(W2-2)",
    ]);
    const sides = plan(8, 5).map((m) => `${m.key}:${m.side}`);
    expect(sides).toContain("5-8P-1:placement");
    expect(sides).toContain("7P:placement");
    expect(sides).toContain("3P:third_place");
  });

  it("7 players at 5: the quarter-final the top seed's bye took away leaves one placement semi", () => {
    expect(render(plan(7, 5)).filter((l) => /P/.test(l.split(" ")[1]!))).toEqual([
      "D 5-8P-2 2: l(W1-2) v l(W1-3)",
      "G 5P 3: l(W1-1) v w(5-8P-2)",
      "H 3P 3: l(W2-1) v l(W2-2)",
    ]);
  });

  it("6 players at 5: the two real quarter-finals' losers play for 5th", () => {
    expect(render(plan(6, 5)).filter((l) => /P/.test(l.split(" ")[1]!))).toEqual([
      "E 5P 3: l(W1-1) v l(W1-2)",
      "F 3P 3: l(W2-1) v l(W2-2)",
    ]);
  });

  it("5 players at 5: one quarter-final, its loser is fifth without a placement match", () => {
    expect(plan(5, 5).map((m) => m.key)).toEqual(["W1-1", "W2-1", "W2-2", "3P", "W3-1"]);
  });

  it("2, 3 and 4 players at 5 and 9: the bracket has no room for more than a third-place match", () => {
    for (const target of [5, 9]) {
      expect(plan(2, target).map((m) => m.key)).toEqual(["W1-1"]);
      expect(plan(3, target).map((m) => m.key)).toEqual(["W1-1", "W2-1"]);
      expect(plan(4, target).map((m) => m.key)).toEqual(["W1-1", "W1-2", "3P", "W2-1"]);
    }
  });

  it("16 players at 9: 9th-16th in a full placement bracket, 5th-8th and third place", () => {
    const keys = plan(16, 9).map((m) => m.key);
    expect(keys).toHaveLength(15 + 12 + 4 + 1);
    const placement = keys.filter((k) => k.includes("P"));
    expect(placement).toEqual([
      ...["9-16P-1", "9-16P-2", "9-16P-3", "9-16P-4"],
      ...["13-16P-1", "13-16P-2", "9-12P-1", "9-12P-2", "5-8P-1", "5-8P-2"],
      ...["15P", "13P", "11P", "9P", "7P", "5P", "3P"],
    ]);
    const byKey = new Map(plan(16, 9).map((m) => [m.key, m]));
    expect(byKey.get("9-16P-1")?.round).toBe(2);
    expect(byKey.get("13-16P-1")?.player1).toEqual({ type: "loser", match: "9-16P-1" });
    expect(byKey.get("9-12P-2")?.player2).toEqual({ type: "winner", match: "9-16P-4" });
    expect(byKey.get("15P")?.round).toBe(4);
  });

  it("counts a target between levels down to the level below it, and refuses non-integers", () => {
    expect([1, 2, 3, 4, 5, 8, 9, 16, 17].map(placementLevels)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect(plan(8, 6)).toEqual(plan(8, 5));
    expect(plan(8, 100)).toEqual(plan(8, 5));
    for (const bad of [0, -3, 2.5, Number.NaN]) {
      expect(() => plan(8, bad)).toThrow(EngineRuleError);
    }
  });
});

describe("placement matches: ranks", () => {
  const counts = [2, 3, 4, 5, 6, 7, 8, 13, 16];
  for (const target of [5, 9]) {
    it(`the better seed winning, at ${target}: every decided place its own rank (${counts.join(", ")} players)`, () => {
      for (const count of counts) {
        const planned = plan(count, target);
        const { results, complete, completeAfter } = playOut(planned, higherSeedWins);
        expect(complete).toBe(true);
        expect(completeAfter).toEqual([planned.length]);
        const ranks = ranksBySeed(eliminationRanks(planned, results), count);
        expect(ranks, `${count} players`).toEqual(expectedBySeed(count, target));
      }
    });
  }

  it("8 at 5: 1..8 with the quarter-final losers ranked 5, 6, 7, 8", () => {
    expect(expectedBySeed(8, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(expectedBySeed(16, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, ...Array(8).fill(9)]);
  });

  it("any winners: every place once, 1..n, for 5 to 16 players at 9 and 2 to 8 at 5", () => {
    for (const [target, from, to] of [
      [9, 5, 16],
      [5, 2, 8],
    ] as const) {
      for (let count = from; count <= to; count += 1) {
        for (let seed = 1; seed <= 5; seed += 1) {
          const planned = plan(count, target);
          const { results } = playOut(planned, randomWinners(seed * 7919 + count));
          const ranks = [...eliminationRanks(planned, results).values()].sort((a, b) => a - b);
          expect(ranks, `${count} players`).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        }
      }
    }
  });

  it("reopening a quarter-final clears its loser's placement slots and what follows them", () => {
    const index = buildIndex(plan(8, 5));
    const effects = reopenEffects(index, "W1-2");
    expect(effects.dependents).toEqual(expect.arrayContaining(["5-8P-1", "5P", "7P", "W2-1"]));
    expect(effects.clearedSlots).toEqual(
      expect.arrayContaining([
        { match: "5-8P-1", slot: "player2" },
        { match: "W2-1", slot: "player2" },
      ]),
    );
  });
});
