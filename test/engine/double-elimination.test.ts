import { describe, expect, it } from "vitest";
import { dropShift, planDoubleElimination } from "../../src/engine/double-elimination.js";
import { eliminationRanks } from "../../src/engine/elimination-ranks.js";
import { EngineRuleError } from "../../src/engine/errors.js";
import type { PlannedMatch } from "../../src/engine/types.js";
import {
  field,
  higherSeedWins,
  type Pick,
  playOut,
  ranksBySeed,
  render,
} from "./elimination-playout.js";

/** Higher seed wins, except in the grand finals where the losers-bracket side (player2 of GF1) wins. */
const losersSideTakesTheFinals: Pick = (match: PlannedMatch, player1, player2) =>
  match.key === "GF1" ? player2 : match.key === "GF2" ? player2 : Math.min(player1, player2);

describe("double elimination plan", () => {
  it("8 players: winners and losers brackets, crossed drops, grand final and reset", () => {
    expect(render(planDoubleElimination(field(8)))).toEqual([
      "A W1-1 1: 1 v 8",
      "B W1-2 1: 4 v 5",
      "C W1-3 1: 2 v 7",
      "D W1-4 1: 3 v 6",
      "E L1-1 -1: l(W1-1) v l(W1-2)",
      "F L1-2 -1: l(W1-3) v l(W1-4)",
      "G W2-1 2: w(W1-1) v w(W1-2)",
      "H W2-2 2: w(W1-3) v w(W1-4)",
      "I L2-1 -2: w(L1-1) v l(W2-2)",
      "J L2-2 -2: w(L1-2) v l(W2-1)",
      "K L3-1 -3: w(L2-1) v w(L2-2)",
      "L W3-1 3: w(W2-1) v w(W2-2)",
      "M L4-1 -4: w(L3-1) v l(W3-1)",
      "N GF1 4: w(W3-1) v w(L4-1)",
      "O GF2 5: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("5 players: byes collapse, empty losers rounds are skipped in the numbering", () => {
    expect(render(planDoubleElimination(field(5)))).toEqual([
      "A W1-1 1: 4 v 5",
      "B W2-1 2: 1 v w(W1-1)",
      "C W2-2 2: 2 v 3",
      "D L1-1 -1: l(W1-1) v l(W2-2)",
      "E L2-1 -2: w(L1-1) v l(W2-1)",
      "F W3-1 3: w(W2-1) v w(W2-2)",
      "G L3-1 -3: w(L2-1) v l(W3-1)",
      "H GF1 4: w(W3-1) v w(L3-1)",
      "I GF2 5: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("2 players: the winners-bracket loser is the losers-bracket winner", () => {
    expect(render(planDoubleElimination(field(2)))).toEqual([
      "A W1-1 1: 1 v 2",
      "B GF1 2: w(W1-1) v l(W1-1)",
      "C GF2 3: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("split participants, 8 players: seeds 5-8 start in the losers bracket", () => {
    expect(render(planDoubleElimination(field(8), { splitParticipants: true }))).toEqual([
      "A L1-1 -1: 5 v 8",
      "B L1-2 -1: 6 v 7",
      "C W1-1 1: 1 v 4",
      "D W1-2 1: 2 v 3",
      "E L2-1 -2: w(L1-1) v l(W1-2)",
      "F L2-2 -2: w(L1-2) v l(W1-1)",
      "G L3-1 -3: w(L2-1) v w(L2-2)",
      "H W2-1 2: w(W1-1) v w(W1-2)",
      "I L4-1 -4: w(L3-1) v l(W2-1)",
      "J GF1 3: w(W2-1) v w(L4-1)",
      "K GF2 4: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("split participants, 3 and 2 players", () => {
    expect(render(planDoubleElimination(field(3), { splitParticipants: true }))).toEqual([
      "A W1-1 1: 1 v 2",
      "B L1-1 -1: 3 v l(W1-1)",
      "C GF1 2: w(W1-1) v w(L1-1)",
      "D GF2 3: l(GF1) v w(GF1) if GF1",
    ]);
    expect(render(planDoubleElimination(field(2), { splitParticipants: true }))).toEqual([
      "A GF1 1: 1 v 2",
      "B GF2 2: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("single match: GF1 without a reset; skip: no grand final at all", () => {
    const single = planDoubleElimination(field(8), { grandFinalsModifier: "single match" });
    expect(render(single).slice(-1)).toEqual(["N GF1 4: w(W3-1) v w(L4-1)"]);
    const skip = planDoubleElimination(field(8), { grandFinalsModifier: "skip" });
    expect(render(skip).slice(-2)).toEqual([
      "L W3-1 3: w(W2-1) v w(W2-2)",
      "M L4-1 -4: w(L3-1) v l(W3-1)",
    ]);
    expect(skip.some((m) => m.side === "grand_final")).toBe(false);
  });

  it("rejects an unknown grand finals modifier, and split 2 players with nothing to play", () => {
    expect(() =>
      planDoubleElimination(field(4), { grandFinalsModifier: "twice" as "skip" }),
    ).toThrow(EngineRuleError);
    expect(() =>
      planDoubleElimination(field(2), { splitParticipants: true, grandFinalsModifier: "skip" }),
    ).toThrow(EngineRuleError);
  });
});

describe("double elimination match counts", () => {
  // [N, with the reset (2N-1), single match (2N-2), skip (2N-3), split with reset (N + ceil(N/2) - 1)]
  const table: [number, number, number, number, number][] = [
    [2, 3, 2, 1, 2],
    [3, 5, 4, 3, 4],
    [4, 7, 6, 5, 5],
    [5, 9, 8, 7, 7],
    [6, 11, 10, 9, 8],
    [7, 13, 12, 11, 10],
    [8, 15, 14, 13, 11],
    [9, 17, 16, 15, 13],
    [12, 23, 22, 21, 17],
    [16, 31, 30, 29, 23],
    [17, 33, 32, 31, 25],
    [33, 65, 64, 63, 49],
    [64, 127, 126, 125, 95],
  ];

  it.each(table)("%i players: %i, %i, %i matches; split %i", (n, reset, single, skip, split) => {
    expect(planDoubleElimination(field(n)).length).toBe(reset);
    expect(planDoubleElimination(field(n), { grandFinalsModifier: "single match" }).length).toBe(
      single,
    );
    expect(planDoubleElimination(field(n), { grandFinalsModifier: "skip" }).length).toBe(skip);
    expect(planDoubleElimination(field(n), { splitParticipants: true }).length).toBe(split);
  });

  it("plays 2N-1 matches when the losers-bracket winner takes GF1, 2N-2 when not", () => {
    const plan = planDoubleElimination(field(6));
    expect(playOut(plan, losersSideTakesTheFinals).played.length).toBe(11);
    expect(playOut(plan, higherSeedWins).played.length).toBe(10);
  });
});

describe("the grand-final reset", () => {
  it("is played only when the losers-bracket winner wins GF1", () => {
    const plan = planDoubleElimination(field(4));
    const upset = playOut(plan, losersSideTakesTheFinals);
    expect(upset.played.map((p) => p.key).slice(-2)).toEqual(["GF1", "GF2"]);
    expect(upset.played.at(-1)).toEqual({ key: "GF2", player1: 101, player2: 102, winnerId: 102 });
    const straight = playOut(plan, higherSeedWins);
    expect(straight.played.map((p) => p.key).slice(-1)).toEqual(["GF1"]);
    expect(straight.complete).toBe(true);
  });

  it("decides the ranks when played: GF2's winner first", () => {
    const plan = planDoubleElimination(field(4));
    const { results } = playOut(plan, losersSideTakesTheFinals);
    expect(ranksBySeed(eliminationRanks(plan, results), 4)).toEqual([2, 1, 3, 4]);
  });
});

describe("double elimination ranks", () => {
  it("8 players, higher seed always wins: 1,2,3,4,5,5,7,7", () => {
    const plan = planDoubleElimination(field(8));
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([1, 2, 3, 4, 5, 5, 7, 7]);
  });

  it("skip: the winners-bracket winner first, the losers-bracket winner second", () => {
    const plan = planDoubleElimination(field(8), { grandFinalsModifier: "skip" });
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([1, 2, 3, 4, 5, 5, 7, 7]);
    const upsets = playOut(plan, (match, player1, player2) =>
      match.key === "L4-1" ? Math.max(player1, player2) : Math.min(player1, player2),
    );
    expect(ranksBySeed(eliminationRanks(plan, upsets.results), 8)).toEqual([
      1, 3, 2, 4, 5, 5, 7, 7,
    ]);
  });

  it("skip with 2 players: the one match decides first and second", () => {
    const plan = planDoubleElimination(field(2), { grandFinalsModifier: "skip" });
    const { results } = playOut(plan, higherSeedWins);
    expect(ranksBySeed(eliminationRanks(plan, results), 2)).toEqual([1, 2]);
  });

  it("split participants, 8 players, higher seed always wins", () => {
    const plan = planDoubleElimination(field(8), { splitParticipants: true });
    const { results } = playOut(plan, higherSeedWins);
    // L1 losers 7, 8; L2 losers 5, 6 (to 3 and 4); L3 loser 4; L4 loser 3; GF loser 2.
    expect(ranksBySeed(eliminationRanks(plan, results), 8)).toEqual([1, 2, 3, 4, 5, 5, 7, 7]);
  });
});

describe("losers-bracket drop order", () => {
  it("XORs drop positions with the bit-reversed wave number", () => {
    expect(dropShift(1, 1)).toBe(0);
    expect(dropShift(1, 2)).toBe(1);
    expect(dropShift(1, 4)).toBe(2);
    expect(dropShift(1, 8)).toBe(4);
    expect(dropShift(2, 8)).toBe(2);
    expect(dropShift(3, 8)).toBe(6);
    expect(dropShift(2, 2)).toBe(0);
  });

  it("16 players: the first drop is half-shifted so quarters never meet their own losers", () => {
    const plan = planDoubleElimination(field(16));
    const round2 = render(plan).filter((line) => / L2-\d -2:/.test(line));
    expect(round2.map((line) => line.slice(line.indexOf("L2-")))).toEqual([
      "L2-1 -2: w(L1-1) v l(W2-3)",
      "L2-2 -2: w(L1-2) v l(W2-4)",
      "L2-3 -2: w(L1-3) v l(W2-1)",
      "L2-4 -2: w(L1-4) v l(W2-2)",
    ]);
  });
});
