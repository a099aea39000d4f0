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

/**
 * Berger-table rounds for `count` seed positions (1-based): `count - 1` rounds
 * for an even count, `count` rounds for an odd one (each player sits out once).
 */
export function bergerRounds(count: number): Pairing[][] {
  const n = count % 2 === 0 ? count : count + 1;
  const circle = n - 1;
  const around = (position: number): number => ((((position - 1) % circle) + circle) % circle) + 1;
  const rounds: Pairing[][] = [];
  for (let round = 1; round <= circle; round++) {
    const a = ((((round - 1) * n) / 2) % circle) + 1;
    const pairs: Pairing[] = [round % 2 === 1 ? [a, n] : [n, a]];
    for (let i = 1; i < n / 2; i++) pairs.push([around(a + i), around(a - i)]);
    rounds.push(pairs.filter(([home, away]) => home <= count && away <= count));
  }
  return rounds;
}

/**
 * Plans a round-robin stage: every pair meets once per iteration, rounds are
 * numbered 1.. across iterations, keys are "R<round>-<n>", play order is round
 * by round.
 */
export function planRoundRobin(
  participants: readonly EngineParticipant[],
  options: RoundRobinOptions = {},
): PlannedMatch[] {
  const iterations = options.iterations ?? 1;
  if (!Number.isInteger(iterations) || iterations < 1) {
    throw new EngineRuleError(
      `iterations must be a positive integer, got ${iterations}`,
      "/data/attributes/round_robin_options/iterations",
    );
  }
  const seeded = sortBySeed(participants);
  const table = bergerRounds(seeded.length);
  const matches: PlannedMatch[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    table.forEach((pairs, index) => {
      const round = iteration * table.length + index + 1;
      pairs.forEach(([home, away], n) => {
        const [first, second] = iteration % 2 === 0 ? [home, away] : [away, home];
        const order = matches.length + 1;
        matches.push({
          key: `R${round}-${n + 1}`,
          round,
          side: "round_robin",
          suggestedPlayOrder: order,
          identifier: matchIdentifier(order),
          player1: { type: "participant", participantId: seeded[first - 1]!.id },
          player2: { type: "participant", participantId: seeded[second - 1]!.id },
        });
      });
    });
  }
  return matches;
}
