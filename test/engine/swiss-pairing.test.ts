/**
 * Swiss pairings against independent references: every pairing of a small field
 * enumerated, and a dense maximum-weight matching over all pairs of a larger one.
 * Both judge a pairing by the same ordered costs: rematches (one per earlier
 * meeting), the bye recipient's place among the candidates (fewest byes, lowest
 * rank first), squared score-group differences, squared rank distances.
 */
import { describe, expect, it } from "vitest";
import { maxWeightMatching, type WeightedEdge } from "../../src/engine/matching.js";
import { seededRandom } from "../../src/engine/shuffle.js";
import type { Bye } from "../../src/engine/standings-tally.js";
import { pairSwissRound, type SwissRound, swissStandings } from "../../src/engine/swiss.js";
import type { EngineParticipant, MatchResult } from "../../src/engine/types.js";

type Cost = [rematches: number, byePlace: number, groups: number, ranks: number];

interface State {
  readonly position: Map<number, number>;
  readonly group: Map<number, number>;
  readonly meetings: (x: number, y: number) => number;
  /** Bye candidates, lowest-ranked first. */
  readonly candidates: number[];
  readonly ids: number[];
}

function stateOf(participants: EngineParticipant[], results: MatchResult[], byes: Bye[]): State {
  const rows = swissStandings(participants, results, byes);
  const scores = [...new Set(rows.map((row) => row.points))];
  const met = new Map<string, number>();
  const key = (x: number, y: number) => `${Math.min(x, y)}-${Math.max(x, y)}`;
  for (const r of results)
    met.set(key(r.player1Id, r.player2Id), (met.get(key(r.player1Id, r.player2Id)) ?? 0) + 1);
  const fewest = Math.min(...rows.map((row) => row.byes));
  return {
    ids: rows.map((row) => row.participantId),
    position: new Map(rows.map((row, i) => [row.participantId, i])),
    group: new Map(rows.map((row) => [row.participantId, scores.indexOf(row.points)])),
    meetings: (x, y) => met.get(key(x, y)) ?? 0,
    candidates: rows
      .filter((row) => row.byes === fewest)
      .map((row) => row.participantId)
      .reverse(),
  };
}

function pairCost(state: State, x: number, y: number): Cost {
  const g = state.group.get(x)! - state.group.get(y)!;
  const r = state.position.get(x)! - state.position.get(y)!;
  return [state.meetings(x, y), 0, g * g, r * r];
}

function add(a: Cost, b: Cost): Cost {
  return [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
}

function less(a: Cost, b: Cost): boolean {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

function costOf(state: State, round: SwissRound): Cost {
  let cost: Cost = [0, round.byeId === null ? 0 : state.candidates.indexOf(round.byeId), 0, 0];
  for (const p of round.pairings) cost = add(cost, pairCost(state, p.player1Id, p.player2Id));
  return cost;
}

/** Every pairing enumerated (small fields). */
function bruteForceCost(state: State): Cost {
  let best: Cost | null = null;
  const visit = (rest: number[], cost: Cost): void => {
    if (rest.length === 0) {
      if (best === null || less(cost, best)) best = cost;
      return;
    }
    const [first, ...others] = rest as [number, ...number[]];
    for (const other of others) {
      visit(
        others.filter((x) => x !== other),
        add(cost, pairCost(state, first, other)),
      );
    }
  };
  if (state.ids.length % 2 === 0) visit(state.ids, [0, 0, 0, 0]);
  else {
    state.candidates.forEach((bye, place) => {
      visit(
        state.ids.filter((id) => id !== bye),
        [0, place, 0, 0],
      );
    });
  }
  return best!;
}

/** Dense maximum-weight perfect matching over all pairs, a vertex standing for the bye. */
function denseCost(state: State): Cost {
  const n = state.ids.length;
  const units = [2 ** 40, 2 ** 32, 2 ** 16, 1];
  const weight = (c: Cost) => 2 ** 46 - c.reduce((sum, x, i) => sum + x * units[i]!, 0);
  const edges: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      edges.push({ u: i, v: j, weight: weight(pairCost(state, state.ids[i]!, state.ids[j]!)) });
    }
  }
  if (n % 2 === 1) {
    state.candidates.forEach((id, place) => {
      edges.push({ u: state.ids.indexOf(id), v: n, weight: weight([0, place, 0, 0]) });
    });
  }
  const size = n % 2 === 1 ? n + 1 : n;
  const matching = maxWeightMatching(size, edges, { maxCardinality: true });
  let cost: Cost = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) {
    const j = matching.mate[i]!;
    if (j === n) cost = add(cost, [0, state.candidates.indexOf(state.ids[i]!), 0, 0]);
    else if (j > i) cost = add(cost, pairCost(state, state.ids[i]!, state.ids[j]!));
  }
  return cost;
}

/** Play a swiss event, checking each round against `reference` before its results come in. */
function checkEvent(n: number, rounds: number, seed: number, reference: (s: State) => Cost) {
  const random = seededRandom(seed);
  const participants = Array.from({ length: n }, (_, i) => ({ id: i + 1, seed: i + 1 }));
  const results: MatchResult[] = [];
  const byes: Bye[] = [];
  for (let round = 1; round <= rounds; round++) {
    const paired = pairSwissRound({ participants, results, byes, round });
    if (round > 1) {
      const state = stateOf(participants, results, byes);
      expect(costOf(state, paired), `n=${n} seed=${seed} round ${round}`).toEqual(reference(state));
    }
    for (const { player1Id, player2Id } of paired.pairings) {
      const draw = random();
      const winnerId = draw < 0.1 ? null : draw < 0.55 ? player1Id : player2Id;
      results.push({ player1Id, player2Id, winnerId, sets: [], round });
    }
    if (paired.byeId !== null) byes.push({ participantId: paired.byeId, round });
  }
}

describe("swiss pairing is optimal", () => {
  it("against every pairing of small fields (2..9 players, past a round robin)", () => {
    for (let n = 2; n <= 9; n++) {
      for (let seed = 1; seed <= 6; seed++) checkEvent(n, n + 2, seed * 31 + n, bruteForceCost);
    }
  });

  it("against a dense matching over all pairs (20..41 players)", () => {
    for (const [n, rounds] of [
      [20, 8],
      [27, 12],
      [32, 6],
      [41, 7],
    ] as const) {
      checkEvent(n, rounds, n, denseCost);
    }
  });
});

describe("swiss pairing at scale", () => {
  it("pairs round 6 of 1,024 players without rematches, each player once", () => {
    const random = seededRandom(6);
    const participants = Array.from({ length: 1024 }, (_, i) => ({ id: i + 1, seed: i + 1 }));
    const results: MatchResult[] = [];
    let last: SwissRound | null = null;
    for (let round = 1; round <= 6; round++) {
      last = pairSwissRound({ participants, results, byes: [], round });
      for (const { player1Id, player2Id } of last.pairings) {
        const winnerId = random() < 0.5 ? player1Id : player2Id;
        results.push({ player1Id, player2Id, winnerId, sets: [], round });
      }
    }
    expect(last!.pairings).toHaveLength(512);
    expect(last!.rematches).toBe(0);
    expect(new Set(last!.pairings.flatMap((p) => [p.player1Id, p.player2Id])).size).toBe(1024);
  });
});
