import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import { bergerRounds, planRoundRobin } from "../../src/engine/round-robin.js";
import type { PlannedMatch } from "../../src/engine/types.js";
import { field } from "./elimination-playout.js";

/** Matches as "home-away" seeds, grouped by round. */
function byRound(plan: readonly PlannedMatch[]): string[][] {
  const rounds: string[][] = [];
  for (const match of plan) {
    const seeds = [match.player1, match.player2].map((s) =>
      s.type === "participant" ? s.participantId - 100 : 0,
    );
    const round = rounds[match.round - 1] ?? [];
    round.push(seeds.join("-"));
    rounds[match.round - 1] = round;
  }
  return rounds;
}

const pairKey = (pair: string) =>
  pair
    .split("-")
    .map(Number)
    .sort((a, b) => a - b)
    .join("-");

describe("round robin", () => {
  it("6 players: the Berger table, 5 rounds of 3 matches", () => {
    expect(byRound(planRoundRobin(field(6)))).toEqual([
      ["1-6", "2-5", "3-4"],
      ["6-4", "5-3", "1-2"],
      ["2-6", "3-1", "4-5"],
      ["6-5", "1-4", "2-3"],
      ["3-6", "4-2", "5-1"],
    ]);
  });

  it("6 players: every pair exactly once, nobody twice in a round", () => {
    const rounds = byRound(planRoundRobin(field(6)));
    const pairs = rounds.flat().map(pairKey);
    expect(pairs).toHaveLength(15);
    expect(new Set(pairs).size).toBe(15);
    for (const round of rounds) {
      const players = round.flatMap((pair) => pair.split("-"));
      expect(new Set(players).size).toBe(6);
    }
  });

  it("5 players: 5 rounds of 2, everyone sits out exactly once", () => {
    const rounds = byRound(planRoundRobin(field(5)));
    expect(rounds).toEqual([
      ["2-5", "3-4"],
      ["5-3", "1-2"],
      ["3-1", "4-5"],
      ["1-4", "2-3"],
      ["4-2", "5-1"],
    ]);
    const sittingOut = rounds.map((round) => {
      const playing = new Set(round.flatMap((pair) => pair.split("-").map(Number)));
      return [1, 2, 3, 4, 5].filter((seed) => !playing.has(seed));
    });
    expect(sittingOut).toEqual([[1], [4], [2], [5], [3]]);
  });

  it("2 players: one round, one match", () => {
    expect(byRound(planRoundRobin(field(2)))).toEqual([["1-2"]]);
  });

  it("iterations repeat every pair with home and away swapped, rounds numbered on", () => {
    const plan = planRoundRobin(field(4), { iterations: 2 });
    expect(byRound(plan)).toEqual([
      ["1-4", "2-3"],
      ["4-3", "1-2"],
      ["2-4", "3-1"],
      ["4-1", "3-2"],
      ["3-4", "2-1"],
      ["4-2", "1-3"],
    ]);
  });

  it("keys, identifiers and play order run round by round", () => {
    const plan = planRoundRobin(field(4));
    expect(plan.map((m) => `${m.suggestedPlayOrder} ${m.identifier} ${m.key} ${m.side}`)).toEqual([
      "1 A R1-1 round_robin",
      "2 B R1-2 round_robin",
      "3 C R2-1 round_robin",
      "4 D R2-2 round_robin",
      "5 E R3-1 round_robin",
      "6 F R3-2 round_robin",
    ]);
  });

  it("covers every pair once per iteration for sizes 2 to 40", () => {
    for (let count = 2; count <= 40; count++) {
      const rounds = bergerRounds(count);
      expect(rounds).toHaveLength(count % 2 === 0 ? count - 1 : count);
      const pairs = rounds.flat().map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
      expect(new Set(pairs).size).toBe((count * (count - 1)) / 2);
      expect(pairs).toHaveLength((count * (count - 1)) / 2);
      for (const round of rounds) expect(new Set(round.flat()).size).toBe(round.length * 2);
    }
  });

  it("rejects iterations that are not positive integers", () => {
    for (const iterations of [0, -1, 1.5]) {
      expect(() => planRoundRobin(field(4), { iterations })).toThrow(EngineRuleError);
    }
  });
});
