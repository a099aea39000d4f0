/**
 * State and blossom operations of Edmonds' maximum-weight matching, in the
 * primal-dual O(n^3) form described by Galil ("Efficient Algorithms for Finding
 * Maximum Matching in Graphs", ACM Computing Surveys, 1986).
 *
 * Vertices are 0..n-1; non-trivial blossoms are n..2n-1. Edge k has endpoints
 * 2k and 2k+1, so `p ^ 1` is the other end of endpoint p. Vertex duals are kept
 * doubled (`dual[v] = 2 u(v)`) so that integer weights keep every value an
 * integer. This file holds the state, labelling and blossom creation; blossom
 * expansion and augmentation are in matching-augment.ts, the stage loop in matching.ts.
 */

/** Endpoints of every edge, and each vertex's remote endpoints (compressed rows). */
function adjacency(
  n: number,
  us: Int32Array,
  vs: Int32Array,
): [Int32Array, Int32Array, Int32Array] {
  const m = us.length;
  const endpoint = new Int32Array(2 * m);
  const start = new Int32Array(n + 1);
  const ends = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    endpoint[2 * k] = us[k]!;
    endpoint[2 * k + 1] = vs[k]!;
    start[us[k]! + 1]!++;
    start[vs[k]! + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  for (let k = 0; k < m; k++) {
    ends[fill[us[k]!]!++] = 2 * k + 1;
    ends[fill[vs[k]!]!++] = 2 * k;
  }
  return [endpoint, start, ends];
}

export class BlossomState {
  readonly n: number;
  readonly endpoint: Int32Array;
  readonly weight: Float64Array;
  /** Remote endpoints of v's edges: neighbourEnd[neighbourStart[v] .. neighbourStart[v+1]). */
  readonly neighbourStart: Int32Array;
  readonly neighbourEnd: Int32Array;
  /** Remote endpoint of v's matched edge, or -1. */
  readonly mate: Int32Array;
  /** Top-level blossom label: 0 free, 1 S, 2 T (5 marks a breadcrumb during scanBlossom). */
  readonly label: Int32Array;
  readonly labelEnd: Int32Array;
  readonly inBlossom: Int32Array;
  readonly parent: Int32Array;
  readonly children: (number[] | null)[];
  readonly base: Int32Array;
  readonly childEnds: (number[] | null)[];
  readonly bestEdge: Int32Array;
  readonly blossomBestEdges: (number[] | null)[];
  readonly unused: number[] = [];
  readonly dual: Float64Array;
  readonly allowed: Uint8Array;
  readonly queue: number[] = [];
  private readonly bestTo: Int32Array;

  constructor(n: number, us: Int32Array, vs: Int32Array, weights: Float64Array) {
    this.n = n;
    this.weight = weights;
    [this.endpoint, this.neighbourStart, this.neighbourEnd] = adjacency(n, us, vs);
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int32Array(2 * n);
    this.labelEnd = new Int32Array(2 * n).fill(-1);
    this.inBlossom = Int32Array.from({ length: n }, (_, v) => v);
    this.parent = new Int32Array(2 * n).fill(-1);
    this.children = new Array<number[] | null>(2 * n).fill(null);
    this.childEnds = new Array<number[] | null>(2 * n).fill(null);
    this.blossomBestEdges = new Array<number[] | null>(2 * n).fill(null);
    this.base = Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1));
    this.bestEdge = new Int32Array(2 * n).fill(-1);
    this.bestTo = new Int32Array(2 * n).fill(-1);
    for (let b = n; b < 2 * n; b++) this.unused.push(b);
    this.dual = new Float64Array(2 * n);
    this.dual.fill(
      weights.reduce((max, w) => Math.max(max, w), 0),
      0,
      n,
    );
    this.allowed = new Uint8Array(us.length);
  }

  /** Twice the slack of edge k (valid between different top-level blossoms). */
  slack(k: number): number {
    return (
      this.dual[this.endpoint[2 * k]!]! +
      this.dual[this.endpoint[2 * k + 1]!]! -
      2 * this.weight[k]!
    );
  }

  /** The vertices inside (possibly trivial) blossom b. */
  leaves(b: number): number[] {
    if (b < this.n) return [b];
    const out: number[] = [];
    const stack = [b];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (x < this.n) out.push(x);
      else for (const c of this.children[x]!) stack.push(c);
    }
    return out;
  }

  /** Label the top-level blossom of w with t (1 S, 2 T), reached through remote endpoint p. */
  assignLabel(w: number, t: number, p: number): void {
    const b = this.inBlossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelEnd[w] = p;
    this.labelEnd[b] = p;
    this.bestEdge[w] = -1;
    this.bestEdge[b] = -1;
    if (t === 1) {
      for (const v of this.leaves(b)) this.queue.push(v);
    } else {
      const matched = this.mate[this.base[b]!]!;
      this.assignLabel(this.endpoint[matched]!, 1, matched ^ 1);
    }
  }

  /** Trace back from S-vertices v and w: the base of a new blossom, or -1 for an augmenting path. */
  scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let found = -1;
    while (v !== -1) {
      let b = this.inBlossom[v]!;
      if (this.label[b]! & 4) {
        found = this.base[b]!;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelEnd[b] === -1) {
        v = -1;
      } else {
        b = this.inBlossom[this.endpoint[this.labelEnd[b]!]!]!;
        v = this.endpoint[this.labelEnd[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return found;
  }

  /** Make a new S-blossom with the given base through edge k, which joins two S-vertices. */
  addBlossom(baseVertex: number, k: number): void {
    let v = this.endpoint[2 * k]!;
    let w = this.endpoint[2 * k + 1]!;
    const bb = this.inBlossom[baseVertex]!;
    let bv = this.inBlossom[v]!;
    let bw = this.inBlossom[w]!;
    const b = this.unused.pop()!;
    this.base[b] = baseVertex;
    this.parent[b] = -1;
    this.parent[bb] = b;
    const path: number[] = [];
    const ends: number[] = [];
    while (bv !== bb) {
      this.parent[bv] = b;
      path.push(bv);
      ends.push(this.labelEnd[bv]!);
      v = this.endpoint[this.labelEnd[bv]!]!;
      bv = this.inBlossom[v]!;
    }
    path.push(bb);
    path.reverse();
    ends.reverse();
    ends.push(2 * k);
    while (bw !== bb) {
      this.parent[bw] = b;
      path.push(bw);
      ends.push(this.labelEnd[bw]! ^ 1);
      w = this.endpoint[this.labelEnd[bw]!]!;
      bw = this.inBlossom[w]!;
    }
    this.children[b] = path;
    this.childEnds[b] = ends;
    this.label[b] = 1;
    this.labelEnd[b] = this.labelEnd[bb]!;
    this.dual[b] = 0;
    for (const x of this.leaves(b)) {
      if (this.label[this.inBlossom[x]!] === 2) this.queue.push(x);
      this.inBlossom[x] = b;
    }
    this.collectBestEdges(b, path);
  }

  /** Least-slack edges from new blossom b to each neighbouring S-blossom. */
  private collectBestEdges(b: number, path: readonly number[]): void {
    const touched: number[] = [];
    const consider = (e: number): void => {
      let j = this.endpoint[2 * e + 1]!;
      if (this.inBlossom[j] === b) j = this.endpoint[2 * e]!;
      const bj = this.inBlossom[j]!;
      if (bj === b || this.label[bj] !== 1) return;
      const current = this.bestTo[bj]!;
      if (current === -1) touched.push(bj);
      if (current === -1 || this.slack(e) < this.slack(current)) this.bestTo[bj] = e;
    };
    for (const sub of path) {
      const list = this.blossomBestEdges[sub];
      if (list) {
        for (const e of list) consider(e);
      } else {
        for (const x of this.leaves(sub)) {
          const end = this.neighbourStart[x + 1]!;
          for (let i = this.neighbourStart[x]!; i < end; i++) consider(this.neighbourEnd[i]! >> 1);
        }
      }
      this.blossomBestEdges[sub] = null;
      this.bestEdge[sub] = -1;
    }
    const best = touched.map((bj) => this.bestTo[bj]!);
    for (const bj of touched) this.bestTo[bj] = -1;
    this.blossomBestEdges[b] = best;
    let chosen = -1;
    for (const e of best) if (chosen === -1 || this.slack(e) < this.slack(chosen)) chosen = e;
    this.bestEdge[b] = chosen;
  }
}
