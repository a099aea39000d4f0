/**
 * Pairing a swiss round from standings: a maximum-weight perfect matching with
 * rematches forbidden, the weights preferring equal scores first, then closeness in
 * rank (squared differences of score group and standings position; see
 * swiss-weights.ts), solved sparsely but exactly (swiss-sparse.ts).
 *
 * The bye (odd count) goes to the lowest-ranked player among those with the fewest
 * byes for whom the others can still be paired without a rematch. When no
 * rematch-free pairing exists, a fallback over all pairs (a dummy vertex standing
 * for the bye) minimises, in order: rematches (a pair counts once per earlier
 * meeting), the bye recipient's place among the same candidates (lowest-ranked
 * first), score differences and rank distances. It never fails.
 */
import type { Matching } from "./matching.js";
import { distanceWeight, type PairGraph, solvePerfectMatching } from "./swiss-sparse.js";
import { choosePairingScale, type Tier } from "./swiss-weights.js";

export interface PairingProblem {
  /** Players are 0..count-1 in standings order (0 = top). */
  readonly count: number;
  /** Score group per player, 0 = the top score; never decreases with the index. */
  readonly group: readonly number[];
  /** Byes each player has had. */
  readonly byes: readonly number[];
  /** How many times players i and j have met. */
  meetings(i: number, j: number): number;
}

export interface PairingOutcome {
  /** [higher-ranked, lower-ranked] player indices, ordered by the higher-ranked. */
  readonly pairs: readonly (readonly [number, number])[];
  readonly bye: number | null;
  readonly rematches: number;
}

export function pairByStandings(problem: PairingProblem): PairingOutcome {
  const everyone = Array.from({ length: problem.count }, (_, i) => i);
  if (problem.count % 2 === 0) {
    return pairWithoutRematches(problem, everyone, null) ?? pairWithFewestRematches(problem, []);
  }
  const candidates = byeCandidates(problem);
  for (const candidate of candidates) {
    const rest = everyone.filter((i) => i !== candidate);
    const outcome = pairWithoutRematches(problem, rest, candidate);
    if (outcome) return outcome;
  }
  return pairWithFewestRematches(problem, candidates);
}

/** Players with the fewest byes, lowest-ranked first. */
function byeCandidates(problem: PairingProblem): number[] {
  const fewest = Math.min(...problem.byes);
  const candidates: number[] = [];
  for (let i = problem.count - 1; i >= 0; i--) if (problem.byes[i] === fewest) candidates.push(i);
  return candidates;
}

function pairWithoutRematches(
  problem: PairingProblem,
  players: readonly number[],
  bye: number | null,
): PairingOutcome | null {
  const first = players[0]!;
  const last = players.at(-1)!;
  const graph: PairGraph = {
    size: players.length,
    dummy: -1,
    position: Float64Array.from(players),
    group: Float64Array.from(players, (i) => problem.group[i]!),
    scale: choosePairingScale(
      [],
      problem.group[last]! - problem.group[first]!,
      last - first,
      players.length / 2,
    ),
    eligible: (a, b) => problem.meetings(players[a]!, players[b]!) === 0,
    weight: (a, b) => distanceWeight(graph, a, b),
  };
  const matching = solvePerfectMatching(graph);
  return matching ? toOutcome(problem, matching, players, bye) : null;
}

function pairWithFewestRematches(
  problem: PairingProblem,
  candidates: readonly number[],
): PairingOutcome {
  const count = problem.count;
  const dummy = candidates.length > 0 ? count : -1;
  const pairs = Math.floor(count / 2);
  let maxMeetings = 1;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) maxMeetings = Math.max(maxMeetings, problem.meetings(i, j));
  }
  const upper: Tier[] = [
    { maxPerEdge: maxMeetings, maxEdges: pairs },
    { maxPerEdge: Math.max(0, candidates.length - 1), maxEdges: 1 },
  ];
  const scale = choosePairingScale(
    upper,
    problem.group[count - 1]! - problem.group[0]!,
    count - 1,
    pairs,
  );
  const [meetingUnit, byeUnit] = scale.units as [number, number];
  const place = new Map(candidates.map((c, index) => [c, index]));
  const players = Array.from({ length: dummy === -1 ? count : count + 1 }, (_, i) => i);
  const graph: PairGraph = {
    size: players.length,
    dummy,
    position: Float64Array.from({ length: count }, (_, i) => i),
    group: Float64Array.from(problem.group),
    scale,
    eligible: (a, b) => b !== dummy || place.has(a),
    weight: (a, b) =>
      b === dummy
        ? scale.top - place.get(a)! * byeUnit
        : distanceWeight(graph, a, b) - problem.meetings(a, b) * meetingUnit,
  };
  const matching = solvePerfectMatching(graph);
  if (!matching) throw new Error("swiss fallback: a complete graph always has a perfect matching");
  const bye = dummy === -1 ? null : matching.mate[dummy]!;
  return toOutcome(problem, matching, players, bye, dummy);
}

function toOutcome(
  problem: PairingProblem,
  matching: Matching,
  players: readonly number[],
  bye: number | null,
  dummy = -1,
): PairingOutcome {
  const pairs: [number, number][] = [];
  let rematches = 0;
  for (let a = 0; a < players.length; a++) {
    const b = matching.mate[a]!;
    if (b <= a || b === dummy) continue;
    const pair: [number, number] = [players[a]!, players[b]!];
    if (problem.meetings(pair[0], pair[1]) > 0) rematches++;
    pairs.push(pair);
  }
  pairs.sort((x, y) => x[0] - y[0]);
  return { pairs, bye, rematches };
}
