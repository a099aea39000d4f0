import { describe, expect, it } from "vitest";
import { EngineRuleError } from "../../src/engine/errors.js";
import { matchIdentifier } from "../../src/engine/identifiers.js";
import {
  bracketSizeFor,
  placeInBracket,
  sortBySeed,
  standardSeedOrder,
} from "../../src/engine/seeding.js";
import { planSingleElimination } from "../../src/engine/single-elimination.js";
import { field } from "./elimination-playout.js";

/** Round-1 matches as seed pairs, for a field of `count`. */
function firstRound(count: number, sequentialPairings = false): number[][] {
  return planSingleElimination(field(count), { sequentialPairings })
    .filter((m) => m.round === 1)
    .map((m) =>
      [m.player1, m.player2].map((s) => (s.type === "participant" ? s.participantId - 100 : 0)),
    );
}

describe("standard seed order", () => {
  it("places 8 seeds as 1,8,4,5,2,7,3,6", () => {
    expect(standardSeedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
  });

  it("places 16 seeds as 1,16,8,9,4,13,5,12,2,15,7,10,3,14,6,11", () => {
    expect(standardSeedOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
  });

  it("handles the small sizes", () => {
    expect(standardSeedOrder(1)).toEqual([1]);
    expect(standardSeedOrder(2)).toEqual([1, 2]);
    expect(standardSeedOrder(4)).toEqual([1, 4, 2, 3]);
  });

  it("rejects a size that is not a power of two", () => {
    expect(() => standardSeedOrder(6)).toThrow(EngineRuleError);
  });

  it("sizes brackets to the next power of two", () => {
    expect([2, 3, 5, 8, 9, 64, 65].map(bracketSizeFor)).toEqual([2, 4, 8, 8, 16, 64, 128]);
  });
});

describe("byes", () => {
  it("5 players: round 1 is 4-5 only", () => {
    expect(firstRound(5)).toEqual([[4, 5]]);
  });

  it("6 players: round 1 is 4-5 and 3-6", () => {
    expect(firstRound(6)).toEqual([
      [4, 5],
      [3, 6],
    ]);
  });

  it("9 players: round 1 is 8-9 only", () => {
    expect(firstRound(9)).toEqual([[8, 9]]);
  });

  it("gives the byes to the top seeds: with 6 players seeds 1 and 2 wait for round 2", () => {
    const slots = placeInBracket(field(6)).map((p) => (p === null ? null : p.seed));
    expect(slots).toEqual([1, null, 4, 5, 2, null, 3, 6]);
  });

  it("never pairs a bye with a bye, for every size from 2 to 130", () => {
    for (let count = 2; count <= 130; count++) {
      for (const sequential of [false, true]) {
        const slots = placeInBracket(field(count), sequential);
        for (let i = 0; i < slots.length; i += 2) {
          expect(slots[i] !== null || slots[i + 1] !== null, `${count} players, slot ${i}`).toBe(
            true,
          );
        }
      }
    }
  });
});

describe("sequential pairings", () => {
  it("pairs 1v2, 3v4, 5v6, 7v8 with 8 players", () => {
    expect(firstRound(8, true)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ]);
  });

  it("gives byes to the top seeds first, then pairs the rest in order (6 players)", () => {
    const slots = placeInBracket(field(6), true).map((p) => (p === null ? null : p.seed));
    expect(slots).toEqual([1, null, 2, null, 3, 4, 5, 6]);
    expect(firstRound(6, true)).toEqual([
      [3, 4],
      [5, 6],
    ]);
  });
});

describe("participants", () => {
  it("orders by seed, ties by id", () => {
    const sorted = sortBySeed([
      { id: 9, seed: 2 },
      { id: 3, seed: 1 },
      { id: 1, seed: 2 },
    ]);
    expect(sorted.map((p) => p.id)).toEqual([3, 1, 9]);
  });

  it("needs at least 2 participants with unique ids", () => {
    expect(() => sortBySeed([{ id: 1, seed: 1 }])).toThrow(EngineRuleError);
    expect(() =>
      sortBySeed([
        { id: 1, seed: 1 },
        { id: 1, seed: 2 },
      ]),
    ).toThrow(/unique/);
  });
});

describe("identifiers", () => {
  it("counts A..Z, then AA, AB, ...", () => {
    const cases: [number, string][] = [
      [1, "A"],
      [2, "B"],
      [26, "Z"],
      [27, "AA"],
      [28, "AB"],
      [52, "AZ"],
      [53, "BA"],
      [702, "ZZ"],
      [703, "AAA"],
    ];
    for (const [order, identifier] of cases) expect(matchIdentifier(order)).toBe(identifier);
  });

  it("rejects a play order below 1", () => {
    expect(() => matchIdentifier(0)).toThrow(EngineRuleError);
  });
});
