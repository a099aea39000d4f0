import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type GrandFinalsModifier,
  planDoubleElimination,
} from "../../src/engine/double-elimination.js";
import { eliminationRanks } from "../../src/engine/elimination-ranks.js";
import { placementLevels } from "../../src/engine/placements.js";
import { planSingleElimination } from "../../src/engine/single-elimination.js";
import type { PlannedMatch } from "../../src/engine/types.js";
import { field, type Playout, playOut, randomWinners } from "./elimination-playout.js";

interface Setup {
  readonly size: number;
  readonly seed: number;
  readonly double: boolean;
  readonly sequentialPairings: boolean;
  /** consolation_matches_target_rank: none, third place, 5th-8th, 9th-16th, 17th-32nd. */
  readonly consolation: number | undefined;
  readonly modifier: GrandFinalsModifier;
  readonly split: boolean;
}

const setups: fc.Arbitrary<Setup> = fc
  .record({
    size: fc.integer({ min: 2, max: 64 }),
    seed: fc.integer(),
    double: fc.boolean(),
    sequentialPairings: fc.boolean(),
    consolation: fc.constantFrom(undefined, 3, 5, 9, 17),
    modifier: fc.constantFrom<GrandFinalsModifier>("", "single match", "skip"),
    split: fc.boolean(),
  })
  .filter((s) => !(s.double && s.split && s.size === 2 && s.modifier === "skip"));

function plan(setup: Setup): PlannedMatch[] {
  const participants = field(setup.size);
  return setup.double
    ? planDoubleElimination(participants, {
        sequentialPairings: setup.sequentialPairings,
        grandFinalsModifier: setup.modifier,
        splitParticipants: setup.split,
      })
    : planSingleElimination(participants, {
        sequentialPairings: setup.sequentialPairings,
        consolationMatchesTargetRank: setup.consolation,
      });
}

/** The stage's winner, read off the bracket: the last final played, or the winners-bracket final. */
function champion(matches: readonly PlannedMatch[], outcome: Playout): number {
  const finals = outcome.played.filter((p) => p.key === "GF1" || p.key === "GF2");
  if (finals.length > 0) return finals.at(-1)!.winnerId;
  const winners = matches.filter((m) => m.side === "winners");
  const last = winners.reduce((a, b) => (b.round > a.round ? b : a));
  return outcome.results.get(last.key)!.winnerId;
}

describe("elimination properties, 2 to 64 players, random results", () => {
  it("every stage completes: each planned match is played once, except an unneeded reset", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const matches = plan(setup);
        const outcome = playOut(matches, randomWinners(setup.seed));
        expect(outcome.complete).toBe(true);
        expect(outcome.completeAfter).toEqual([outcome.played.length]);
        const played = outcome.played.map((p) => p.key);
        expect(new Set(played).size).toBe(played.length);
        const gf1 = outcome.played.find((p) => p.key === "GF1");
        const resetSkipped = gf1 !== undefined && gf1.winnerId === gf1.player1;
        const expected = matches
          .filter((m) => !(resetSkipped && m.onlyIfLoserWins !== undefined))
          .map((m) => m.key);
        expect([...played].sort()).toEqual([...expected].sort());
      }),
      { numRuns: 150 },
    );
  });

  it("no match ever holds the same participant twice", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const outcome = playOut(plan(setup), randomWinners(setup.seed));
        for (const match of outcome.played) expect(match.player1).not.toBe(match.player2);
      }),
      { numRuns: 150 },
    );
  });

  it("ranks are consistent with the bracket", () => {
    fc.assert(
      fc.property(setups, (setup) => {
        const matches = plan(setup);
        const outcome = playOut(matches, randomWinners(setup.seed));
        const ranks = eliminationRanks(matches, outcome.results);
        expect(ranks.size).toBe(setup.size);
        const sorted = [...ranks.values()].sort((a, b) => a - b);
        // a competition ranking: 1, then each rank is its position unless tied with the previous
        sorted.forEach((rank, i) => {
          expect(rank === sorted[i - 1] || rank === i + 1).toBe(true);
        });
        expect(sorted.filter((rank) => rank === 1)).toHaveLength(1);
        expect(ranks.get(champion(matches, outcome))).toBe(1);
        if (!setup.double) {
          // placement matches give every place up to the target's level its own rank
          const decided = Math.min(setup.size, 2 ** (placementLevels(setup.consolation) + 1));
          const top = sorted.filter((rank) => rank <= decided);
          expect(top).toEqual(Array.from({ length: decided }, (_, i) => i + 1));
        }
        // whoever ended a participant's run ranks strictly better than them
        const lastMatch = new Map<number, number>();
        outcome.played.forEach((p, i) => {
          lastMatch.set(p.player1, i);
          lastMatch.set(p.player2, i);
        });
        outcome.played.forEach((p, i) => {
          const loser = p.winnerId === p.player1 ? p.player2 : p.player1;
          if (lastMatch.get(loser) === i)
            expect(ranks.get(p.winnerId)!).toBeLessThan(ranks.get(loser)!);
        });
      }),
      { numRuns: 150 },
    );
  });
});

describe("losers-bracket rematches, powers of two, random results", () => {
  // Losers rounds guaranteed rematch-free (see losers-rematches.test.ts): all but the last two
  // up to 8 players; from 16 on no drop order can do that, and these are the best possible.
  const rematchFree: Record<number, number> = { 4: 1, 8: 2, 16: 3, 32: 4, 64: 6 };

  it("no losers match pairs two players who already met, in the rounds that can avoid it", () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 8, 16, 32, 64), fc.integer(), (size, seed) => {
        const matches = planDoubleElimination(field(size));
        const byKey = new Map(matches.map((m) => [m.key, m]));
        const met = new Set<string>();
        for (const p of playOut(matches, randomWinners(seed)).played) {
          const pair = `${Math.min(p.player1, p.player2)}-${Math.max(p.player1, p.player2)}`;
          const match = byKey.get(p.key)!;
          if (match.side === "losers" && -match.round <= rematchFree[size]!) {
            expect(met.has(pair), `${size} players, ${p.key}`).toBe(false);
          }
          met.add(pair);
        }
      }),
      { numRuns: 200 },
    );
  });
});
