import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import {
  type FreeForAllEntry,
  type FreeForAllReport,
  freeForAllFinalRanks,
  MAX_PARTICIPANTS_POINTER,
  orderAdvancers,
  planFreeForAllRound,
  validateFreeForAllReport,
} from "../../src/engine/free-for-all.js";

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function entry(participantId: number, rank: number, advancing = false): FreeForAllEntry {
  return { participantId, rank, advancing };
}

function caught(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

function idsOf(plan: ReturnType<typeof planFreeForAllRound>): number[][] {
  return plan.matches.map((match) => [...match.participantIds]);
}

describe("planFreeForAllRound", () => {
  it("snake-seeds into ceil(n / max) matches of at most 4 by default", () => {
    // 8 by 4: rows 1 2 | 4 3 | 5 6 | 8 7
    expect(idsOf(planFreeForAllRound(range(1, 8)))).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    // 10 by 4: 3 matches; rows 1 2 3 | 6 5 4 | 7 8 9 | 10
    const plan = planFreeForAllRound(range(1, 10), 4);
    expect(idsOf(plan)).toEqual([
      [1, 6, 7, 10],
      [2, 5, 8],
      [3, 4, 9],
    ]);
    expect(plan.matches.map((match) => match.number)).toEqual([1, 2, 3]);
    expect(plan.byeId).toBeNull();
  });

  it("never plans a match of one player: an odd field at 2 a match gives the first a bye", () => {
    // 3 by 2 planned as ceil(3 / 2) tables left seed 2 alone in a match that no report
    // could complete (some but not all must advance); now seed 1 sits the round out.
    const three = planFreeForAllRound([1, 2, 3], 2);
    expect(idsOf(three)).toEqual([[2, 3]]);
    expect(three.byeId).toBe(1);
    const seven = planFreeForAllRound(range(1, 7), 2);
    expect(idsOf(seven)).toEqual([
      [2, 7],
      [3, 6],
      [4, 5],
    ]);
    expect(seven.byeId).toBe(1);
    // Even fields and 3 or more a match need none.
    expect(planFreeForAllRound(range(1, 6), 2).byeId).toBeNull();
    for (let max = 2; max <= 8; max++) {
      for (let n = 2; n <= 40; n++) {
        const plan = planFreeForAllRound(range(1, n), max);
        const sizes = plan.matches.map((match) => match.participantIds.length);
        expect(Math.min(...sizes), `${n} by ${max}`).toBeGreaterThanOrEqual(2);
        expect(Math.max(...sizes), `${n} by ${max}`).toBeLessThanOrEqual(max);
        expect(plan.byeId === null ? 0 : 1, `${n} by ${max}`).toBe(max === 2 ? n % 2 : 0);
        const everyone = plan.matches.flatMap((match) => match.participantIds);
        if (plan.byeId !== null) everyone.push(plan.byeId);
        expect(everyone.sort((a, b) => a - b)).toEqual(range(1, n));
      }
    }
  });

  it("gives the bye to the first still in who has not had one", () => {
    expect(planFreeForAllRound([4, 1, 7], 2, { satOut: new Set([4]) }).byeId).toBe(1);
    expect(planFreeForAllRound([4, 1, 7], 2, { withdrawn: new Set([4]) }).byeId).toBe(1);
    expect(planFreeForAllRound([4, 1, 7], 2, { satOut: new Set([4, 1, 7]) }).byeId).toBe(4);
    const everyoneOut = { withdrawn: new Set([4, 1, 7]) };
    expect(planFreeForAllRound([4, 1, 7], 2, everyoneOut).byeId).toBe(4);
  });

  it("puts everyone in one match when they fit", () => {
    expect(idsOf(planFreeForAllRound([7, 3, 9], 8))).toEqual([[7, 3, 9]]);
  });

  it("rejects max_participants below 2 and fewer than 2 participants", () => {
    const error = caught(() => planFreeForAllRound(range(1, 4), 1));
    expect(error).toBeInstanceOf(EngineRuleError);
    expect((error as EngineRuleError).pointer).toBe(MAX_PARTICIPANTS_POINTER);
    expect(() => planFreeForAllRound([1], 4)).toThrow(/at least 2 participants/);
  });

  it("rejects max_participants above 8: no report of 8 entries at most could complete the match", () => {
    expect(() => planFreeForAllRound(range(1, 9), 9)).toThrow(
      "max_participants must be between 2 and 8, not 9: a free-for-all match is reported in one request of at most 8 entries (the v2.1 contract's match maxItems), so a larger match could never be completed; update it first",
    );
    expect(idsOf(planFreeForAllRound(range(1, 8), 8))).toEqual([range(1, 8)]);
  });
});

describe("validateFreeForAllReport", () => {
  const ids = [1, 2, 3, 4];

  it("accepts a clean cut and a final without advancing flags", () => {
    const report = [entry(1, 1, true), entry(2, 2, true), entry(3, 3), entry(4, 4)];
    expect(() => validateFreeForAllReport(ids, report, false)).not.toThrow();
    const final = [entry(1, 1), entry(2, 2), entry(3, 2), entry(4, 4)];
    expect(() => validateFreeForAllReport(ids, final, true)).not.toThrow();
  });

  it("rejects duplicate ranks at the advancing cut", () => {
    const report = [entry(1, 1, true), entry(2, 2, true), entry(3, 2), entry(4, 4)];
    expect(() => validateFreeForAllReport(ids, report, false)).toThrow(EngineRuleError);
    expect(() => validateFreeForAllReport(ids, report, false)).toThrow(
      "rank 2 is shared across the advancing cut: break the tie before advancing",
    );
  });

  it("allows equal ranks away from the cut", () => {
    const report = [entry(1, 1, true), entry(2, 1, true), entry(3, 3), entry(4, 3)];
    expect(() => validateFreeForAllReport(ids, report, false)).not.toThrow();
  });

  it("rejects an advancer ranked below a non-advancer", () => {
    const report = [entry(1, 1, true), entry(2, 2), entry(3, 3, true), entry(4, 4)];
    expect(() => validateFreeForAllReport(ids, report, false)).toThrow(/ranks 3, below/);
  });

  it("rejects a round where nobody or everybody advances", () => {
    const nobody = ids.map((id) => entry(id, id));
    const everybody = ids.map((id) => entry(id, id, true));
    expect(() => validateFreeForAllReport(ids, nobody, false)).toThrow(/some but not all/);
    expect(() => validateFreeForAllReport(ids, everybody, false)).toThrow(/some but not all/);
  });

  it("rejects missing, unknown, repeated or out-of-range entries", () => {
    const base = [entry(1, 1, true), entry(2, 2)];
    expect(() => validateFreeForAllReport(ids, base, false)).toThrow(
      "no rank reported for participant(s) 3, 4",
    );
    expect(() => validateFreeForAllReport([1, 2], [...base, entry(9, 3)], false)).toThrow(
      "participant 9 is not in this match (its players: 1, 2)",
    );
    expect(() => validateFreeForAllReport([1, 2], [...base, entry(2, 2)], false)).toThrow(
      "participant 2 is reported twice",
    );
    expect(() => validateFreeForAllReport([1, 2], [entry(1, 1, true), entry(2, 3)], false)).toThrow(
      /rank 3 of participant 2/,
    );
  });
});

describe("a free for all from start to finish (10 players, 4 per match)", () => {
  const seedOf = (id: number) => id;
  // Round 1: [1,6,7,10] [2,5,8] [3,4,9]; the top two of each match advance.
  const round1: FreeForAllReport[] = [
    { round: 1, entries: [entry(1, 1, true), entry(7, 2, true), entry(6, 3), entry(10, 4)] },
    { round: 1, entries: [entry(5, 1, true), entry(2, 2, true), entry(8, 3)] },
    { round: 1, entries: [entry(3, 1, true), entry(9, 2, true), entry(4, 3)] },
  ];
  // Advancers by in-match rank, then seed: 1, 3, 5 | 2, 7, 9 -> [1,2,7] and [3,5,9].
  const round2: FreeForAllReport[] = [
    { round: 2, entries: [entry(2, 1, true), entry(1, 2, true), entry(7, 3)] },
    { round: 2, entries: [entry(9, 1, true), entry(3, 2, true), entry(5, 3)] },
  ];
  // Advancers 2, 9 | 1, 3 -> one match of four: the final.
  const final: FreeForAllReport = {
    round: 3,
    entries: [entry(3, 1), entry(2, 2), entry(9, 2), entry(1, 4)],
  };

  it("plans each round from the advancers of the previous one", () => {
    const advancers1 = orderAdvancers(round1, seedOf);
    expect(advancers1).toEqual([1, 3, 5, 2, 7, 9]);
    expect(idsOf(planFreeForAllRound(advancers1, 4))).toEqual([
      [1, 2, 7],
      [3, 5, 9],
    ]);
    const advancers2 = orderAdvancers(round2, seedOf);
    expect(advancers2).toEqual([2, 9, 1, 3]);
    expect(idsOf(planFreeForAllRound(advancers2, 4))).toEqual([[2, 9, 1, 3]]);
  });

  it("ranks by the round each player left in, then by in-match rank", () => {
    // Final: 3 | 2, 9 (tied) | 1. Out in round 2 at rank 3: 7, 5 -> 5th.
    // Out in round 1 at rank 3: 6, 8, 4 -> 7th; at rank 4: 10 -> 10th.
    const ranks = freeForAllFinalRanks([...round1, ...round2, final]);
    expect(Object.fromEntries(ranks)).toEqual({
      3: 1,
      2: 2,
      9: 2,
      1: 4,
      7: 5,
      5: 5,
      6: 7,
      8: 7,
      4: 7,
      10: 10,
    });
  });

  it("needs a single last match and every advancer placed later", () => {
    expect(() => freeForAllFinalRanks(round1)).toThrow(/must be a single match/);
    const missing = { round: 3, entries: [entry(3, 1), entry(2, 2), entry(9, 3)] };
    expect(() => freeForAllFinalRanks([...round1, ...round2, missing])).toThrow(
      "participant 1 advanced from round 2 but plays no later match",
    );
  });
});

describe("a free for all of 2 a match with odd rounds (6 players)", () => {
  const seedOf = (id: number) => id;

  it("plays every round to a final of two, the byes advancing without a match", () => {
    const round1 = planFreeForAllRound(range(1, 6), 2);
    expect(idsOf(round1)).toEqual([
      [1, 6],
      [2, 5],
      [3, 4],
    ]);
    const reports1: FreeForAllReport[] = [
      { round: 1, entries: [entry(1, 1, true), entry(6, 2)] },
      { round: 1, entries: [entry(5, 1, true), entry(2, 2)] },
      { round: 1, entries: [entry(3, 1, true), entry(4, 2)] },
    ];
    // Three advance: before, round 2 planned [1, 5] and a match of 3 alone.
    const round2 = planFreeForAllRound(orderAdvancers(reports1, seedOf), 2);
    expect(idsOf(round2)).toEqual([[3, 5]]);
    expect(round2.byeId).toBe(1);
    const reports2: FreeForAllReport[] = [{ round: 2, entries: [entry(5, 1, true), entry(3, 2)] }];
    // The bye counts as rank 1: seed 1 first, then 5.
    const advancers2 = orderAdvancers(reports2, seedOf, round2.byeId);
    expect(advancers2).toEqual([1, 5]);
    const round3 = planFreeForAllRound(advancers2, 2, { satOut: new Set([1]) });
    expect(idsOf(round3)).toEqual([[1, 5]]);
    expect(round3.byeId).toBeNull();
    const final: FreeForAllReport = { round: 3, entries: [entry(5, 1), entry(1, 2)] };
    const ranks = freeForAllFinalRanks([...reports1, ...reports2, final]);
    expect(Object.fromEntries(ranks)).toEqual({ 5: 1, 1: 2, 3: 3, 6: 4, 2: 4, 4: 4 });
  });
});
