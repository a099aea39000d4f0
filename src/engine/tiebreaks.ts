/**
 * Tie-breaks: how participants level on points are put in order.
 *
 * Tie-breaks apply in the order given; each splits a tied set into subsets by its
 * value (higher first) and the next one applies within each subset still tied.
 * `match wins vs tied` is a mini-league among the tied participants only; it is
 * applied again to any subset it leaves tied (with fewer players the results among
 * them may differ), and falls through to the next tie-break when it separates
 * nobody (a circular tie: A beat B, B beat C, C beat A). Participants still level
 * after every tie-break share a rank (competition ranking: 1, 2, 2, 4); the seed
 * (1 = best) only orders them in the list and, where a total order is needed
 * (swiss pairing, group advancement), decides between them.
 */

import { TIE_BREAKS } from "../model/tournament.js";
import { roundValue, sharedMeasure, type Tally } from "./standings-tally.js";
import { drain, due, type Pace, pace, type Steps, sortedInParts } from "./steps.js";
import type { MatchResult } from "./types.js";

export { TIE_BREAKS };

export type TieBreak = (typeof TIE_BREAKS)[number];

export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = [
  "match wins vs tied",
  "game wins",
  "points scored",
];

export function isTieBreak(value: string): value is TieBreak {
  return (TIE_BREAKS as readonly string[]).includes(value);
}

/** What tie-breaks read: tallies, ranking points per participant, and the results. */
export interface TieBreakContext {
  readonly tallies: ReadonlyMap<number, Tally>;
  readonly points: ReadonlyMap<number, number>;
  readonly results: readonly MatchResult[];
}

/**
 * Sum of opponents' scores without the highest and the lowest one
 * (opponent scores 3, 2, 2, 1 give 4). With fewer than three opponents nothing
 * is dropped.
 */
export function medianBuchholz(opponentScores: readonly number[]): number {
  const sum = opponentScores.reduce((total, score) => total + score, 0);
  if (opponentScores.length < 3) return roundValue(sum);
  return roundValue(sum - Math.max(...opponentScores) - Math.min(...opponentScores));
}

/**
 * Mini-league among `ids`: match wins against the others of the set, a tie worth
 * half a win. Matches against anyone outside the set do not count.
 */
export function headToHeadScores(
  ids: readonly number[],
  results: readonly MatchResult[],
): Map<number, number> {
  const scores = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const result of results) countHeadToHead(scores, result);
  return scores;
}

/**
 * Counts `result` into the mini-league `scores` (its keys the set) when both its players are
 * of the set: a win for the winner, half a win each for a tie.
 */
function countHeadToHead(scores: Map<number, number>, result: MatchResult): void {
  if (!scores.has(result.player1Id) || !scores.has(result.player2Id)) return;
  if (result.winnerId === null) {
    scores.set(result.player1Id, scores.get(result.player1Id)! + 0.5);
    scores.set(result.player2Id, scores.get(result.player2Id)! + 0.5);
  } else {
    scores.set(result.winnerId, scores.get(result.winnerId)! + 1);
  }
}

/** Value of a tie-break that does not depend on who else is tied. */
export function tieBreakValue(
  name: Exclude<TieBreak, "match wins vs tied">,
  tally: Tally,
  context: TieBreakContext,
): number {
  switch (name) {
    case "game wins":
    case "game win percentage":
    case "points scored":
    case "points difference":
      return sharedMeasure(name, tally);
    case "median buchholz":
      return medianBuchholz(buchholzScores(tally, context));
  }
}

/**
 * The scores a Buchholz sums for one participant: each opponent's, and for each bye a dummy
 * opponent's, which is the participant's own score. FIDE Handbook C.07 (Play-off and Tie-Break
 * Regulations), Article 16.4 (unplayed rounds in Swiss tournaments, since the 2023 text): "each
 * of their unplayed rounds is evaluated as if the participant had played against a dummy ...
 * The dummy's score for the tie-break calculation is the participant's own score". A bye is a
 * pairing-allocated bye (16.2.1), not a voluntary unplayed round, so the cuts take it as any
 * other value (16.5 cuts VURs first). Not applied: 16.4.2's cap (the dummy's score at most a
 * draw's points times the rounds). Without the dummy, a player with a bye was compared on one
 * opponent fewer: after median's two cuts, 1 value against another's 2.
 */
export function buchholzScores(tally: Tally, context: TieBreakContext): number[] {
  const scores = tally.opponents.map((id) => context.points.get(id) ?? 0);
  const own = context.points.get(tally.participantId) ?? 0;
  for (let bye = 0; bye < tally.byes; bye++) scores.push(own);
  return scores;
}

/**
 * The one ranking of round robin, swiss and group standings: the order, and a
 * competition rank per participant. Participants equal on points and on every
 * level of every tie-break (the mini-league re-applied included) share a rank and
 * are listed by seed; participants any level separates get different ranks.
 * Standings and final ranks both read these ranks.
 */
export interface TieBreakRanking {
  /** Every participant, best first; within a shared rank by seed (1 = best), then id. */
  readonly order: readonly number[];
  /** Competition ranks (1, 2, 2, 4): equal on every level means the same rank. */
  readonly ranks: ReadonlyMap<number, number>;
  /** Mini-league score among the set the tie-break was first applied to. */
  readonly headToHead: ReadonlyMap<number, number>;
}

/** Rank participants by points (higher first), then by tie-breaks; the seed orders a shared rank. */
export function rankByTieBreaks(
  ids: readonly number[],
  tieBreaks: readonly TieBreak[],
  context: TieBreakContext,
): TieBreakRanking {
  return drain(rankByTieBreaksSteps(ids, tieBreaks, context, pace(Number.POSITIVE_INFINITY)));
}

/** rankByTieBreaks a part at a time (`p`: results, participants or values a part). */
export function* rankByTieBreaksSteps(
  ids: readonly number[],
  tieBreaks: readonly TieBreak[],
  context: TieBreakContext,
  p: Pace,
): Steps<TieBreakRanking> {
  const headToHead = new Map<number, number>();
  const byPoints = yield* partition(ids, (id) => context.points.get(id) ?? 0, p);
  const tiers: number[][] = [];
  for (const group of byPoints)
    for (const tier of yield* resolve(group, 0, tieBreaks, context, headToHead, p))
      tiers.push(tier);
  const seedOf = (id: number) => context.tallies.get(id)?.seed ?? Number.POSITIVE_INFINITY;
  const bySeed = (a: number, b: number) => seedOf(a) - seedOf(b) || a - b;
  const order: number[] = [];
  const ranks = new Map<number, number>();
  for (const tier of tiers) {
    const rank = order.length + 1;
    for (const id of yield* sortedInParts(tier, bySeed, p.part)) {
      order.push(id);
      ranks.set(id, rank);
    }
    if (due(p, tier.length)) yield;
  }
  return { order, ranks, headToHead };
}

/** Split a group level on points into tiers, best first: each tier is level on every tie-break. */
function* resolve(
  group: readonly number[],
  index: number,
  tieBreaks: readonly TieBreak[],
  context: TieBreakContext,
  headToHead: Map<number, number>,
  p: Pace,
): Steps<number[][]> {
  const name = tieBreaks[index];
  if (group.length === 1 || name === undefined) return [[...group]];
  let parts: number[][];
  let next = index + 1;
  if (name === "match wins vs tied") {
    const scores = yield* miniLeague(group, context, p);
    for (const [id, score] of scores) if (!headToHead.has(id)) headToHead.set(id, score);
    parts = yield* partition(group, (id) => scores.get(id)!, p);
    if (parts.length === 1) return yield* resolve(group, next, tieBreaks, context, headToHead, p);
    next = index;
  } else {
    const value = (id: number) => tieBreakValue(name, context.tallies.get(id)!, context);
    parts = yield* partition(group, value, p);
  }
  const tiers: number[][] = [];
  for (const part of parts)
    for (const tier of yield* resolve(part, next, tieBreaks, context, headToHead, p))
      tiers.push(tier);
  return tiers;
}

const resultIndexes = new WeakMap<readonly MatchResult[], Map<number, MatchResult[]>>();

/** The results by player 1 (each result once: enough for a mini-league), made once per results. */
function* resultIndex(results: readonly MatchResult[], p: Pace): Steps<Map<number, MatchResult[]>> {
  let index = resultIndexes.get(results);
  if (index) return index;
  index = new Map();
  for (const result of results) {
    const list = index.get(result.player1Id);
    if (list) list.push(result);
    else index.set(result.player1Id, [result]);
    if (due(p)) yield;
  }
  // Kept only once whole: parts stopped halfway leave none.
  resultIndexes.set(results, index);
  return index;
}

/** headToHeadScores of `ids` over the results whose player 1 is one of them, a part at a time. */
function* miniLeague(
  ids: readonly number[],
  context: TieBreakContext,
  p: Pace,
): Steps<Map<number, number>> {
  const index = yield* resultIndex(context.results, p);
  const scores = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const id of ids) {
    const results = index.get(id) ?? [];
    for (const result of results) countHeadToHead(scores, result);
    if (due(p, 1 + results.length)) yield;
  }
  return scores;
}

/**
 * Split ids into groups of equal value, highest value first; order within a group kept
 * (a stable sort, in runs then merged: the same groups as one sort).
 */
function* partition(
  ids: readonly number[],
  score: (id: number) => number,
  p: Pace,
): Steps<number[][]> {
  const values = new Map<number, number>();
  for (const id of ids) {
    values.set(id, score(id));
    if (due(p)) yield;
  }
  const sorted = yield* sortedInParts(ids, (a, b) => values.get(b)! - values.get(a)!, p.part);
  const groups: number[][] = [];
  let previous = Number.NaN;
  for (const id of sorted) {
    const value = values.get(id)!;
    if (value === previous) groups.at(-1)!.push(id);
    else groups.push([id]);
    previous = value;
  }
  return groups;
}
