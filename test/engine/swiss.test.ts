import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import { seededRandom } from "../../src/engine/shuffle.js";
import type { Bye } from "../../src/engine/standings-tally.js";
import { pairSwissRound, type SwissRound, swissRoundCount } from "../../src/engine/swiss.js";
import type { EngineParticipant, MatchResult } from "../../src/engine/types.js";

function seeded(n: number): EngineParticipant[] {
  return Array.from({ length: n }, (_, i) => ({ id: 100 + i + 1, seed: i + 1 }));
}

function result(p1: number, p2: number, winner: number | null, round: number): MatchResult {
  return { player1Id: p1, player2Id: p2, winnerId: winner, sets: [], round };
}

function pairs(round: SwissRound): [number, number][] {
  return round.pairings.map((p) => [p.player1Id, p.player2Id]);
}

interface History {
  readonly participants: EngineParticipant[];
  readonly results: MatchResult[];
  readonly byes: Bye[];
  readonly rounds: SwissRound[];
}

/** Play `rounds` rounds with results drawn from `seed` (ties included). */
function play(n: number, rounds: number, seed: number): History {
  const random = seededRandom(seed);
  const history: History = { participants: seeded(n), results: [], byes: [], rounds: [] };
  for (let round = 1; round <= rounds; round++) {
    const paired = pairSwissRound({ ...history, round });
    history.rounds.push(paired);
    for (const { player1Id, player2Id } of paired.pairings) {
      const draw = random();
      const winner = draw < 0.15 ? null : draw < 0.6 ? player1Id : player2Id;
      history.results.push(result(player1Id, player2Id, winner, round));
    }
    if (paired.byeId !== null) history.byes.push({ participantId: paired.byeId, round });
  }
  return history;
}

describe("swissRoundCount", () => {
  it("is ceil(log2 n) unless set", () => {
    expect([2, 3, 4, 5, 8, 9, 16, 17, 1024].map((n) => swissRoundCount(n))).toEqual([
      1, 2, 2, 3, 3, 4, 4, 5, 10,
    ]);
    expect(swissRoundCount(8, 5)).toBe(5);
  });

  it("rejects a round count below 1", () => {
    expect(() => swissRoundCount(8, 0)).toThrow(EngineRuleError);
    expect(() => swissRoundCount(8, 1.5)).toThrow(/swiss rounds/);
  });
});

describe("pairSwissRound, round 1", () => {
  it("pairs the top half against the bottom half by seed", () => {
    const participants = seeded(8).reverse();
    const round = pairSwissRound({ participants, results: [], byes: [], round: 1 });
    expect(pairs(round)).toEqual([
      [101, 105],
      [102, 106],
      [103, 107],
      [104, 108],
    ]);
    expect(round.byeId).toBeNull();
  });

  it("gives the bye to the lowest seed with an odd count", () => {
    const round = pairSwissRound({ participants: seeded(9), results: [], byes: [], round: 1 });
    expect(round.byeId).toBe(109);
    expect(pairs(round)).toEqual([
      [101, 105],
      [102, 106],
      [103, 107],
      [104, 108],
    ]);
  });
});

describe("pairSwissRound, later rounds (hand-checked)", () => {
  const [A, B, C, D] = [1, 2, 3, 4];
  const four = [A, B, C, D].map((id) => ({ id, seed: id }));

  it("pairs A-D and B-C in round 3 after A-B, C-D then A-C, B-D", () => {
    // A 2-0, B 1-1, C 1-1, D 0-2; A has played B and C, so A-D; then B-C.
    const results = [
      result(A, B, A, 1),
      result(C, D, C, 1),
      result(A, C, A, 2),
      result(B, D, B, 2),
    ];
    const round = pairSwissRound({ participants: four, results, byes: [], round: 3 });
    expect(pairs(round)).toEqual([
      [A, D],
      [B, C],
    ]);
    expect(round.rematches).toBe(0);
  });

  it("pairs neighbours in rank when scores allow: 6 players, round 2", () => {
    // Round 1: 1-4, 2-5, 3-6, top seeds win. Winners 1, 2, 3; losers 4, 5, 6.
    // One pair must cross the score groups: 3-4 (adjacent ranks) gives 1-2, 3-4, 5-6
    // with rank distances 1 + 1 + 1; any other cross pair costs more (3-5: 1+4+4).
    const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: id }));
    const results = [result(1, 4, 1, 1), result(2, 5, 2, 1), result(3, 6, 3, 1)];
    const round = pairSwissRound({ participants: six, results, byes: [], round: 2 });
    expect(pairs(round)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it("gives the bye to the lowest-ranked player without one: 5 players, round 2", () => {
    // Round 1: 1-3, 2-4 (1 and 2 win), bye 5 (worth a win). Standings: 1, 2, 5 on 1
    // point, then 3, 4. The bye goes to 4; 1-2 and 5-3 (distances 1 + 1) beat
    // 1-5 and 2-3 (4 + 4).
    const five = [1, 2, 3, 4, 5].map((id) => ({ id, seed: id }));
    const results = [result(1, 3, 1, 1), result(2, 4, 2, 1)];
    const byes = [{ participantId: 5, round: 1 }];
    const round = pairSwissRound({ participants: five, results, byes, round: 2 });
    expect(round.byeId).toBe(4);
    expect(pairs(round)).toEqual([
      [1, 2],
      [5, 3],
    ]);
  });

  it("never pairs a withdrawn player nor gives them the bye; their results still count", () => {
    // The 5-player round 2 above with 2 withdrawn: 1, 5 (1 point), 3, 4 (0) are left,
    // four players, no bye; 1-5 meet on equal points, 3-4 below them.
    const five = [1, 2, 3, 4, 5].map((id) => ({ id, seed: id }));
    const results = [result(1, 3, 1, 1), result(2, 4, 2, 1)];
    const byes = [{ participantId: 5, round: 1 }];
    const input = { participants: five, results, byes, round: 2, withdrawn: new Set([2]) };
    const round = pairSwissRound(input);
    expect(round.byeId).toBeNull();
    expect(pairs(round)).toEqual([
      [1, 5],
      [3, 4],
    ]);
    // 2 and 4 (the lowest-ranked, who had the bye without it) withdrawn: three left, the
    // bye to 3, the lowest-ranked still in without one.
    const odd = pairSwissRound({ ...input, withdrawn: new Set([2, 4]) });
    expect(odd.byeId).toBe(3);
    expect(pairs(odd)).toEqual([[1, 5]]);
    // Fewer than two left: nobody to pair.
    const alone = pairSwissRound({ ...input, withdrawn: new Set([1, 2, 3, 4]) });
    expect(alone).toMatchObject({ pairings: [], byeId: null });
  });

  it("round 1 pairs a withdrawn player (to forfeit) but gives the bye to the lowest seed still in", () => {
    const round = pairSwissRound({
      participants: seeded(5),
      results: [],
      byes: [],
      round: 1,
      withdrawn: new Set([105]),
    });
    expect(round.byeId).toBe(104);
    expect(pairs(round)).toEqual([
      [101, 103],
      [102, 105],
    ]);
  });

  it("falls back to the fewest rematches, then equal scores: 4 players, round 4", () => {
    // Everyone has met everyone (1 > 3, 2 > 4; 1 > 2, 3 > 4; 1 > 4, 2 > 3): scores 3, 2, 1, 0.
    // Every pairing has two rematches; 1-2 and 3-4 have the smallest score differences.
    const results = [
      result(A, C, A, 1),
      result(B, D, B, 1),
      result(A, B, A, 2),
      result(C, D, C, 2),
      result(A, D, A, 3),
      result(B, C, B, 3),
    ];
    const round = pairSwissRound({ participants: four, results, byes: [], round: 4 });
    expect(pairs(round)).toEqual([
      [A, B],
      [C, D],
    ]);
    expect(round.rematches).toBe(2);
    expect(round.pairings.every((p) => p.rematch)).toBe(true);
  });

  it("accepts a single rematch when one is unavoidable", () => {
    // 5 and 6 have each met everyone but 1: one of them must replay someone.
    const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: id }));
    const results = [2, 3, 4].flatMap((x) => [result(5, x, 5, 1), result(6, x, 6, 1)]);
    results.push(result(5, 6, null, 1));
    const round = pairSwissRound({ participants: six, results, byes: [], round: 2 });
    expect(round.rematches).toBe(1);
    expect(round.pairings.filter((p) => p.rematch)).toHaveLength(1);
    expect(new Set(round.pairings.flatMap((p) => [p.player1Id, p.player2Id])).size).toBe(6);
  });

  it("rejects inputs that are not a swiss round", () => {
    const lone = [{ id: 1, seed: 1 }];
    expect(() => pairSwissRound({ participants: lone, results: [], byes: [], round: 1 })).toThrow(
      EngineRuleError,
    );
    expect(() => pairSwissRound({ participants: four, results: [], byes: [], round: 0 })).toThrow(
      /not a round number/,
    );
  });
});

const pairKey = (x: number, y: number) => `${Math.min(x, y)}-${Math.max(x, y)}`;

/** Can `ids` be paired with no pair in `met` (one of `byeCandidates` sitting out if odd)? */
function rematchFreeExists(ids: number[], met: Set<string>, byeCandidates: number[]): boolean {
  const perfect = (rest: number[]): boolean => {
    if (rest.length === 0) return true;
    const [first, ...others] = rest as [number, ...number[]];
    return others.some(
      (other) => !met.has(pairKey(first, other)) && perfect(others.filter((x) => x !== other)),
    );
  };
  if (ids.length % 2 === 0) return perfect(ids);
  return byeCandidates.some((bye) => perfect(ids.filter((id) => id !== bye)));
}

describe("pairSwissRound properties", () => {
  it("9 players over 9 rounds: one bye a round, never twice to one player", () => {
    const history = play(9, 9, 3);
    const byes = history.rounds.map((round) => round.byeId);
    expect(byes.every((id) => id !== null)).toBe(true);
    expect(new Set(byes).size).toBe(9);
  });

  it("no one twice in a round, rematch-free while possible, byes spread", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 11 }), fc.integer(), (n, seed) => {
        const history = play(n, n + 1, seed);
        const ids = history.participants.map((p) => p.id);
        const met = new Set<string>();
        const byeCount = new Map<number, number>();
        history.rounds.forEach((round) => {
          const fewest = Math.min(...ids.map((id) => byeCount.get(id) ?? 0));
          const candidates = ids.filter((id) => (byeCount.get(id) ?? 0) === fewest);
          const avoidable = rematchFreeExists(ids, met, candidates);
          const seen = round.pairings.flatMap((p) => [p.player1Id, p.player2Id]);
          if (round.byeId !== null) seen.push(round.byeId);
          expect(new Set(seen).size).toBe(n);
          expect(round.byeId === null).toBe(n % 2 === 0);
          const rematches = round.pairings.filter((p) =>
            met.has(pairKey(p.player1Id, p.player2Id)),
          );
          expect(rematches.length).toBe(round.rematches);
          if (avoidable) expect(round.rematches).toBe(0);
          else expect(round.rematches).toBeGreaterThan(0);
          for (const p of round.pairings) met.add(pairKey(p.player1Id, p.player2Id));
          if (round.byeId !== null) byeCount.set(round.byeId, (byeCount.get(round.byeId) ?? 0) + 1);
          const counts = history.participants.map((p) => byeCount.get(p.id) ?? 0);
          expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
