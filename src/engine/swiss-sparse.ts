/**
 * Maximum-weight perfect matching of a large, nearly complete pairing graph without
 * handing the blossom algorithm every pair.
 *
 * The matching runs on a window graph: each vertex joined to the next few eligible
 * vertices after it (vertices are in standings order, so these are the likely
 * partners). If that graph has no perfect matching the window doubles, up to the
 * complete graph. A perfect matching is then priced against every eligible pair with
 * the final dual solution (`Matching.slackOf`); pairs with negative reduced cost are
 * added and the matching solved again. When no pair is left to add, the duals prove
 * the matching optimal for the complete graph.
 */
import { type Matching, maxWeightMatching, type WeightedEdge } from "./matching.js";
import { type PairingScale, priced } from "./swiss-weights.js";

/** A pairing graph over vertices 0..size-1; every call has a < b. */
export interface PairGraph {
  readonly size: number;
  /** The bye vertex, always the last one, or -1. */
  readonly dummy: number;
  /** Standings position and score group of each vertex but the dummy. */
  readonly position: Float64Array;
  readonly group: Float64Array;
  readonly scale: PairingScale;
  eligible(a: number, b: number): boolean;
  /** At most `distanceWeight(graph, a, b)` for two players. */
  weight(a: number, b: number): number;
}

const INITIAL_WINDOW = 3;
const ADDED_PER_VERTEX = 4;

/** Weight of a pair from score-group and position distances alone (top tiers ignored). */
export function distanceWeight(graph: PairGraph, a: number, b: number): number {
  const { scale, group, position } = graph;
  const units = scale.units;
  return (
    scale.top -
    priced(Math.abs(group[b]! - group[a]!), scale.powers.group) * units[units.length - 2]! -
    priced(Math.abs(position[b]! - position[a]!), scale.powers.rank) * units[units.length - 1]!
  );
}

/** Maximum-weight perfect matching over every eligible pair, or null if there is none. */
export function solvePerfectMatching(graph: PairGraph): Matching | null {
  const added = new Map<number, WeightedEdge>();
  let window = INITIAL_WINDOW;
  for (;;) {
    const edges = windowEdges(graph, window, added);
    const matching = maxWeightMatching(graph.size, edges, { perfect: true });
    if (matching.size * 2 < graph.size) {
      if (window >= graph.size) return null;
      window *= 2;
      continue;
    }
    const before = added.size;
    for (const edge of improvingPairs(graph, matching)) {
      added.set(edge.u * graph.size + edge.v, edge);
    }
    if (added.size === before) return matching;
  }
}

/** Each vertex joined to its next `window` eligible vertices, plus the added edges. */
function windowEdges(
  graph: PairGraph,
  window: number,
  added: ReadonlyMap<number, WeightedEdge>,
): WeightedEdge[] {
  const edges: WeightedEdge[] = [];
  const seen = new Set<number>();
  for (let a = 0; a < graph.size; a++) {
    let found = 0;
    for (let b = a + 1; b < graph.size && found < window; b++) {
      if (!graph.eligible(a, b)) continue;
      found++;
      seen.add(a * graph.size + b);
      edges.push({ u: a, v: b, weight: graph.weight(a, b) });
    }
  }
  for (const [key, edge] of added) if (!seen.has(key)) edges.push(edge);
  return edges;
}

/**
 * Eligible pairs with negative reduced cost, most negative first (a bounded number).
 * Each pair is priced cheaply first — distance weight (an upper bound), vertex duals
 * and the outermost blossom's dual, deeper blossoms only adding — and exactly only
 * when that leaves it negative.
 */
function improvingPairs(graph: PairGraph, matching: Matching): WeightedEdge[] {
  const found: { edge: WeightedEdge; slack: number }[] = [];
  const consider = (a: number, b: number): void => {
    if (b !== graph.dummy && matching.slackOf(a, b, distanceWeight(graph, a, b)) >= 0) return;
    if (!graph.eligible(a, b)) return;
    const weight = graph.weight(a, b);
    const slack = matching.slackOf(a, b, weight);
    if (slack < 0) found.push({ edge: { u: a, v: b, weight }, slack });
  };
  const { duals, root, rootDual } = matching;
  const { group, position, scale } = graph;
  const groupUnit = scale.units.at(-2)!;
  const rankUnit = scale.units.at(-1)!;
  const { group: groupPower, rank: rankPower } = scale.powers;
  const players = graph.dummy === -1 ? graph.size : graph.size - 1;
  for (let a = 0; a < players; a++) {
    // slack(a, b) >= base + dual(b) + 2 * cost(a, b) (+ the outer blossom's dual if shared)
    const base = duals[a]! - 2 * scale.top;
    const outer = root[a]!;
    const outerDual = 2 * rootDual[a]!;
    const groupA = group[a]!;
    const positionA = position[a]!;
    for (let b = a + 1; b < players; b++) {
      const g = Math.abs(group[b]! - groupA);
      const r = Math.abs(position[b]! - positionA);
      const cost =
        (groupPower === 2 ? g * g : groupPower === 1 ? g : 0) * groupUnit +
        (rankPower === 2 ? r * r : rankPower === 1 ? r : 0) * rankUnit;
      let slack = base + duals[b]! + 2 * cost;
      if (root[b] === outer) slack += outerDual;
      if (slack < 0) consider(a, b);
    }
    if (graph.dummy !== -1) consider(a, graph.dummy);
  }
  found.sort((x, y) => x.slack - y.slack);
  return found.slice(0, ADDED_PER_VERTEX * graph.size).map((entry) => entry.edge);
}
