/**
 * Maximum-weight matching in general graphs (Edmonds' blossom algorithm, primal-dual,
 * O(n^3)). With integer weights every computation is exact (doubles hold integers
 * up to 2^53; keep weights below about 2^50).
 *
 * Besides the matching, the result can price an edge that was not in the graph
 * (`slackOf`): a negative value means that edge could improve the matching. Swiss
 * pairing uses this to solve a sparse graph and prove the answer optimal for the
 * complete one.
 */
import { augmentMatching, expandBlossom } from "./matching-augment.js";
import { BlossomState } from "./matching-blossom.js";

export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: number;
}

export interface MatchingOptions {
  /** Only maximum-cardinality matchings count; the heaviest of them is returned. */
  readonly maxCardinality?: boolean;
  /**
   * A perfect matching is sought: start from a greedy matching of edges that are the
   * heaviest at both ends (much faster on large graphs). When the result is perfect it
   * is a maximum-weight perfect matching; when the graph has none, the result is a
   * maximum-cardinality matching, not necessarily the heaviest one.
   */
  readonly perfect?: boolean;
}

export interface Matching {
  /** mate[v] is the vertex matched to v, or -1. */
  readonly mate: Int32Array;
  /** Number of matched pairs. */
  readonly size: number;
  /** Final vertex duals, doubled (2 u(v)); blossom duals add to slackOf within blossoms. */
  readonly duals: Float64Array;
  /** Outermost blossom holding each vertex (the vertex itself when in none). */
  readonly root: Int32Array;
  /** Dual of that outermost blossom (0 for a lone vertex): a cheap part of slackOf. */
  readonly rootDual: Float64Array;
  /**
   * Twice the reduced cost of a candidate edge (u, v, weight) under the final dual
   * solution. When every edge of a larger graph has a non-negative value and the
   * matching is perfect, the matching is a maximum-weight perfect matching of that graph.
   */
  slackOf(u: number, v: number, weight: number): number;
}

interface Delta {
  readonly type: 1 | 2 | 3 | 4;
  readonly value: number;
  readonly target: number;
}

/** A maximum-weight matching of the graph on vertices 0..vertexCount-1. */
export function maxWeightMatching(
  vertexCount: number,
  edges: readonly WeightedEdge[],
  options: MatchingOptions = {},
): Matching {
  const us = new Int32Array(edges.length);
  const vs = new Int32Array(edges.length);
  const ws = new Float64Array(edges.length);
  edges.forEach((edge, k) => {
    const { u, v, weight } = edge;
    if (!(Number.isInteger(u) && Number.isInteger(v)) || u < 0 || v < 0) {
      throw new RangeError(`edge ${k}: vertices must be non-negative integers`);
    }
    if (u >= vertexCount || v >= vertexCount || u === v || !Number.isFinite(weight)) {
      throw new RangeError(`edge ${k} (${u}, ${v}, ${weight}) is not a valid edge`);
    }
    us[k] = u;
    vs[k] = v;
    ws[k] = weight;
  });
  const state = new BlossomState(vertexCount, us, vs, ws);
  if (options.perfect) greedyStart(state);
  if (edges.length > 0)
    runStages(state, (options.maxCardinality ?? false) || options.perfect === true);
  return toMatching(state);
}

/**
 * Vertex duals at the heaviest incident weight (every edge stays feasible) and a
 * greedy matching of the edges then tight. Sound when only perfect matchings count:
 * the stages then never read free vertices' duals.
 */
function greedyStart(state: BlossomState): void {
  const { n, dual, weight, endpoint, mate } = state;
  dual.fill(Number.NEGATIVE_INFINITY, 0, n);
  for (let k = 0; k < weight.length; k++) {
    const u = endpoint[2 * k]!;
    const v = endpoint[2 * k + 1]!;
    dual[u] = Math.max(dual[u]!, weight[k]!);
    dual[v] = Math.max(dual[v]!, weight[k]!);
  }
  for (let v = 0; v < n; v++) if (dual[v] === Number.NEGATIVE_INFINITY) dual[v] = 0;
  for (let k = 0; k < weight.length; k++) {
    const u = endpoint[2 * k]!;
    const v = endpoint[2 * k + 1]!;
    if (mate[u] === -1 && mate[v] === -1 && state.slack(k) === 0) {
      mate[u] = 2 * k + 1;
      mate[v] = 2 * k;
    }
  }
}

function runStages(state: BlossomState, maxCardinality: boolean): void {
  for (let stage = 0; stage < state.n; stage++) {
    startStage(state);
    let augmented = false;
    for (;;) {
      augmented = scanQueue(state);
      if (augmented) break;
      const delta = computeDelta(state, maxCardinality);
      applyDelta(state, delta.value);
      if (delta.type === 1) break;
      actOnDelta(state, delta);
    }
    if (!augmented) return;
    for (let b = state.n; b < 2 * state.n; b++) {
      if (state.parent[b] === -1 && state.base[b]! >= 0 && state.label[b] === 1) {
        if (state.dual[b] === 0) expandBlossom(state, b, true);
      }
    }
  }
}

function startStage(state: BlossomState): void {
  state.label.fill(0);
  state.bestEdge.fill(-1);
  state.blossomBestEdges.fill(null, state.n);
  state.allowed.fill(0);
  state.queue.length = 0;
  for (let v = 0; v < state.n; v++) {
    if (state.mate[v] === -1 && state.label[state.inBlossom[v]!] === 0) state.assignLabel(v, 1, -1);
  }
}

/** Grow the alternating forest from queued S-vertices; true once the matching was augmented. */
function scanQueue(state: BlossomState): boolean {
  const { inBlossom, label, allowed, endpoint, bestEdge } = state;
  while (state.queue.length > 0) {
    const v = state.queue.pop()!;
    const end = state.neighbourStart[v + 1]!;
    for (let i = state.neighbourStart[v]!; i < end; i++) {
      const p = state.neighbourEnd[i]!;
      const k = p >> 1;
      const w = endpoint[p]!;
      if (inBlossom[v] === inBlossom[w]) continue;
      let kslack = 0;
      if (!allowed[k]) {
        kslack = state.slack(k);
        if (kslack <= 0) allowed[k] = 1;
      }
      const wLabel = label[inBlossom[w]!]!;
      if (allowed[k]) {
        if (wLabel === 0) {
          state.assignLabel(w, 2, p ^ 1);
        } else if (wLabel === 1) {
          const base = state.scanBlossom(v, w);
          if (base < 0) {
            augmentMatching(state, k);
            return true;
          }
          state.addBlossom(base, k);
        } else if (label[w] === 0) {
          label[w] = 2;
          state.labelEnd[w] = p ^ 1;
        }
      } else if (wLabel === 1) {
        const b = inBlossom[v]!;
        if (bestEdge[b] === -1 || kslack < state.slack(bestEdge[b]!)) bestEdge[b] = k;
      } else if (label[w] === 0) {
        if (bestEdge[w] === -1 || kslack < state.slack(bestEdge[w]!)) bestEdge[w] = k;
      }
    }
  }
  return false;
}

function minVertexDual(state: BlossomState): number {
  let min = Number.POSITIVE_INFINITY;
  for (let v = 0; v < state.n; v++) min = Math.min(min, state.dual[v]!);
  return min;
}

/** The largest dual change that keeps the solution feasible, and what limits it. */
function computeDelta(state: BlossomState, maxCardinality: boolean): Delta {
  const { n, label, inBlossom, bestEdge, parent } = state;
  let delta: Delta | null = maxCardinality
    ? null
    : { type: 1, value: minVertexDual(state), target: -1 };
  for (let v = 0; v < n; v++) {
    if (label[inBlossom[v]!] === 0 && bestEdge[v] !== -1) {
      const d = state.slack(bestEdge[v]!);
      if (delta === null || d < delta.value) delta = { type: 2, value: d, target: bestEdge[v]! };
    }
  }
  for (let b = 0; b < 2 * n; b++) {
    if (parent[b] === -1 && label[b] === 1 && bestEdge[b] !== -1) {
      const d = state.slack(bestEdge[b]!) / 2;
      if (delta === null || d < delta.value) delta = { type: 3, value: d, target: bestEdge[b]! };
    }
  }
  for (let b = n; b < 2 * n; b++) {
    if (state.base[b]! >= 0 && parent[b] === -1 && label[b] === 2) {
      const d = state.dual[b]!;
      if (delta === null || d < delta.value) delta = { type: 4, value: d, target: b };
    }
  }
  return delta ?? { type: 1, value: Math.max(0, minVertexDual(state)), target: -1 };
}

function applyDelta(state: BlossomState, delta: number): void {
  const { n, label, inBlossom, dual } = state;
  for (let v = 0; v < n; v++) {
    const l = label[inBlossom[v]!];
    if (l === 1) dual[v]! -= delta;
    else if (l === 2) dual[v]! += delta;
  }
  for (let b = n; b < 2 * n; b++) {
    if (state.base[b]! < 0 || state.parent[b] !== -1) continue;
    if (label[b] === 1) dual[b]! += delta;
    else if (label[b] === 2) dual[b]! -= delta;
  }
}

function actOnDelta(state: BlossomState, delta: Delta): void {
  if (delta.type === 4) {
    expandBlossom(state, delta.target, false);
    return;
  }
  const k = delta.target;
  state.allowed[k] = 1;
  let i = state.endpoint[2 * k]!;
  if (delta.type === 2 && state.label[state.inBlossom[i]!] === 0) i = state.endpoint[2 * k + 1]!;
  state.queue.push(i);
}

function toMatching(state: BlossomState): Matching {
  const mate = new Int32Array(state.n).fill(-1);
  let size = 0;
  for (let v = 0; v < state.n; v++) {
    if (state.mate[v]! >= 0) {
      mate[v] = state.endpoint[state.mate[v]!]!;
      if (mate[v]! > v) size++;
    }
  }
  const duals = state.dual.slice(0, state.n);
  const chains = blossomChains(state);
  const root = Int32Array.from({ length: state.n }, (_, v) => chains[v]?.blossoms[0] ?? v);
  const rootDual = Float64Array.from(root, (b) => (b < state.n ? 0 : state.dual[b]!));
  const slackOf = (u: number, v: number, weight: number): number => {
    const s = duals[u]! + duals[v]! - 2 * weight;
    const cu = chains[u];
    const cv = chains[v];
    if (cu === undefined || cv === undefined || cu.blossoms[0] !== cv.blossoms[0]) return s;
    // chains share a prefix (the common blossoms): find its length by bisection
    let shared = 1;
    let differs = Math.min(cu.blossoms.length, cv.blossoms.length) + 1;
    while (differs - shared > 1) {
      const mid = (shared + differs) >> 1;
      if (cu.blossoms[mid - 1] === cv.blossoms[mid - 1]) shared = mid;
      else differs = mid;
    }
    return s + cu.doubledDuals[shared - 1]!;
  };
  return { mate, size, duals, root, rootDual, slackOf };
}

interface BlossomChain {
  /** Blossoms containing the vertex, outermost first. */
  readonly blossoms: Int32Array;
  /** doubledDuals[i]: twice the sum of the duals of blossoms[0..i]. */
  readonly doubledDuals: Float64Array;
}

/** For each vertex inside a blossom, the blossoms around it and their dual sums. */
function blossomChains(state: BlossomState): (BlossomChain | undefined)[] {
  const chains = new Array<BlossomChain | undefined>(state.n);
  for (let v = 0; v < state.n; v++) {
    if (state.parent[v] === -1) continue;
    const path: number[] = [];
    for (let b = state.parent[v]!; b !== -1; b = state.parent[b]!) path.push(b);
    const blossoms = Int32Array.from(path.reverse());
    const doubledDuals = new Float64Array(blossoms.length);
    let sum = 0;
    blossoms.forEach((b, i) => {
      sum += 2 * state.dual[b]!;
      doubledDuals[i] = sum;
    });
    chains[v] = { blossoms, doubledDuals };
  }
  return chains;
}
