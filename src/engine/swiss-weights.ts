/**
 * Lexicographic edge weights for swiss pairing.
 *
 * A pairing is judged by a list of costs summed over its pairs, most important
 * first (fewest rematches, then who gets the bye, then score differences, then rank
 * distances). Each tier's unit is larger than the worst possible total of every
 * tier below it, so maximising `top - cost` over a perfect matching minimises the
 * costs in that order exactly. Integer weights keep the blossom algorithm exact as
 * long as they stay well below 2^53: when squared differences would not fit, the
 * rank and then the score tier fall back to linear differences, then drop out.
 */

/** Largest top weight allowed; duals and doubled slacks stay below 2^53. */
const WEIGHT_LIMIT = 2 ** 46;

/** One tier: its largest cost on one edge and how many edges of a matching can carry it. */
export interface Tier {
  readonly maxPerEdge: number;
  readonly maxEdges: number;
}

/** Unit of each tier (same order as given), and the top weight, or null if they do not fit. */
export function tierUnits(tiers: readonly Tier[]): { units: number[]; top: number } | null {
  const units = new Array<number>(tiers.length).fill(1);
  let below = 0;
  for (let t = tiers.length - 1; t >= 0; t--) {
    units[t] = below + 1;
    below += tiers[t]!.maxPerEdge * tiers[t]!.maxEdges * units[t]!;
  }
  let top = 0;
  tiers.forEach((tier, t) => {
    top += tier.maxPerEdge * units[t]!;
  });
  return top + 1 <= WEIGHT_LIMIT ? { units, top: top + 1 } : null;
}

/** How score-group and rank differences are priced: 2 squared, 1 linear, 0 ignored. */
export interface DistancePowers {
  readonly group: 0 | 1 | 2;
  readonly rank: 0 | 1 | 2;
}

const POWER_CHOICES: readonly DistancePowers[] = [
  { group: 2, rank: 2 },
  { group: 2, rank: 1 },
  { group: 1, rank: 1 },
  { group: 1, rank: 0 },
  { group: 0, rank: 0 },
];

export function priced(difference: number, power: 0 | 1 | 2): number {
  return power === 2 ? difference * difference : power === 1 ? difference : 0;
}

export interface PairingScale {
  readonly powers: DistancePowers;
  /** Units of the tiers in the order they were asked for, then group, then rank. */
  readonly units: readonly number[];
  readonly top: number;
}

/**
 * Choose the finest distance pricing whose weights fit: `upper` are the tiers above
 * the score-group tier; `pairs` edges of a matching carry group and rank costs.
 */
export function choosePairingScale(
  upper: readonly Tier[],
  maxGroupDifference: number,
  maxRankDifference: number,
  pairs: number,
): PairingScale {
  for (const powers of POWER_CHOICES) {
    const tiers: Tier[] = [
      ...upper,
      { maxPerEdge: priced(maxGroupDifference, powers.group), maxEdges: pairs },
      { maxPerEdge: priced(maxRankDifference, powers.rank), maxEdges: pairs },
    ];
    const fit = tierUnits(tiers);
    if (fit) return { powers, units: fit.units, top: fit.top };
  }
  throw new RangeError("swiss pairing weights do not fit in exact arithmetic");
}
