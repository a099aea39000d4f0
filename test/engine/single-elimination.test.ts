import { describe, expect, it } from "vitest";
import { eliminationRanks } from "../../src/engine/elimination-ranks.js";
import { EngineRuleError } from "../../src/engine/errors.js";
import { planSingleElimination } from "../../src/engine/single-elimination.js";
import { field, higherSeedWins, playOut, ranksBySeed, render } from "./elimination-playout.js";

const lowerSeedWins = (_: unknown, player1: number, player2: number) => Math.max(player1, player2);

describe("single elimination plan", () => {
  it("8 players: 7 matches, standard order, winners feed the next round", () => {
    expect(render(planSingleElimination(field(8)))).toEqual([
      "A W1-1 1: 1 v 8",
      "B W1-2 1: 4 v 5",
      "C W1-3 1: 2 v 7",
      "D W1-4 1: 3 v 6",
      "E W2-1 2: w(W1-1) v w(W1-2)",
      "F W2-2 2: w(W1-3) v w(W1-4)",
      "G W3-1 3: w(W2-1) v w(W2-2)",
    ]);
  });

  it("8 players with a third-place match: fed by the semi-final losers, played before the final", () => {
    const plan = planSingleElimination(field(8), { consolationMatchesTargetRank: 3 });
    expect(render(plan).slice(6)).toEqual([
      "G 3P 3: l(W2-1) v l(W2-2)",
      "H W3-1 3: w(W2-1) v w(W2-2)",
    ]);
    expect(plan.find((m) => m.key === "3P")?.side).toBe("third_place");
  });

  it("5 players: only real matches, the top three seeds wait for round 2", () => {
    expect(render(planSingleElimination(field(5)))).toEqual([
      "A W1-1 1: 4 v 5",
      "B W2-1 2: 1 v w(W1-1)",
      "C W2-2 2: 2 v 3",
      "D W3-1 3: w(W2-1) v w(W2-2)",
    ]);
  });

  it("2 players: one match", () => {
    expect(render(planSingleElimination(field(2)))).toEqual(["A W1-1 1: 1 v 2"]);
  });

  it("3 players: no third-place match, as only one semi-final is played", () => {
    const plan = planSingleElimination(field(3), { consolationMatchesTargetRank: 3 });
    expect(render(plan)).toEqual(["A W1-1 1: 2 v 3", "B W2-1 2: 1 v w(W1-1)"]);
  });

  it("reads consolation target ranks: 2 means none, 4 means a third-place match", () => {
    const count = (rank: number) =>
      planSingleElimination(field(8), { consolationMatchesTargetRank: rank }).length;
    expect(count(2)).toBe(7);
    expect(count(4)).toBe(8);
  });

  it("rejects consolation target ranks that are not positive integers (5 and on: placements.test.ts)", () => {
    for (const rank of [0, -1, 2.5]) {
      expect(() => planSingleElimination(field(8), { consolationMatchesTargetRank: rank })).toThrow(
        EngineRuleError,
      );
    }
  });

  it("is deterministic and independent of the input order", () => {
    const shuffled = [...field(11)].reverse();
    expect(planSingleElimination(shuffled)).toEqual(planSingleElimination(field(11)));
  });
});

describe("single elimination ranks", () => {
  it("8 players, higher seed always wins, no third place: 1,2,3,3,5,5,5,5", () => {
    const plan = planSingleElimination(field(8));
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([1, 2, 3, 3, 5, 5, 5, 5]);
  });

  it("8 players, higher seed always wins, third place: 1,2,3,4,5,5,5,5", () => {
    const plan = planSingleElimination(field(8), { consolationMatchesTargetRank: 3 });
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([1, 2, 3, 4, 5, 5, 5, 5]);
  });

  it("8 players, lower seed always wins: seed 8 first, 7 second, 5 and 6 third", () => {
    const plan = planSingleElimination(field(8));
    const { results } = playOut(plan, lowerSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([5, 5, 5, 5, 3, 3, 2, 1]);
  });

  it("5 players: the round-1 loser is fifth, the round-2 losers third", () => {
    const plan = planSingleElimination(field(5));
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 5)).toEqual([1, 2, 3, 3, 5]);
  });

  it("refuses to rank an unfinished stage", () => {
    const plan = planSingleElimination(field(4));
    const results = new Map([["W1-1", { winnerId: 101, loserId: 104 }]]);
    expect(() => eliminationRanks(plan, results)).toThrow(/not complete/);
  });
});
