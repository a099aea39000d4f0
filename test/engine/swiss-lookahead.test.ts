/**
 * A swiss stage of n − 1 rounds (every pair can meet once) plays no rematch when a
 * rematch-free schedule is still possible: each round looks ahead at the rounds left
 * (src/engine/swiss-lookahead.ts; review J #2: 8 players over 7 rounds repeated two pairs).
 * The same histories paired without the stage's round count (no look-ahead) repeat pairs in
 * some of them: the check can fail.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/shuffle.js";
import type { Bye } from "../../src/engine/standings-tally.js";
import { pairSwissRound } from "../../src/engine/swiss.js";
import { canComplete, firstRound } from "../../src/engine/swiss-lookahead.js";
import type { EngineParticipant, MatchResult } from "../../src/engine/types.js";

/** Rematches in a whole stage of `n` players and `rounds` rounds, results drawn from `seed`. */
function rematchesOf(n: number, rounds: number, seed: number, lookAhead: boolean): number {
  const random = seededRandom(seed);
  const participants: EngineParticipant[] = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    seed: i + 1,
  }));
  const results: MatchResult[] = [];
  const byes: Bye[] = [];
  const met = new Set<string>();
  let rematches = 0;
  for (let round = 1; round <= rounds; round++) {
    const input = { participants, results, byes, round };
    const paired = pairSwissRound(lookAhead ? { ...input, roundCount: rounds } : input);
    for (const { player1Id: a, player2Id: b } of paired.pairings) {
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (met.has(key)) rematches++;
      met.add(key);
      const draw = random();
      const winnerId = draw < 0.1 ? null : draw < 0.55 ? a : b;
      results.push({ player1Id: a, player2Id: b, winnerId, sets: [], round });
    }
    if (paired.byeId !== null) byes.push({ participantId: paired.byeId, round });
  }
  return rematches;
}

describe("a swiss of n − 1 rounds", () => {
  it("plays every pair once for 4 to 12 players, where one round at a time repeated pairs", () => {
    let without = 0;
    for (const n of [4, 6, 8, 10, 12]) {
      for (let seed = 1; seed <= 30; seed++) {
        expect(rematchesOf(n, n - 1, seed, true), `${n} players, seed ${seed}`).toBe(0);
        without += rematchesOf(n, n - 1, seed, false);
      }
    }
    expect(without).toBeGreaterThan(0);
  });

  it("pairs as before when the rounds left cannot run out of pairs (n − 1 rounds not reached)", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const n = 16;
      // 5 rounds of 16: the look-ahead finds every round completable and keeps it.
      expect(rematchesOf(n, 5, seed, true)).toBe(0);
    }
  });
});

describe("the look-ahead's search", () => {
  const graph = (n: number, pairs: [number, number][]) => {
    const open = Array.from({ length: n }, () => new Uint8Array(n));
    for (const [a, b] of pairs) open[a]![b] = open[b]![a] = 1;
    return open;
  };
  const order = (n: number) => (i: number) =>
    Array.from({ length: n }, (_, j) => j).filter((j) => j !== i);

  it("tells two triangles (no round) from a six-cycle (two rounds)", () => {
    const triangles = graph(6, [
      [0, 1],
      [1, 2],
      [0, 2],
      [3, 4],
      [4, 5],
      [3, 5],
    ]);
    expect(canComplete(triangles, 1, order(6))).toBe(false);
    const cycle = graph(6, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [0, 5],
    ]);
    expect(canComplete(cycle, 2, order(6))).toBe(true);
    expect(firstRound(cycle, 2, order(6))).toEqual([
      [0, 1],
      [2, 3],
      [4, 5],
    ]);
    expect(canComplete(cycle, 3, order(6))).toBe(false);
  });

  it("gives up past its budget instead of searching on", () => {
    const every: [number, number][] = [];
    for (let a = 0; a < 12; a++) for (let b = a + 1; b < 12; b++) every.push([a, b]);
    expect(canComplete(graph(12, every), 11, order(12), { steps: 5 })).toBeUndefined();
    expect(canComplete(graph(12, every), 11, order(12))).toBe(true);
  });
});
