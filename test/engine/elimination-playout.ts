/**
 * Test support: plays a planned stage to its end through the progression API,
 * the way the service does (open the opening matches, report each playable
 * match, apply the assignments), with a caller-chosen winner per match.
 */
import {
  advance,
  type BracketIndex,
  buildIndex,
  type MatchOutcome,
  openingMatches,
} from "../../src/engine/progression.js";
import type { EngineParticipant, PlannedMatch } from "../../src/engine/types.js";

export interface Played {
  readonly key: string;
  readonly player1: number;
  readonly player2: number;
  readonly winnerId: number;
}

export interface Playout {
  readonly index: BracketIndex;
  readonly results: Map<string, MatchOutcome>;
  /** Matches in the order they were reported. */
  readonly played: Played[];
  /** Whether the last report said the stage is complete. */
  readonly complete: boolean;
  /** Reports after which the stage was said to be complete (should be exactly the last). */
  readonly completeAfter: number[];
}

/** Chooses the winner of a match between two participants. */
export type Pick = (match: PlannedMatch, player1: number, player2: number) => number;

/** Plays every match that becomes playable, in the order they open. */
export function playOut(plan: readonly PlannedMatch[], pick: Pick): Playout {
  const index = buildIndex(plan);
  const results = new Map<string, MatchOutcome>();
  const slots = new Map<string, { player1?: number; player2?: number }>();
  for (const match of plan) {
    const slot: { player1?: number; player2?: number } = {};
    if (match.player1.type === "participant") slot.player1 = match.player1.participantId;
    if (match.player2.type === "participant") slot.player2 = match.player2.participantId;
    slots.set(match.key, slot);
  }
  const ready = openingMatches(index);
  const played: Played[] = [];
  const completeAfter: number[] = [];
  let complete = false;
  for (let next = ready.shift(); next !== undefined; next = ready.shift()) {
    const match = index.matches.get(next)!;
    const { player1, player2 } = slots.get(next)!;
    if (player1 === undefined || player2 === undefined) throw new Error(`${next} opened too early`);
    const winnerId = pick(match, player1, player2);
    const loserId = winnerId === player1 ? player2 : player1;
    const change = advance(index, results, next, { winnerId, loserId });
    results.set(next, { winnerId, loserId });
    played.push({ key: next, player1, player2, winnerId });
    for (const { match: target, slot, participantId } of change.assignments) {
      const entry = slots.get(target)!;
      if (entry[slot] !== undefined) throw new Error(`${target}.${slot} assigned twice`);
      entry[slot] = participantId;
    }
    ready.push(...change.playable);
    complete = change.stageComplete;
    if (complete) completeAfter.push(played.length);
  }
  return { index, results, played, complete, completeAfter };
}

/** Participants with ids 101, 102, ... and seeds 1, 2, ... */
export function field(count: number): EngineParticipant[] {
  return Array.from({ length: count }, (_, i) => ({ id: 101 + i, seed: i + 1 }));
}

/** The better seed wins (ids follow seeds in `field`). */
export const higherSeedWins: Pick = (_match, player1, player2) => Math.min(player1, player2);

/** A deterministic pseudo-random winner per match, from a 32-bit seed. */
export function randomWinners(seed: number): Pick {
  let state = seed >>> 0;
  return (_match, player1, player2) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state & 0x10000 ? player1 : player2;
  };
}

/**
 * One line per planned match, in play order, for hand-checked tables:
 * "A W1-1 1: 1 v 8" with participants as seeds (id - 100), "w(W1-1)" for the
 * winner of W1-1, "l(W1-1)" for its loser, and " if GF1" on a reset.
 */
export function render(plan: readonly PlannedMatch[]): string[] {
  const slot = (source: PlannedMatch["player1"]): string =>
    source.type === "participant"
      ? String(source.participantId - 100)
      : `${source.type === "winner" ? "w" : "l"}(${source.match})`;
  return [...plan]
    .sort((a, b) => a.suggestedPlayOrder - b.suggestedPlayOrder)
    .map(
      (m) =>
        `${m.identifier} ${m.key} ${m.round}: ${slot(m.player1)} v ${slot(m.player2)}` +
        (m.onlyIfLoserWins === undefined ? "" : ` if ${m.onlyIfLoserWins}`),
    );
}

/** Ranks as an array by seed (index 0 = seed 1) for a `field`. */
export function ranksBySeed(
  ranks: ReadonlyMap<number, number>,
  count: number,
): (number | undefined)[] {
  return Array.from({ length: count }, (_, i) => ranks.get(101 + i));
}
