/**
 * The one ranking (`rankByTieBreaks`, read through `computeStandings` and
 * `standingRanks`): equal on points and on every tie-break level means one
 * shared rank; separated at any level, the mini-league re-applied included,
 * means different ranks.
 */
import { describe, expect, it } from "vitest";
import { computeStandings, standingRanks } from "../../src/engine/standings.js";
import type { MatchResult } from "../../src/engine/types.js";

function results(text: string): MatchResult[] {
  return text.split(" ").map((pair) => {
    const [winner, loser] = pair.split(">").map(Number) as [number, number];
    return { player1Id: winner, player2Id: loser, winnerId: winner, sets: [], round: 1 };
  });
}

const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: id }));

describe("rankByTieBreaks through computeStandings", () => {
  it("re-applies the mini-league: P1-P4 on 2 wins split 2/2 then P2 over P1 and P4 over P3", () => {
    const rows = computeStandings(
      six,
      results("2>1 2>4 1>4 1>3 4>3 3>2 5>2 5>1 4>5 5>3 6>2 6>1 6>4 3>6 5>6"),
    );
    expect(rows.map((r) => [r.participantId, r.rank])).toEqual([
      [5, 1],
      [6, 2],
      [2, 3],
      [1, 4],
      [4, 5],
      [3, 6],
    ]);
    expect(standingRanks(rows)).toEqual(
      new Map([
        [5, 1],
        [6, 2],
        [2, 3],
        [1, 4],
        [4, 5],
        [3, 6],
      ]),
    );
  });

  it("a circular tie level on every tie-break shares one rank, listed by seed", () => {
    const three = [
      { id: 7, seed: 3 },
      { id: 8, seed: 1 },
      { id: 9, seed: 2 },
    ];
    const rows = computeStandings(three, results("7>8 8>9 9>7"));
    expect(rows.map((r) => [r.participantId, r.rank])).toEqual([
      [8, 1],
      [9, 1],
      [7, 1],
    ]);
  });

  it("a later tie-break level separates: distinct ranks, and equal ones share the next", () => {
    // 1, 2 and 3 each beat 4 and one another in a circle (2 wins each, mini-league
    // 1 each: level), game wins 2 each (level); points scored 4 / 2 / 2: P1 first,
    // P2 and P3 level on every level share rank 2, P4 is 4th.
    const four = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const played: MatchResult[] = [
      { player1Id: 1, player2Id: 2, winnerId: 1, sets: [[3, 0]], round: 1 },
      { player1Id: 2, player2Id: 3, winnerId: 2, sets: [[1, 0]], round: 1 },
      { player1Id: 3, player2Id: 1, winnerId: 3, sets: [[1, 0]], round: 1 },
      { player1Id: 1, player2Id: 4, winnerId: 1, sets: [[1, 0]], round: 2 },
      { player1Id: 2, player2Id: 4, winnerId: 2, sets: [[1, 0]], round: 2 },
      { player1Id: 3, player2Id: 4, winnerId: 3, sets: [[1, 0]], round: 2 },
    ];
    const rows = computeStandings(four, played);
    expect(rows.map((r) => [r.participantId, r.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 4],
    ]);
  });
});
