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
  type Bye,
  gameWinPercentage,
  roundValue,
  sharedMeasure,
  type Tally,
  tallyResults,
} from "./standings-tally.js";
import {
  DEFAULT_TIE_BREAKS,
  rankByTieBreaks,
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
  const tallies = tallyResults(participants, results, options.byes ?? []);
  const ranking = options.ranking ?? "match wins";
  const scheme = resolvePoints(options.points);
  const tieBreaks = options.tieBreaks ?? DEFAULT_TIE_BREAKS;
  const points = new Map<number, number>();
  for (const [id, tally] of tallies) points.set(id, rankingPoints(tally, ranking, scheme));
  const context: TieBreakContext = { tallies, points, results };
  const { order, ranks, headToHead } = rankByTieBreaks([...tallies.keys()], tieBreaks, context);
  return order.map((id) => {
    const tally = tallies.get(id)!;
    const values = tieBreaks.map((name) => ({
      name,
      value:
        name === "match wins vs tied"
          ? (headToHead.get(id) ?? sameScoreHeadToHead(id, context))
          : tieBreakValue(name, tally, context),
    }));
    return toRow(ranks.get(id)!, tally, points.get(id)!, values);
  });
}

/** The ranks of standings rows: what final ranks and group ranks read (shared where rows are level). */
export function standingRanks(rows: readonly StandingRow[]): RankMap {
  return new Map(rows.map((row) => [row.participantId, row.rank]));
}

/** `match wins vs tied` for one never compared by it: its mini-league among equal points. */
function sameScoreHeadToHead(id: number, context: TieBreakContext): number {
  const own = context.points.get(id);
  let score = 0;
  for (const result of context.results) {
    if (result.player1Id !== id && result.player2Id !== id) continue;
    const other = result.player1Id === id ? result.player2Id : result.player1Id;
    if (context.points.get(other) !== own) continue;
    if (result.winnerId === null) score += 0.5;
    else if (result.winnerId === id) score += 1;
  }
  return score;
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
