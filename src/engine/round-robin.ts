/**
 * Round-robin schedule by the circle method, laid out as Berger tables.
 *
 * With n players (n even; an odd field gets a phantom player, and meeting it is
 * sitting out), player n stays fixed and the others turn around the circle:
 * in round r player n meets a = ((r-1)·n/2 mod (n-1)) + 1, and the others pair
 * up as a+i against a-i (counted around 1..n-1). Player n is home in even
 * rounds, away in odd ones. Standings and ranking are not planned here.
 */
import { EngineRuleError } from "./errors.js";
import { matchIdentifier } from "./identifiers.js";
import { sortBySeed } from "./seeding.js";
import type { EngineParticipant, PlannedMatch } from "./types.js";

export interface RoundRobinOptions {
  /** How many times every pair meets (default 1); even iterations swap home and away. */
  readonly iterations?: number | null | undefined;
}

/** A pair of seed positions (1-based): home (player1) first. */
type Pairing = readonly [home: number, away: number];

/** Rounds of a Berger table for `count` seed positions: `count - 1` (even) or `count` (odd). */
export function bergerRoundCount(count: number): number {
  return count % 2 === 0 ? count - 1 : count;
}

/** Round `round` (1-based) of the Berger table for `count` seed positions. */
export function bergerRound(count: number, round: number): Pairing[] {
  const n = count % 2 === 0 ? count : count + 1;
  const circle = n - 1;
  const around = (position: number): number => ((((position - 1) % circle) + circle) % circle) + 1;
  const a = ((((round - 1) * n) / 2) % circle) + 1;
  const pairs: Pairing[] = [];
  const first: Pairing = round % 2 === 1 ? [a, n] : [n, a];
  if (first[0] <= count && first[1] <= count) pairs.push(first);
  for (let i = 1; i < n / 2; i++) pairs.push([around(a + i), around(a - i)]);
  return pairs;
}

/**
 * Berger-table rounds for `count` seed positions (1-based): `count - 1` rounds
 * for an even count, `count` rounds for an odd one (each player sits out once).
 */
export function bergerRounds(count: number): Pairing[][] {
  return Array.from({ length: bergerRoundCount(count) }, (_, i) => bergerRound(count, i + 1));
}

/**
 * A round-robin stage, one match at a time (a stage of n players has n(n-1)/2
 * matches per iteration: callers store them as they come instead of holding
 * them all): every pair meets once per iteration, rounds are numbered 1..
 * across iterations, keys are "R<round>-<n>", play order is round by round.
 */
export function* roundRobinMatches(
  participants: readonly EngineParticipant[],
  options: RoundRobinOptions = {},
): Generator<PlannedMatch> {
  const iterations = options.iterations ?? 1;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new EngineRuleError(
      `iterations must be a positive integer, got ${iterations}`,
      "/data/attributes/round_robin_options/iterations",
    );
  }
  const seeded = sortBySeed(participants);
  const rounds = bergerRoundCount(seeded.length);
  let order = 0;
  for (let iteration = 0; iteration < iterations; iteration++) {
    for (let index = 0; index < rounds; index++) {
      const round = iteration * rounds + index + 1;
      const pairs = bergerRound(seeded.length, index + 1);
      for (let n = 0; n < pairs.length; n++) {
        const [home, away] = pairs[n]!;
        const [first, second] = iteration % 2 === 0 ? [home, away] : [away, home];
        order++;
        yield {
          key: `R${round}-${n + 1}`,
          round,
          side: "round_robin",
          suggestedPlayOrder: order,
          identifier: matchIdentifier(order),
          player1: { type: "participant", participantId: seeded[first - 1]!.id },
          player2: { type: "participant", participantId: seeded[second - 1]!.id },
          onlyIfLoserWins: undefined,
        };
      }
    }
  }
}

/** Plans a round-robin stage whole (see `roundRobinMatches`). */
export function planRoundRobin(
  participants: readonly EngineParticipant[],
  options: RoundRobinOptions = {},
): PlannedMatch[] {
  return [...roundRobinMatches(participants, options)];
}
