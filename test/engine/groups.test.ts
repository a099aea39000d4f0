import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import {
  ADVANCE_POINTER,
  assertGroupStageRules,
  type FinalStageEntrant,
  type FirstRoundPairing,
  finalStageSeeds,
  GROUP_SIZE_POINTER,
  groupCount,
  groupStageRuleErrors,
  keepGroupsApart,
  snakeGroups,
} from "../../src/engine/groups.js";
import type { StandingRow } from "../../src/engine/standings.js";

/** Participants with id = 10 * seed, given in reverse order. */
function field(n: number) {
  return Array.from({ length: n }, (_, i) => ({ id: 10 * (n - i), seed: n - i }));
}

function seedsOf(groups: readonly (readonly { seed: number }[])[]): number[][] {
  return groups.map((group) => group.map((p) => p.seed));
}

describe("snakeGroups", () => {
  it("snake-seeds 16 players into 4 groups of 4", () => {
    expect(seedsOf(snakeGroups(field(16), 4))).toEqual([
      [1, 8, 9, 16],
      [2, 7, 10, 15],
      [3, 6, 11, 14],
      [4, 5, 12, 13],
    ]);
    expect(snakeGroups(field(16), 4)[0]!.map((p) => p.id)).toEqual([10, 80, 90, 160]);
  });

  it("makes ceil(n / group_size) groups, the first ones taking the remainder", () => {
    expect(groupCount(10, 4)).toBe(3);
    // rows 1 2 3 | 6 5 4 | 7 8 9 | 10 -> sizes 4, 3, 3
    expect(seedsOf(snakeGroups(field(10), 4))).toEqual([
      [1, 6, 7, 10],
      [2, 5, 8],
      [3, 4, 9],
    ]);
  });

  it("rejects a group size below 2", () => {
    expect(() => snakeGroups(field(4), 1)).toThrow(EngineRuleError);
  });
});

describe("group stage rules", () => {
  it("accepts sound settings", () => {
    expect(
      groupStageRuleErrors({ participantCount: 10, groupSize: 4, advancePerGroup: 2 }),
    ).toEqual([]);
    expect(() =>
      assertGroupStageRules({ participantCount: 8, groupSize: 4, advancePerGroup: 3 }),
    ).not.toThrow();
  });

  it("names the attribute at fault", () => {
    const [small] = groupStageRuleErrors({ participantCount: 8, groupSize: 1, advancePerGroup: 1 });
    expect(small).toBeInstanceOf(EngineRuleError);
    expect(small!.pointer).toBe(GROUP_SIZE_POINTER);
    expect(small!.message).toBe("group_size must be a whole number of at least 2");
    const [advance] = groupStageRuleErrors({
      participantCount: 8,
      groupSize: 4,
      advancePerGroup: 4,
    });
    expect(advance!.pointer).toBe(ADVANCE_POINTER);
    expect(advance!.message).toBe(
      "participant_count_to_advance_per_group (4) must be below group_size (4)",
    );
  });

  it("reports several broken rules at once", () => {
    const errors = groupStageRuleErrors({ participantCount: 8, groupSize: 1, advancePerGroup: 0 });
    expect(errors.map((e) => e.pointer)).toEqual([GROUP_SIZE_POINTER, ADVANCE_POINTER]);
  });

  it("needs two groups, the last ones possibly smaller, and no group of one player", () => {
    const rules = (participantCount: number, groupSize: number) =>
      groupStageRuleErrors({ participantCount, groupSize, advancePerGroup: 1 });
    // 7 by 4: 4 and 3; 9 by 3: 3, 3, 3; 5 by 4: 3 and 2; 6 by 2: 2, 2, 2.
    for (const [n, size] of [
      [7, 4],
      [9, 3],
      [5, 4],
      [6, 2],
      [8, 4],
    ] as const)
      expect(rules(n, size)).toEqual([]);
    const [one] = rules(4, 4);
    expect(one!.message).toBe(
      "4 participants make a single group of 4: a group stage needs at least two groups, so more than 4 participants or a group_size below 4",
    );
    expect(one!.pointer).toBe(GROUP_SIZE_POINTER);
    expect(rules(3, 4)[0]!.message).toMatch(/^3 participants make a single group of 4/);
    expect(rules(5, 2)[0]!.message).toBe(
      "5 participants in groups of 2 make groups of 2, 2 and 1: a group of one player plays no match; choose another group_size",
    );
    expect(rules(3, 2)[0]!.message).toMatch(/make groups of 2 and 1:/);
    expect(() =>
      assertGroupStageRules({ participantCount: 7, groupSize: 4, advancePerGroup: 2 }),
    ).not.toThrow();
  });

  it("advances fewer than the smallest group holds, whatever group_size says", () => {
    const rules = (participantCount: number, groupSize: number, advancePerGroup: number) =>
      groupStageRuleErrors({ participantCount, groupSize, advancePerGroup });
    const [all] = rules(7, 6, 5);
    expect(all!.message).toBe(
      "7 participants in groups of 6 make groups of 4 and 3: participant_count_to_advance_per_group (5) must be below the smallest group (3), or all of it advances; advance at most 2 a group",
    );
    expect(all!.pointer).toBe(ADVANCE_POINTER);
    // 10 by 4: 4, 3, 3 (advance 3 empties the groups of 3); 13 by 5: 5, 4, 4.
    expect(rules(10, 4, 3)[0]!.message).toMatch(
      /make groups of 4, 3 and 3: .*smallest group \(3\)/,
    );
    expect(rules(13, 5, 4)[0]!.message).toMatch(
      /groups of 5, 4 and 4: .*advance at most 3 a group$/,
    );
    expect(rules(7, 6, 2)).toEqual([]);
    expect(rules(10, 4, 2)).toEqual([]);
    expect(rules(16, 4, 3)).toEqual([]);
  });
});

function row(participantId: number, record: Partial<StandingRow>): StandingRow {
  return {
    rank: 1,
    participantId,
    seed: participantId,
    matchesPlayed: 3,
    matchWins: 0,
    matchLosses: 0,
    matchTies: 0,
    byes: 0,
    gameWins: 0,
    gameLosses: 0,
    gameTies: 0,
    gameWinPercentage: 0,
    pointsScored: 0,
    pointsAgainst: 0,
    pointsDifference: 0,
    points: 0,
    tieBreaks: [],
    ...record,
  };
}

describe("finalStageSeeds", () => {
  it("seeds winners first, then runners-up, each by group result then group order", () => {
    // Winners: group 0 3-0 (90%), group 1 2-1, group 2 2-0 in a group of 3 (80%),
    // group 3 3-0 (85%): win rates 1, 2/3, 1, 1 -> 0, 3, 2, then 1.
    // Runners-up: all 2-1 except group 2's 1-1 (rate 1/2); equal rates keep group order.
    const standings = [
      [row(1, { matchWins: 3, gameWinPercentage: 90 }), row(2, { matchWins: 2 })],
      [row(3, { matchWins: 2 }), row(4, { matchWins: 2 })],
      [
        row(5, { matchesPlayed: 2, matchWins: 2, gameWinPercentage: 80 }),
        row(6, { matchesPlayed: 2, matchWins: 1 }),
      ],
      [row(7, { matchWins: 3, gameWinPercentage: 85 }), row(8, { matchWins: 2 })],
    ];
    const seeds = finalStageSeeds(standings, 2);
    expect(seeds.map((e) => [e.seed, e.participantId, e.group, e.groupRank])).toEqual([
      [1, 1, 0, 1],
      [2, 7, 3, 1],
      [3, 5, 2, 1],
      [4, 3, 1, 1],
      [5, 2, 0, 2],
      [6, 4, 1, 2],
      [7, 8, 3, 2],
      [8, 6, 2, 2],
    ]);
  });
});

/** Standard 8-bracket first round: 1v8, 4v5, 2v7, 3v6 (6 entrants: 3v6, 4v5, byes 1, 2). */
const bracketOf8: FirstRoundPairing = (count) =>
  (
    [
      [1, 8],
      [4, 5],
      [2, 7],
      [3, 6],
    ] as const
  ).filter(([a, b]) => a <= count && b <= count);

function entrants(groups: number[]): FinalStageEntrant[] {
  return groups.map((group, i) => ({
    participantId: 100 + i + 1,
    seed: i + 1,
    group,
    groupRank: 1,
  }));
}

describe("keepGroupsApart", () => {
  it("mends each clashing pair with the shortest swap that works", () => {
    // Winners W0..W3 seeds 1-4; runners-up R3, R2, R1, R0 seeds 5-8: every pair clashes.
    // 1v8: 8 <-> 7 (distance 1, the weaker player moves); 2v7 is then fine;
    // 3v6: 6 <-> 7 (distance 1 like 6 <-> 5; both weaker sides, the lower seed first);
    // 4v5: 5 <-> 6.
    const before = entrants([0, 1, 2, 3, 3, 2, 1, 0]);
    const after = keepGroupsApart(before, bracketOf8);
    const names = (list: FinalStageEntrant[]) =>
      list.map((e) => `${e.participantId <= 104 ? "W" : "R"}${e.group}`);
    expect(names(after)).toEqual(["W0", "W1", "W2", "W3", "R0", "R3", "R2", "R1"]);
    expect(after.map((e) => e.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [a, b] of bracketOf8(8)) expect(after[a - 1]!.group).not.toBe(after[b - 1]!.group);
  });

  it("leaves a clash-free order as it is", () => {
    const before = entrants([0, 1, 2, 3, 0, 1, 2, 3]);
    expect(keepGroupsApart(before, bracketOf8)).toEqual(before);
  });

  it("works with first-round byes", () => {
    // 6 entrants: 3v6 and 4v5 are played, 1 and 2 have byes.
    // 3v6 clashes (group 2); 6 <-> 5 mends it and keeps 4v5 apart.
    expect(keepGroupsApart(entrants([0, 1, 2, 3, 0, 2]), bracketOf8).map((e) => e.group)).toEqual([
      0, 1, 2, 3, 2, 0,
    ]);
    // Group 2 holds three of the four players who play: one must take a bye place.
    // 6 <-> 5 would make 4v5 clash; 3 <-> 2 (distance 1) mends it.
    const after = keepGroupsApart(entrants([0, 1, 2, 2, 3, 2]), bracketOf8);
    expect(after.map((e) => e.group)).toEqual([0, 2, 1, 2, 3, 2]);
    expect(after.map((e) => e.participantId)).toEqual([101, 103, 102, 104, 105, 106]);
  });

  it("leaves what cannot be mended", () => {
    const before = entrants([0, 0, 0, 0]);
    expect(keepGroupsApart(before, bracketOf8).map((e) => e.participantId)).toEqual([
      101, 102, 103, 104,
    ]);
  });

  it("rejects a pairing that names seeds outside the field", () => {
    expect(() => keepGroupsApart(entrants([0, 1]), () => [[1, 3]])).toThrow(RangeError);
  });
});
