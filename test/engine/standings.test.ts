import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import {
  computeStandings,
  type RankingOption,
  resolvePoints,
  type StandingRow,
} from "../../src/engine/standings.js";
import type { MatchResult, SetScore } from "../../src/engine/types.js";

const A = 1;
const B = 2;
const C = 3;
const D = 4;
const players = [A, B, C, D].map((id) => ({ id, seed: id }));

function match(p1: number, p2: number, winner: number | null, sets: SetScore[] = []): MatchResult {
  return { player1Id: p1, player2Id: p2, winnerId: winner, sets, round: 1 };
}

/**
 * A four-player round robin, worked out by hand:
 *        matches  games (W-L-T)  scored  against  diff   game win %
 *   A    2-1-0    4-3-0          16      14       +2     4/7   = 57.142857143
 *   B    2-1-0    4-2-1          15      11       +4     4.5/7 = 64.285714286
 *   C    0-3-0    0-6-0           5      19       -14    0
 *   D    2-1-0    4-1-1          16       8       +8     4.5/6 = 75
 * Head to head among A, B, D is circular: A beat B, B beat D, D beat A.
 */
const roundRobin: MatchResult[] = [
  match(A, B, A, [
    [3, 1],
    [2, 3],
    [3, 0],
  ]),
  match(C, D, D, [
    [1, 3],
    [0, 4],
  ]),
  match(A, C, A, [
    [3, 2],
    [3, 2],
  ]),
  match(B, D, B, [
    [2, 2],
    [3, 1],
  ]),
  match(A, D, D, [
    [1, 3],
    [1, 3],
  ]),
  match(B, C, B, [
    [3, 0],
    [3, 0],
  ]),
];

function order(rows: readonly StandingRow[]): number[] {
  return rows.map((row) => row.participantId);
}

function rowOf(rows: readonly StandingRow[], id: number): StandingRow {
  const row = rows.find((r) => r.participantId === id);
  if (!row) throw new Error(`no row for ${id}`);
  return row;
}

describe("computeStandings counts", () => {
  const rows = computeStandings(players, roundRobin);

  it("counts matches, games and points per participant", () => {
    expect(rowOf(rows, A)).toMatchObject({
      matchesPlayed: 3,
      matchWins: 2,
      matchLosses: 1,
      matchTies: 0,
      gameWins: 4,
      gameLosses: 3,
      gameTies: 0,
      gameWinPercentage: 57.142857143,
      pointsScored: 16,
      pointsAgainst: 14,
      pointsDifference: 2,
      points: 2,
    });
    expect(rowOf(rows, B)).toMatchObject({
      gameWins: 4,
      gameLosses: 2,
      gameTies: 1,
      gameWinPercentage: 64.285714286,
      pointsScored: 15,
      pointsAgainst: 11,
      pointsDifference: 4,
    });
    expect(rowOf(rows, C)).toMatchObject({
      matchWins: 0,
      matchLosses: 3,
      gameWins: 0,
      gameLosses: 6,
      gameWinPercentage: 0,
      pointsScored: 5,
      pointsAgainst: 19,
      pointsDifference: -14,
      points: 0,
    });
    expect(rowOf(rows, D)).toMatchObject({
      gameWins: 4,
      gameLosses: 1,
      gameTies: 1,
      gameWinPercentage: 75,
      pointsScored: 16,
      pointsAgainst: 8,
      pointsDifference: 8,
    });
  });

  it("breaks the circular three-way tie on game wins, then points scored", () => {
    // A, B, D all on 2 match wins; head to head 1 each (circular): falls through.
    // Game wins: B 4.5, D 4.5, A 4 -> A third; B and D: points scored D 16 > B 15.
    expect(order(rows)).toEqual([D, B, A, C]);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
  });

  it("exposes every tie-break value per row, in tie-break order", () => {
    expect(rowOf(rows, D).tieBreaks).toEqual([
      { name: "match wins vs tied", value: 1 },
      { name: "game wins", value: 4.5 },
      { name: "points scored", value: 16 },
    ]);
    expect(rowOf(rows, A).tieBreaks.map((t) => t.value)).toEqual([1, 4, 16]);
    expect(rowOf(rows, C).tieBreaks.map((t) => t.value)).toEqual([0, 0, 5]);
  });
});

describe("computeStandings ranking options", () => {
  const cases: [RankingOption, number[], number[]][] = [
    // game wins: B 4.5, D 4.5 (B beat D head to head), A 4, C 0
    ["game wins", [B, D, A, C], [4.5, 4.5, 4, 0]],
    // points scored: A 16, D 16 (D beat A), B 15, C 5
    ["points scored", [D, A, B, C], [16, 16, 15, 5]],
    ["points difference", [D, B, A, C], [8, 4, 2, -14]],
    ["game win percentage", [D, B, A, C], [75, 64.285714286, 57.142857143, 0]],
  ];
  for (const [ranking, expectedOrder, expectedPoints] of cases) {
    it(`ranks by ${ranking}`, () => {
      const rows = computeStandings(players, roundRobin, { ranking });
      expect(order(rows)).toEqual(expectedOrder);
      expect(rows.map((row) => row.points)).toEqual(expectedPoints);
    });
  }

  it("ranks by custom points per match and game", () => {
    // 3 per match win, 1 per tie, 1 per game win, 0.5 per tied game:
    // A 2*3 + 4 = 10, B 6 + 4 + 0.5 = 10.5, C 0, D 6 + 4 + 0.5 = 10.5; B beat D.
    const rows = computeStandings(players, roundRobin, {
      ranking: "custom",
      points: { matchWin: 3, matchTie: 1, gameWin: 1, gameTie: 0.5 },
    });
    expect(order(rows)).toEqual([B, D, A, C]);
    expect(rows.map((row) => row.points)).toEqual([10.5, 10.5, 10, 0]);
  });

  it("counts a tied match as half a win under match wins", () => {
    const rows = computeStandings(players.slice(0, 3), [match(A, B, null), match(A, C, A)]);
    expect(rows.map((row) => [row.participantId, row.points, row.matchTies])).toEqual([
      [A, 1.5, 1],
      [B, 0.5, 1],
      [C, 0, 0],
    ]);
  });

  it("lists participants without results, in seed order", () => {
    const reversed = [A, B, C].map((id) => ({ id, seed: 4 - id }));
    const rows = computeStandings(reversed, []);
    expect(order(rows)).toEqual([C, B, A]);
    expect(rows[0]).toMatchObject({ matchesPlayed: 0, gameWinPercentage: 0, points: 0 });
  });
});

describe("computeStandings with byes (swiss)", () => {
  const results = [match(A, B, A), match(C, D, null)];
  const byes = [{ participantId: A, round: 2 }];

  it("worth a match win by default under custom points", () => {
    expect(resolvePoints()).toEqual({ matchWin: 1, matchTie: 0.5, gameWin: 0, gameTie: 0, bye: 1 });
    const rows = computeStandings(players, results, { ranking: "custom", byes });
    expect(rows.map((row) => [row.participantId, row.points, row.byes])).toEqual([
      [A, 2, 1],
      [C, 0.5, 0],
      [D, 0.5, 0],
      [B, 0, 0],
    ]);
  });

  it("worth what pts_for_bye says when set", () => {
    const rows = computeStandings(players, results, {
      ranking: "custom",
      points: { matchWin: 3, matchTie: 1, bye: 1 },
      byes,
    });
    expect(rowOf(rows, A).points).toBe(4);
    expect(rowOf(rows, C).points).toBe(1);
  });
});

describe("computeStandings rejects", () => {
  it("a result naming someone outside the standing", () => {
    expect(() => computeStandings(players, [match(A, 9, A)])).toThrow(EngineRuleError);
    expect(() => computeStandings(players, [match(A, 9, A)])).toThrow(/participant 9/);
  });

  it("a winner who did not play the match", () => {
    expect(() => computeStandings(players, [match(A, B, C)])).toThrow(EngineRuleError);
  });

  it("a bye for someone outside the standing", () => {
    const byes = [{ participantId: 7, round: 1 }];
    expect(() => computeStandings(players, [], { byes })).toThrow(/bye names participant 7/);
  });
});
