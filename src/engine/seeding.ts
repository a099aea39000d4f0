/**
 * Seeding for bracket formats: the standard bracket order, byes to the top seeds,
 * and sequential pairings.
 *
 * A bracket of size P (a power of two) has P slots; slots 2i and 2i+1 meet in
 * round 1. A `null` slot is a bye. With at least P/2 + 1 participants no two byes
 * ever share a round-1 pair, so every round-1 pair holds at least one participant.
 */
import { EngineRuleError } from "./errors.js";
import type { EngineParticipant } from "./types.js";

/** One slot of a bracket's first round: a participant, or `null` for a bye. */
export type BracketSlot = EngineParticipant | null;

/** The smallest power of two that holds `count` participants (1 for a single one). */
export function bracketSizeFor(count: number): number {
  let size = 1;
  while (size < count) size *= 2;
  return size;
}

/**
 * Seeds in standard bracket order for a bracket of `size` slots (a power of two):
 * 8 -> 1,8,4,5,2,7,3,6. Seed s meets seed size+1-s in round 1, and the top two
 * seeds can only meet in the final.
 */
export function standardSeedOrder(size: number): number[] {
  if (!Number.isInteger(size) || size < 1 || bracketSizeFor(size) !== size) {
    throw new EngineRuleError(`bracket size must be a power of two, got ${size}`);
  }
  let order = [1];
  for (let width = 2; width <= size; width *= 2) {
    order = order.flatMap((seed) => [seed, width + 1 - seed]);
  }
  return order;
}

/**
 * Participants ordered by seed (ties by id), after checking there are at least
 * two and that ids are unique. Position in the result is the effective seed.
 */
export function sortBySeed(participants: readonly EngineParticipant[]): EngineParticipant[] {
  if (participants.length < 2) {
    throw new EngineRuleError(
      `a bracket needs at least 2 participants, got ${participants.length}`,
    );
  }
  const ids = new Set(participants.map((p) => p.id));
  if (ids.size !== participants.length) {
    throw new EngineRuleError("participant ids must be unique");
  }
  return [...participants].sort((a, b) => a.seed - b.seed || a.id - b.id);
}

/**
 * First-round slots for participants already in seed order (index 0 = seed 1),
 * in a bracket of `size` slots (default: the smallest that fits). Byes go to the
 * top seeds. Standard order pairs seed s with seed size+1-s; sequential pairings
 * give the top seeds their byes and pair the rest 1v2, 3v4, ... in order.
 */
export function placeInBracket(
  seeded: readonly EngineParticipant[],
  sequentialPairings = false,
  size = bracketSizeFor(seeded.length),
): BracketSlot[] {
  if (size < seeded.length || size > 2 * seeded.length || bracketSizeFor(size) !== size) {
    throw new EngineRuleError(`${seeded.length} participants do not fill a bracket of ${size}`);
  }
  const seedOrder = sequentialPairings
    ? sequentialSeedOrder(seeded.length, size)
    : standardSeedOrder(size);
  return seedOrder.map((seed) => seeded[seed - 1] ?? null);
}

/**
 * Sequential order with byes to the top seeds: 1,bye,2,bye,...,k,bye, then
 * k+1,k+2, ... where k is the number of byes. Bye positions are numbered above
 * `count` so that they map to no participant.
 */
function sequentialSeedOrder(count: number, size: number): number[] {
  const byes = size - count;
  const order: number[] = [];
  for (let seed = 1; seed <= byes; seed++) order.push(seed, count + seed);
  for (let seed = byes + 1; seed <= count; seed++) order.push(seed);
  return order;
}
