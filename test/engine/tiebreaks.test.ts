import { describe, expect, it } from "vitest";
import { computeStandings } from "../../src/engine/standings.js";
import {
  DEFAULT_TIE_BREAKS,
  headToHeadScores,
  isTieBreak,
  medianBuchholz,
} from "../../src/engine/tiebreaks.js";
import type { MatchResult, SetScore } from "../../src/engine/types.js";

function match(p1: number, p2: number, winner: number | null, sets: SetScore[] = []): MatchResult {
  return { player1Id: p1, player2Id: p2, winnerId: winner, sets, round: 1 };
}

function ids(rows: readonly { participantId: number }[]): number[] {
  return rows.map((row) => row.participantId);
}

describe("medianBuchholz", () => {
  it("drops the highest and the lowest opponent score", () => {
    expect(medianBuchholz([3, 2, 2, 1])).toBe(4);
    expect(medianBuchholz([1, 3, 2])).toBe(2);
  });

  it("drops nothing with fewer than three opponents", () => {
    expect(medianBuchholz([2, 1])).toBe(3);
    expect(medianBuchholz([5])).toBe(5);
    expect(medianBuchholz([])).toBe(0);
  });
});

describe("headToHeadScores", () => {
  it("counts only matches among the set, a tie worth half", () => {
    const results = [match(1, 2, 1), match(2, 3, null), match(1, 9, 9), match(3, 1, 3)];
    expect(headToHeadScores([1, 2, 3], results)).toEqual(
      new Map([
        [1, 1],
        [2, 0.5],
        [3, 1.5],
      ]),
    );
  });
});

describe("tie-break names", () => {
  it("defaults to match wins vs tied, game wins, points scored", () => {
    expect(DEFAULT_TIE_BREAKS).toEqual(["match wins vs tied", "game wins", "points scored"]);
    expect(isTieBreak("median buchholz")).toBe(true);
    expect(isTieBreak("coin toss")).toBe(false);
  });
});

describe("match wins vs tied", () => {
  // Four players level on points ("points scored" ranking, nobody has set scores),
  // seeds reversed so that the seed alone would give D, C, B, A.
  const players = [
    { id: 1, seed: 4 },
    { id: 2, seed: 3 },
    { id: 3, seed: 2 },
    { id: 4, seed: 1 },
  ];

  it("re-applies the mini-league to a subset it leaves tied", () => {
    // Mini-league of all four: 1 beat 2 and 3 (2), 2 beat 3 (1), 3 beat 4 (1), 4: 0.
    // 2 and 3 stay level at 1: among the two, 2 beat 3.
    const results = [match(1, 2, 1), match(1, 3, 1), match(2, 3, 2), match(3, 4, 3)];
    const rows = computeStandings(players, results, { ranking: "points scored" });
    expect(ids(rows)).toEqual([1, 2, 3, 4]);
    expect(rows.map((row) => row.tieBreaks[0]!.value)).toEqual([2, 1, 1, 0]);
  });

  it("falls through to the next tie-break on a circular tie", () => {
    // 1 beat 2 (3-0), 2 beat 3 (3-0), 3 beat 1 (3-0, 3-0): one win each.
    // Game wins: 3 has 2, 1 and 2 have 1 each; points scored 3 and 3; seed 2 before 1.
    const results = [
      match(1, 2, 1, [[3, 0]]),
      match(2, 3, 2, [[3, 0]]),
      match(3, 1, 3, [
        [3, 0],
        [3, 0],
      ]),
    ];
    const rows = computeStandings(players.slice(0, 3), results);
    expect(ids(rows)).toEqual([3, 2, 1]);
    expect(rows.map((row) => row.tieBreaks.map((t) => t.value))).toEqual([
      [1, 2, 6],
      [1, 1, 3],
      [1, 1, 3],
    ]);
  });
});

describe("other tie-breaks", () => {
  it("apply in the order given", () => {
    // 1 and 2 level on one win each. 1: 2 games won, difference +1; 2: 1 game won, +5.
    const players = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const results = [
      match(1, 3, 1, [
        [3, 2],
        [3, 2],
        [0, 1],
      ]),
      match(2, 4, 2, [[9, 4]]),
    ];
    const byGames = computeStandings(players, results, { tieBreaks: ["game wins"] });
    const byDifference = computeStandings(players, results, {
      tieBreaks: ["points difference", "game wins"],
    });
    expect(ids(byGames).slice(0, 2)).toEqual([1, 2]);
    expect(ids(byDifference).slice(0, 2)).toEqual([2, 1]);
    expect(byDifference[0]!.tieBreaks).toEqual([
      { name: "points difference", value: 5 },
      { name: "game wins", value: 1 },
    ]);
  });

  it("game win percentage compares shares, not counts", () => {
    // 1: 2 of 3 games (66.67%), 2: 1 of 1 (100%).
    const players = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
    const results = [
      match(1, 3, 1, [
        [1, 0],
        [0, 1],
        [1, 0],
      ]),
      match(2, 4, 2, [[1, 0]]),
    ];
    const rows = computeStandings(players, results, { tieBreaks: ["game win percentage"] });
    expect(ids(rows).slice(0, 2)).toEqual([2, 1]);
    expect(rows[1]!.tieBreaks[0]!.value).toBe(66.666666667);
  });

  it("median buchholz ranks the player whose opponents did better", () => {
    // 10 beat a, b, c, d whose scores are 3, 2, 2, 1 -> median buchholz 4.
    // 20 beat e, f, g, h whose scores are 3, 1, 1, 1 -> 2. Both on 4 wins.
    // Fillers 91..93 lose everything. 20 has the better seed.
    const [a, b, c, d, e, f, g, h] = [31, 32, 33, 34, 41, 42, 43, 44];
    const fillers = [91, 92, 93];
    const beats = (winner: number, losers: number[]) => losers.map((l) => match(winner, l, winner));
    const results = [
      ...beats(10, [a, b, c, d]),
      ...beats(20, [e, f, g, h]),
      ...beats(a, fillers),
      ...beats(b, fillers.slice(0, 2)),
      ...beats(c, fillers.slice(0, 2)),
      ...beats(d, fillers.slice(0, 1)),
      ...beats(e, fillers),
      ...[f, g, h].flatMap((x) => beats(x, fillers.slice(0, 1))),
    ];
    const everyone = [20, 10, a, b, c, d, e, f, g, h, ...fillers].map((id, i) => ({
      id,
      seed: i + 1,
    }));
    const rows = computeStandings(everyone, results, { tieBreaks: ["median buchholz"] });
    expect(ids(rows).slice(0, 2)).toEqual([10, 20]);
    expect(rows.slice(0, 2).map((row) => row.tieBreaks[0]!.value)).toEqual([4, 2]);
  });

  it("median buchholz counts a bye as a dummy opponent with the player's own score (FIDE C.07 16.4)", () => {
    // Five players, four rounds, a bye each round: A (1) never sits out, the others once.
    // R1 A-B A, C-D C, E bye; R2 A-C C, B-E E, D bye; R3 A-D A, C-E E, B bye;
    // R4 A-E A, B-D B, C bye. Points: A 3, B 2, C 3, D 1, E 3.
    // A: opponents 2, 3, 1, 3 -> 9 - 3 - 1 = 5.
    // C: opponents 1, 3, 3 and the dummy 3 -> 10 - 3 - 1 = 6 (without it: 7 - 3 - 1 = 3).
    // E: opponents 2, 3, 3 and the dummy 3 -> 11 - 3 - 2 = 6 (without it: 3).
    // B: 3, 3, 1 and the dummy 2 -> 5; D: 3, 3, 2 and the dummy 1 -> 5.
    const [A, B, C, D, E] = [1, 2, 3, 4, 5];
    const played = (round: number, p1: number, p2: number, winner: number): MatchResult => ({
      ...match(p1, p2, winner),
      round,
    });
    const results = [
      played(1, A, B, A),
      played(1, C, D, C),
      played(2, A, C, C),
      played(2, B, E, E),
      played(3, A, D, A),
      played(3, C, E, E),
      played(4, A, E, A),
      played(4, B, D, B),
    ];
    const byes = [E, D, B, C].map((participantId, i) => ({ participantId, round: i + 1 }));
    const everyone = [A, B, C, D, E].map((id) => ({ id, seed: id }));
    const rows = computeStandings(everyone, results, { tieBreaks: ["median buchholz"], byes });
    expect(
      rows.map((row) => [row.participantId, row.points, row.tieBreaks[0]!.value, row.rank]),
    ).toEqual([
      [C, 3, 6, 1],
      [E, 3, 6, 1],
      [A, 3, 5, 3],
      [B, 2, 5, 4],
      [D, 1, 5, 5],
    ]);
  });

  it("lists by seed, under one shared rank, those level on every tie-break", () => {
    const players = [
      { id: 5, seed: 2 },
      { id: 6, seed: 1 },
    ];
    const rows = computeStandings(players, [match(5, 6, null)]);
    expect(ids(rows)).toEqual([6, 5]);
    expect(rows.map((row) => row.rank)).toEqual([1, 1]);
  });
});
