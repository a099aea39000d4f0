/**
 * Standings for round robin, swiss and group stages.
 *
 * Points by ranking option (a tied match or game is worth half a win wherever wins
 * are counted):
 * - `match wins`: match wins + ties / 2 + byes (a bye is worth a match win);
 * - `game wins`: game (set) wins + tied games / 2;
 * - `game win percentage`: that value over games played, as 0..100;
 * - `points scored`: the sum of one's own set scores;
 * - `points difference`: points scored minus points conceded;
 * - `custom`: matchWin, matchTie, gameWin, gameTie and bye points per occurrence
 *   (defaults 1 / 0.5 / 0 / 0, a bye worth `matchWin` unless set) — swiss standings
 *   use this option with the tournament's swiss points.
 * Then the tie-breaks (tiebreaks.ts `rankByTieBreaks`, the one ranking that
 * standings, final ranks and group ranks read): rows level on points and on every
 * tie-break level share a rank (1, 2, 2, 4) and are listed by seed; the row order
 * is total (the seed decides last) for what needs one, such as advancement.
 */

import type { RANKINGS } from "../model/tournament.js";
import {
  addByes,
  addResults,
  type Bye,
  gameWinPercentage,
  roundValue,
  sharedMeasure,
  type Tally,
  tallyResults,
} from "./standings-tally.js";
import { drain, due, type Pace, pace, type Steps } from "./steps.js";
import {
  DEFAULT_TIE_BREAKS,
  rankByTieBreaksSteps,
  type TieBreak,
  type TieBreakContext,
  tieBreakValue,
} from "./tiebreaks.js";
import type { EngineParticipant, MatchResult, RankMap } from "./types.js";

/** How a table ranks: the model's ranking options (`ranked_by` / `ranking`). */
export type RankingOption = (typeof RANKINGS)[number];

/** Points per occurrence for the `custom` ranking (pts_for_match_win, ... pts_for_bye). */
export interface PointsOptions {
  readonly matchWin?: number;
  readonly matchTie?: number;
  readonly gameWin?: number;
  readonly gameTie?: number;
  readonly bye?: number;
}

export type PointsScheme = Required<PointsOptions>;

/** Fill in defaults: 1 / 0.5 / 0 / 0, and a bye worth a match win unless set. */
export function resolvePoints(options: PointsOptions = {}): PointsScheme {
  const matchWin = options.matchWin ?? 1;
  return {
    matchWin,
    matchTie: options.matchTie ?? 0.5,
    gameWin: options.gameWin ?? 0,
    gameTie: options.gameTie ?? 0,
    bye: options.bye ?? matchWin,
  };
}

export interface StandingsOptions {
  /** Default `match wins`. */
  readonly ranking?: RankingOption;
  /** Used by the `custom` ranking. */
  readonly points?: PointsOptions;
  /** Default ["match wins vs tied", "game wins", "points scored"]. */
  readonly tieBreaks?: readonly TieBreak[];
  /** Swiss byes given so far. */
  readonly byes?: readonly Bye[];
}

export interface TieBreakValue {
  readonly name: TieBreak;
  readonly value: number;
}

export interface StandingRow {
  /**
   * Competition rank (1, 2, 2, 4): rows level on points and every tie-break level
   * share it. The rows' order is total: within a shared rank, by seed.
   */
  readonly rank: number;
  readonly participantId: number;
  readonly seed: number;
  readonly matchesPlayed: number;
  readonly matchWins: number;
  readonly matchLosses: number;
  readonly matchTies: number;
  readonly byes: number;
  readonly gameWins: number;
  readonly gameLosses: number;
  readonly gameTies: number;
  /** 0..100; a tied game counts half. */
  readonly gameWinPercentage: number;
  readonly pointsScored: number;
  readonly pointsAgainst: number;
  readonly pointsDifference: number;
  /** The value the ranking option ranks by. */
  readonly points: number;
  /** Every configured tie-break's value, in tie-break order. */
  readonly tieBreaks: readonly TieBreakValue[];
}

/** Ranking points of one participant under a ranking option. */
export function rankingPoints(tally: Tally, ranking: RankingOption, points: PointsScheme): number {
  switch (ranking) {
    case "match wins":
      return tally.matchWins + tally.matchTies / 2 + tally.byes;
    case "game wins":
    case "game win percentage":
    case "points scored":
    case "points difference":
      return sharedMeasure(ranking, tally);
    case "custom":
      return roundValue(
        tally.matchWins * points.matchWin +
          tally.matchTies * points.matchTie +
          tally.gameWins * points.gameWin +
          tally.gameTies * points.gameTie +
          tally.byes * points.bye,
      );
  }
}

/** Standings rows in rank order (a shared rank by seed). Throws EngineRuleError if a result names an unknown participant. */
export function computeStandings(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  options: StandingsOptions = {},
): StandingRow[] {
  return drain(
    computeStandingsSteps(participants, results, options, pace(Number.POSITIVE_INFINITY)),
  );
}

/**
 * computeStandings a part at a time (`p`: results tallied, participants ranked, rows made
 * a part): the same code, so the same rows and the same errors (serve's standings, made
 * between other requests: service/bracket/standings-steps.ts).
 */
export function* computeStandingsSteps(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  options: StandingsOptions,
  p: Pace,
): Steps<StandingRow[]> {
  const tallies = yield* talliesOf(participants, results, options.byes ?? [], p);
  const ranking = options.ranking ?? "match wins";
  const scheme = resolvePoints(options.points);
  const tieBreaks = options.tieBreaks ?? DEFAULT_TIE_BREAKS;
  const points = new Map<number, number>();
  for (const [id, tally] of tallies) {
    points.set(id, rankingPoints(tally, ranking, scheme));
    if (due(p)) yield;
  }
  const context: TieBreakContext = { tallies, points, results };
  const ids = [...tallies.keys()];
  const { order, ranks, headToHead } = yield* rankByTieBreaksSteps(ids, tieBreaks, context, p);
  const sameScore =
    tieBreaks.includes("match wins vs tied") && ids.some((id) => !headToHead.has(id))
      ? yield* sameScoreHeadToHead(context, p)
      : new Map<number, number>();
  const rows: StandingRow[] = [];
  for (const id of order) {
    const tally = tallies.get(id)!;
    const values = tieBreaks.map((name) => ({
      name,
      value:
        name === "match wins vs tied"
          ? (headToHead.get(id) ?? sameScore.get(id) ?? 0)
          : tieBreakValue(name, tally, context),
    }));
    rows.push(toRow(ranks.get(id)!, tally, points.get(id)!, values));
    // Median Buchholz reads every opponent's points.
    if (due(p, 1 + tally.opponents.length)) yield;
  }
  return rows;
}

/** tallyResults a part at a time: the same tallies, the same errors in the same order. */
function* talliesOf(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  byes: readonly Bye[],
  p: Pace,
): Steps<Map<number, Tally>> {
  if (p.part === Number.POSITIVE_INFINITY) return tallyResults(participants, results, byes);
  const tallies = new Map<number, Tally>();
  for (let at = 0; at < participants.length; at += p.part) {
    for (const [id, tally] of tallyResults(participants.slice(at, at + p.part), []))
      tallies.set(id, tally);
    yield;
  }
  for (let at = 0; at < results.length; at += p.part) {
    addResults(tallies, results, at, at + p.part);
    yield;
  }
  addByes(tallies, byes);
  return tallies;
}

/** The ranks of standings rows: what final ranks and group ranks read (shared where rows are level). */
export function standingRanks(rows: readonly StandingRow[]): RankMap {
  return new Map(rows.map((row) => [row.participantId, row.rank]));
}

/**
 * `match wins vs tied` for those never compared by it: each one's mini-league among
 * the participants of equal points, every one's in one pass over the results (a pass for
 * each participant was 4,096 passes over 16,384 results in a 4,096-player swiss).
 */
function* sameScoreHeadToHead(context: TieBreakContext, p: Pace): Steps<Map<number, number>> {
  const scores = new Map<number, number>();
  const add = (id: number, score: number) => scores.set(id, (scores.get(id) ?? 0) + score);
  for (const result of context.results) {
    const { player1Id: one, player2Id: two, winnerId } = result;
    if (context.points.get(one) === context.points.get(two)) {
      add(one, winnerId === null ? 0.5 : winnerId === one ? 1 : 0);
      if (two !== one) add(two, winnerId === null ? 0.5 : winnerId === two ? 1 : 0);
    }
    if (due(p)) yield;
  }
  return scores;
}

function toRow(
  rank: number,
  tally: Tally,
  points: number,
  tieBreaks: readonly TieBreakValue[],
): StandingRow {
  return {
    rank,
    participantId: tally.participantId,
    seed: tally.seed,
    matchesPlayed: tally.matchWins + tally.matchLosses + tally.matchTies,
    matchWins: tally.matchWins,
    matchLosses: tally.matchLosses,
    matchTies: tally.matchTies,
    byes: tally.byes,
    gameWins: tally.gameWins,
    gameLosses: tally.gameLosses,
    gameTies: tally.gameTies,
    gameWinPercentage: gameWinPercentage(tally),
    pointsScored: roundValue(tally.pointsScored),
    pointsAgainst: roundValue(tally.pointsAgainst),
    pointsDifference: roundValue(tally.pointsScored - tally.pointsAgainst),
    points,
    tieBreaks,
  };
}
