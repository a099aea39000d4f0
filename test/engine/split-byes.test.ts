/**
 * Double elimination with split participants: the bottom half of the seeds starts
 * in the losers bracket, and its byes (a later entry) go to the better of them
 * (DESIGN.md §4), whatever the field's size.
 */
import { describe, expect, it } from "vitest";
import { planDoubleElimination } from "../../src/engine/double-elimination.js";
import type { PlannedMatch } from "../../src/engine/types.js";
import { field, playOut, randomWinners, render } from "./elimination-playout.js";

/** Losers round (1, 2, ... for -1, -2, ...) each directly placed seed first plays in. */
function entryRounds(plan: readonly PlannedMatch[]): Map<number, number> {
  const entry = new Map<number, number>();
  for (const match of plan) {
    for (const slot of [match.player1, match.player2]) {
      if (slot.type !== "participant" || match.side !== "losers") continue;
      expect(entry.has(slot.participantId - 100), `seed ${slot.participantId - 100}`).toBe(false);
      entry.set(slot.participantId - 100, -match.round);
    }
  }
  return entry;
}

/** Seeds whose entry is earlier than a worse seed's, as "seed (round) before seed (round)". */
function inversions(n: number, sequentialPairings: boolean): string[] {
  const entry = entryRounds(
    planDoubleElimination(field(n), { splitParticipants: true, sequentialPairings }),
  );
  const bottom = Array.from({ length: Math.floor(n / 2) }, (_, i) => Math.ceil(n / 2) + 1 + i);
  expect([...entry.keys()].sort((a, b) => a - b)).toEqual(bottom);
  const found: string[] = [];
  for (const better of bottom) {
    const worse = bottom.find((seed) => seed > better && entry.get(seed)! > entry.get(better)!);
    if (worse !== undefined) {
      found.push(`${better} (-${entry.get(better)}) before ${worse} (-${entry.get(worse)})`);
    }
  }
  return found;
}

const sizes = [...Array.from({ length: 63 }, (_, i) => i + 2), 100, 129, 257, 1001, 1025];

describe("split participants: the losers bracket's byes go to the better seeds", () => {
  it("5 players: seed 4 waits for the winner of seed 5 against the first dropper", () => {
    expect(render(planDoubleElimination(field(5), { splitParticipants: true }))).toEqual([
      "A W1-1 1: 2 v 3",
      "B L1-1 -1: 5 v l(W1-1)",
      "C L2-1 -2: w(L1-1) v 4",
      "D W2-1 2: 1 v w(W1-1)",
      "E L3-1 -3: w(L2-1) v l(W2-1)",
      "F GF1 3: w(W2-1) v w(L3-1)",
      "G GF2 4: l(GF1) v w(GF1) if GF1",
    ]);
  });

  it("1,001 players: seeds 502-512 enter at -3, 513 at -2, 514 and below at -1", () => {
    const entry = entryRounds(planDoubleElimination(field(1001), { splitParticipants: true }));
    const at = (round: number) => [...entry].filter(([, r]) => r === round).map(([seed]) => seed);
    expect(at(3)).toEqual(expect.arrayContaining(Array.from({ length: 11 }, (_, i) => 502 + i)));
    expect(at(3)).toHaveLength(11);
    expect(at(2)).toEqual([513]);
    expect(at(1)).toHaveLength(1001 - 513);
    expect(Math.min(...at(1))).toBe(514);
  });

  it.each([false, true])("no better seed enters before a worse one (sequential %s)", (seq) => {
    // from 3 players: at 2, seed 2 plays the grand final alone
    for (const n of sizes.slice(1)) expect(inversions(n, seq), `${n} players`).toEqual([]);
  });

  it.each([false, true])("the bracket plays out whole (sequential %s)", (seq) => {
    for (const n of sizes) {
      for (const seed of [1, 2, 3]) {
        const plan = planDoubleElimination(field(n), {
          splitParticipants: true,
          sequentialPairings: seq,
        });
        const outcome = playOut(plan, randomWinners(seed * 7919 + n));
        expect(outcome.complete, `${n} players`).toBe(true);
        expect(outcome.completeAfter, `${n} players`).toEqual([outcome.played.length]);
        const players = new Set(outcome.played.flatMap((p) => [p.player1, p.player2]));
        expect(players.size, `${n} players`).toBe(n);
      }
    }
  });
});
