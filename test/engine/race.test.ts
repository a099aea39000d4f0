import { describe, expect, it } from "vitest";
import {
  DEFAULT_POINTS_TABLE,
  pointsForRank,
  rankByTime,
  roundResults,
} from "../../src/engine/race-ranking.js";
import { formatElapsed } from "../../src/engine/race-time.js";
import { raceStandings } from "../../src/model/race-standings.js";

const entry = (
  id: number,
  time: number | null,
  givenRank: number | null = null,
  givenPoints: number | null = null,
) => ({
  id,
  time,
  givenRank,
  givenPoints,
});

describe("formatted time", () => {
  it.each([
    [0, "00:00:00.000"],
    [1, "00:00:00.001"],
    [62_345, "00:01:02.345"],
    [3_723_004, "01:02:03.004"],
    [359_999_999, "99:59:59.999"],
  ])("%i ms is %s", (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });

  it("no time has no formatted time", () => {
    expect(formatElapsed(null)).toBeNull();
  });
});

describe("ranking a round by time", () => {
  it("lower is better, ties share a rank, no time is unranked", () => {
    const ranks = rankByTime([
      entry(1, 5000),
      entry(2, 4000),
      entry(3, 5000),
      entry(4, null),
      entry(5, 6000),
    ]);
    expect([...ranks]).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [4, null],
      [5, 4],
    ]);
  });

  it("keeps the client's rank and points; the table scores the others when finalizing", () => {
    const results = roundResults(
      [entry(1, 5000), entry(2, 4000, 5), entry(3, 6000, null, 99), entry(4, null)],
      [10, 6, 4],
    );
    expect(results).toEqual([
      // 2's time does not count for the others: 2 holds 5th, 1 and 3 take 1st and 2nd
      { id: 1, rank: 1, points: 10 },
      { id: 2, rank: 5, points: 0 },
      { id: 3, rank: 2, points: 99 },
      { id: 4, rank: null, points: 0 },
    ]);
  });

  it("a hand-set rank holds its place; the others fill the ranks left in time order", () => {
    // The review's case: Ada fastest, set 3rd by hand; before, Grace 2nd, Linus 3rd, no 1st.
    const review = roundResults(
      [entry(1, 60_000, 3), entry(2, 61_000), entry(3, 62_000)],
      DEFAULT_POINTS_TABLE,
    );
    expect(review).toEqual([
      { id: 1, rank: 3, points: 15 },
      { id: 2, rank: 1, points: 25 },
      { id: 3, rank: 2, points: 18 },
    ]);
    // Ties around a given 2nd share the rank they take: 1, 1, (2), 4, then 5.
    const ties = roundResults(
      [entry(1, 100), entry(2, 100), entry(3, 50, 2), entry(4, 200), entry(5, 300)],
      null,
    );
    expect(ties.map((r) => r.rank)).toEqual([1, 1, 2, 4, 5]);
    // Two given the same rank both hold it; a rank beyond the field holds too.
    const clash = roundResults(
      [entry(1, 100, 1), entry(2, 200, 1), entry(3, 300), entry(4, 400, 9), entry(5, null)],
      null,
    );
    expect(clash.map((r) => r.rank)).toEqual([1, 1, 2, 9, null]);
  });

  it("without a table (a round under way, a time trial) only the client's points stand", () => {
    expect(roundResults([entry(1, 5000), entry(2, 4000, null, 7)], null)).toEqual([
      { id: 1, rank: 2, points: null },
      { id: 2, rank: 1, points: 7 },
    ]);
  });

  it("tied places score the shared rank's points; below the table 0", () => {
    expect(DEFAULT_POINTS_TABLE).toEqual([25, 18, 15, 12, 10, 8, 6, 4, 2, 1]);
    const results = roundResults(
      [entry(1, 100), entry(2, 100), entry(3, 200)],
      DEFAULT_POINTS_TABLE,
    );
    expect(results.map((r) => r.points)).toEqual([25, 25, 15]);
    expect(pointsForRank(11, DEFAULT_POINTS_TABLE)).toBe(0);
    expect(pointsForRank(null, DEFAULT_POINTS_TABLE)).toBe(0);
  });
});

describe("race standings", () => {
  const field = [1, 2, 3, 4].map((id) => ({ id, seed: id }));
  const finish = (
    participantId: number,
    rank: number | null,
    points: number,
    time: number | null,
  ) => ({
    participantId,
    rank,
    points,
    time,
  });

  it("total points first", () => {
    const rows = raceStandings(field, [
      finish(1, 2, 18, 500),
      finish(2, 1, 25, 400),
      finish(3, 3, 15, 600),
      finish(4, null, 0, null),
    ]);
    expect(rows.map((r) => [r.participantId, r.rank, r.points])).toEqual([
      [2, 1, 25],
      [1, 2, 18],
      [3, 3, 15],
      [4, 4, 0],
    ]);
    expect(rows[3]).toMatchObject({ finishes: [null], totalTime: null, roundsTimed: 0 });
  });

  it("equal points: best finishes (more wins), then total time; equal on all three share", () => {
    const rows = raceStandings(field, [
      // 1: ranks 1 and 3 (28 points); 2: ranks 2 and 2 (28 points): 1 has the win
      finish(1, 1, 20, 100),
      finish(1, 3, 8, 300),
      finish(2, 2, 14, 200),
      finish(2, 2, 14, 200),
      // 3 and 4: same points and finishes; 3 is faster in total
      finish(3, 4, 5, 400),
      finish(3, 4, 5, 390),
      finish(4, 4, 5, 400),
      finish(4, 4, 5, 400),
    ]);
    expect(rows.map((r) => [r.participantId, r.rank])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(rows[0]).toMatchObject({ points: 28, finishes: [1, 3], totalTime: 400, roundsTimed: 2 });
    const level = raceStandings(field.slice(0, 2), [finish(1, 1, 25, 100), finish(2, 1, 25, 100)]);
    expect(level.map((r) => r.rank)).toEqual([1, 1]);
  });

  it("a round without a rank counts below every rank", () => {
    const rows = raceStandings(field.slice(0, 2), [
      finish(1, null, 10, null),
      finish(1, 1, 0, 100),
      finish(2, 9, 5, 900),
      finish(2, 9, 5, 900),
    ]);
    // Equal points (10); 1's best finish is a win
    expect(rows.map((r) => r.participantId)).toEqual([1, 2]);
    expect(rows[0]!.finishes).toEqual([1, null]);
  });
});
