/**
 * How early the losers bracket can produce a rematch, by exhaustive analysis of
 * the plan (every possible result, not a sample).
 *
 * Two players who both dropped out of the winners bracket, after losing in
 * winners rounds tx != ty, have met there if and only if they sat on opposite
 * sides of the same winners match in round min(tx, ty). For each losers match we
 * collect who can reach each slot (with the winners round they dropped from)
 * and look for such a pair.
 *
 * The issue asks for no rematch before the last two losers rounds. That holds
 * up to 8 players and cannot hold from 16 on, whatever the drop order: with 16
 * players, an exhaustive search over every losers round-1 pairing, every drop
 * permutation and every pairing of survivors finds a possible rematch by losers
 * round 4 of 6 in all of them. The earliest possible rematch for a 2^k bracket
 * comes when the next wave of drops outnumbers the parts of the winners bracket
 * still apart (a wave dropping into m matches needs m > the number of waves in
 * play). The table below is that bound, which the drop order reaches.
 */
import { describe, expect, it } from "vitest";
import { planDoubleElimination } from "../../src/engine/double-elimination.js";
import type { PlannedMatch, SlotSource } from "../../src/engine/types.js";
import { field } from "./elimination-playout.js";

/** Who can reach a slot: participant id -> winners round they dropped from (0: never played there). */
type Reach = Map<number, number>;

function earliestPossibleRematch(plan: readonly PlannedMatch[]): number {
  const byKey = new Map(plan.map((m) => [m.key, m]));
  const winnersReach = new Map<string, readonly [Set<number>, Set<number>]>();
  /** (id, winners round) -> 2 * (play order of the match) + side, as numbers for speed. */
  const seats = new Map<number, number>();
  const seatKey = (id: number, round: number) => id * 64 + round;
  const losersReach = new Map<string, readonly [Reach, Reach]>();
  const inWinners = (source: SlotSource): Set<number> => {
    if (source.type === "participant") return new Set([source.participantId]);
    const [a, b] = winnersReach.get(source.match)!;
    return new Set([...a, ...b]);
  };
  const inLosers = (source: SlotSource): Reach => {
    if (source.type === "participant") return new Map([[source.participantId, 0]]);
    if (source.type === "loser") {
      const round = byKey.get(source.match)!.round;
      return new Map(
        [...inWinners({ type: "winner", match: source.match })].map((id) => [id, round]),
      );
    }
    const [a, b] = losersReach.get(source.match)!;
    return new Map([...a, ...b]);
  };
  const haveMet = (x: number, tx: number, y: number, ty: number): boolean => {
    if (tx === 0 || ty === 0 || tx === ty) return false;
    const round = Math.min(tx, ty);
    const [seatX, seatY] = [seats.get(seatKey(x, round)), seats.get(seatKey(y, round))];
    return seatX !== undefined && seatY !== undefined && (seatX ^ seatY) === 1;
  };
  let earliest = Number.POSITIVE_INFINITY;
  for (const match of [...plan].sort((a, b) => a.suggestedPlayOrder - b.suggestedPlayOrder)) {
    if (match.side === "winners") {
      const sides = [inWinners(match.player1), inWinners(match.player2)] as const;
      winnersReach.set(match.key, sides);
      sides.forEach((ids, side) => {
        for (const id of ids)
          seats.set(seatKey(id, match.round), 2 * match.suggestedPlayOrder + side);
      });
    } else if (match.side === "losers") {
      const [a, b] = [inLosers(match.player1), inLosers(match.player2)];
      losersReach.set(match.key, [a, b]);
      if (-match.round >= earliest) continue;
      const rematch = [...a].some(([x, tx]) => [...b].some(([y, ty]) => haveMet(x, tx, y, ty)));
      if (rematch) earliest = -match.round;
    }
  }
  return earliest;
}

describe("rematches in the losers bracket", () => {
  // [players, losers rounds, earliest losers round that can hold a rematch]
  const table: [number, number, number][] = [
    [4, 2, 2],
    [8, 4, 3],
    [16, 6, 4],
    [32, 8, 5],
    [64, 10, 7],
    [128, 12, 8],
    [256, 14, 9],
    [512, 16, 11],
    [1024, 18, 13],
  ];

  it.each(table)(
    "%i players: %i losers rounds, no rematch possible before round %i",
    (n, rounds, earliest) => {
      const plan = planDoubleElimination(field(n));
      expect(Math.max(...plan.filter((m) => m.side === "losers").map((m) => -m.round))).toBe(
        rounds,
      );
      expect(earliestPossibleRematch(plan)).toBe(earliest);
    },
  );

  it("up to 8 players: none before the last two losers rounds", () => {
    for (const [n, rounds, earliest] of table.slice(0, 2)) {
      expect(earliest, `${n} players`).toBeGreaterThanOrEqual(rounds - 1);
    }
  });

  it("split participants, 16 players: none before the last two of 6 losers rounds", () => {
    const plan = planDoubleElimination(field(16), { splitParticipants: true });
    expect(earliestPossibleRematch(plan)).toBe(5);
  });
});
