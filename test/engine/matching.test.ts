import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxWeightMatching, type WeightedEdge } from "../../src/engine/matching.js";

function edge(u: number, v: number, weight: number): WeightedEdge {
  return { u, v, weight };
}

function mateOf(n: number, edges: WeightedEdge[], maxCardinality = false): number[] {
  return [...maxWeightMatching(n, edges, { maxCardinality }).mate];
}

/** Every matching of the graph, by recursion over the edge list: [cardinality, weight] of the best. */
function bruteForce(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean) {
  let best: [number, number] = [0, 0];
  const used = new Array<boolean>(n).fill(false);
  const visit = (from: number, size: number, weight: number): void => {
    const better = maxCardinality
      ? size > best[0] || (size === best[0] && weight > best[1])
      : weight > best[1];
    if (better) best = [size, weight];
    for (let k = from; k < edges.length; k++) {
      const { u, v, weight: w } = edges[k]!;
      if (used[u] || used[v]) continue;
      used[u] = used[v] = true;
      visit(k + 1, size + 1, weight + w);
      used[u] = used[v] = false;
    }
  };
  visit(0, 0, 0);
  return best;
}

function scoreOf(mate: Int32Array, edges: readonly WeightedEdge[]): [number, number] {
  let size = 0;
  let weight = 0;
  for (const { u, v, weight: w } of edges) {
    if (mate[u] === v) {
      size++;
      weight += w;
    }
  }
  return [size, weight];
}

const graphArbitrary = fc.integer({ min: 1, max: 9 }).chain((n) =>
  fc
    .uniqueArray(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), {
      maxLength: 20,
      selector: ([a, b]) => (a < b ? `${a}-${b}` : `${b}-${a}`),
    })
    .chain((pairs) => {
      const simple = pairs.filter(([a, b]) => a !== b);
      return fc
        .array(fc.integer({ min: -5, max: 30 }), {
          minLength: simple.length,
          maxLength: simple.length,
        })
        .map((weights) => ({
          n,
          edges: simple.map(([a, b], k) => edge(a, b, weights[k]!)),
        }));
    }),
);

describe("maxWeightMatching, hand-checked", () => {
  it("returns an empty matching for a graph without edges", () => {
    expect(mateOf(3, [])).toEqual([-1, -1, -1]);
    expect(maxWeightMatching(0, []).size).toBe(0);
  });

  it("matches the single edge", () => {
    expect(mateOf(2, [edge(0, 1, 1)])).toEqual([1, 0]);
  });

  it("takes the heavier of two edges sharing a vertex", () => {
    // 0-1 weighs 10, 1-2 weighs 11: one edge only, the heavier.
    expect(mateOf(3, [edge(0, 1, 10), edge(1, 2, 11)])).toEqual([-1, 2, 1]);
  });

  it("prefers weight over cardinality unless asked for cardinality", () => {
    // path 0-1 (5), 1-2 (11), 2-3 (5): {1-2} weighs 11 > {0-1, 2-3} = 10.
    const edges = [edge(0, 1, 5), edge(1, 2, 11), edge(2, 3, 5)];
    expect(mateOf(4, edges)).toEqual([-1, 2, 1, -1]);
    expect(mateOf(4, edges, true)).toEqual([1, 0, 3, 2]);
  });

  it("never takes a negative edge unless cardinality requires it", () => {
    const edges = [edge(0, 1, 2), edge(0, 2, -2), edge(1, 2, 1), edge(1, 3, -1), edge(2, 3, -6)];
    // alone, 0-1 (2) beats everything; with maximum cardinality: 0-2 + 1-3 = -3 beats 0-1 + 2-3 = -4.
    expect(mateOf(4, edges)).toEqual([1, 0, -1, -1]);
    expect(mateOf(4, edges, true)).toEqual([2, 3, 0, 1]);
  });

  it("augments through a blossom (odd cycle 0-1-2 with a pendant 3)", () => {
    // triangle 0-1 (8), 0-2 (9), 1-2 (10), pendant 2-3 (7):
    // {0-1, 2-3} = 15 beats {1-2} = 10 and {0-2} = 9.
    const edges = [edge(0, 1, 8), edge(0, 2, 9), edge(1, 2, 10), edge(2, 3, 7)];
    expect(mateOf(4, edges)).toEqual([1, 0, 3, 2]);
  });

  it("finds the perfect matching around two triangles joined by a bridge", () => {
    // triangles {0,1,2} and {3,4,5} (inner edges weigh 10), bridge 2-3 weighs 1:
    // a perfect matching must use the bridge: 0-1, 2-3, 4-5 = 21.
    const edges = [
      edge(0, 1, 10),
      edge(1, 2, 10),
      edge(0, 2, 10),
      edge(3, 4, 10),
      edge(4, 5, 10),
      edge(3, 5, 10),
      edge(2, 3, 1),
    ];
    const matching = maxWeightMatching(6, edges, { maxCardinality: true });
    expect(matching.size).toBe(3);
    expect(scoreOf(matching.mate, edges)).toEqual([3, 21]);
    expect(matching.mate[2]).toBe(3);
  });

  it("rejects edges that are not edges", () => {
    expect(() => maxWeightMatching(2, [edge(0, 0, 1)])).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [edge(0, 2, 1)])).toThrow(RangeError);
    expect(() => maxWeightMatching(2, [edge(0, 1, Number.NaN)])).toThrow(RangeError);
  });
});

describe("maxWeightMatching against brute force", () => {
  for (const maxCardinality of [false, true]) {
    it(`agrees on random small graphs (maxCardinality ${maxCardinality})`, () => {
      fc.assert(
        fc.property(graphArbitrary, ({ n, edges }) => {
          const matching = maxWeightMatching(n, edges, { maxCardinality });
          for (let v = 0; v < n; v++) {
            const w = matching.mate[v]!;
            if (w !== -1) expect(matching.mate[w]).toBe(v);
          }
          const got = scoreOf(matching.mate, edges);
          expect(got[0]).toBe(matching.size);
          const best = bruteForce(n, edges, maxCardinality);
          if (maxCardinality) expect(got).toEqual(best);
          else expect(got[1]).toBe(best[1]);
        }),
        { numRuns: 400, seed: 20240611 },
      );
    });
  }

  it("finds the heaviest perfect matching from a greedy start (perfect option)", () => {
    fc.assert(
      fc.property(graphArbitrary, ({ n, edges }) => {
        const best = bruteForce(n, edges, true);
        const matching = maxWeightMatching(n, edges, { perfect: true });
        expect(matching.size).toBe(best[0]);
        if (2 * best[0] === n) expect(scoreOf(matching.mate, edges)).toEqual(best);
      }),
      { numRuns: 400, seed: 99 },
    );
  });

  it("prices every edge non-negatively once a perfect matching is optimal", () => {
    fc.assert(
      fc.property(graphArbitrary, ({ n, edges }) => {
        const matching = maxWeightMatching(n, edges, { maxCardinality: true });
        for (const { u, v, weight } of edges) {
          expect(matching.slackOf(u, v, weight)).toBeGreaterThanOrEqual(0);
          if (matching.mate[u] === v) expect(matching.slackOf(u, v, weight)).toBe(0);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
