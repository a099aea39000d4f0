/**
 * Per-participant counts read off completed match results: the raw material of
 * standings, tie-breaks and swiss pairings.
 */
import { EngineRuleError } from "./errors.js";
import type { EngineParticipant, MatchResult } from "./types.js";

/** A bye given in a swiss round (not a match: nobody lost it). */
export interface Bye {
  readonly participantId: number;
  readonly round: number;
}

export interface Tally {
  readonly participantId: number;
  readonly seed: number;
  matchWins: number;
  matchLosses: number;
  matchTies: number;
  byes: number;
  gameWins: number;
  gameLosses: number;
  gameTies: number;
  /** Sum of this participant's own set scores. */
  pointsScored: number;
  /** Sum of the opponents' set scores against this participant. */
  pointsAgainst: number;
  /** Opponent ids, one entry per match played (a rematch appears twice). */
  readonly opponents: number[];
}

function emptyTally(participant: EngineParticipant): Tally {
  return {
    participantId: participant.id,
    seed: participant.seed,
    matchWins: 0,
    matchLosses: 0,
    matchTies: 0,
    byes: 0,
    gameWins: 0,
    gameLosses: 0,
    gameTies: 0,
    pointsScored: 0,
    pointsAgainst: 0,
    opponents: [],
  };
}

function addSet(tally: Tally, own: number, other: number): void {
  tally.pointsScored += own;
  tally.pointsAgainst += other;
  if (own > other) tally.gameWins++;
  else if (own < other) tally.gameLosses++;
  else tally.gameTies++;
}

function addResult(tallies: Map<number, Tally>, result: MatchResult): void {
  const one = tallies.get(result.player1Id);
  const two = tallies.get(result.player2Id);
  if (!one || !two) {
    const missing = one ? result.player2Id : result.player1Id;
    throw new EngineRuleError(
      `a match result names participant ${missing}, who is not in this standing`,
    );
  }
  const { winnerId } = result;
  if (winnerId !== null && winnerId !== one.participantId && winnerId !== two.participantId) {
    throw new EngineRuleError(`participant ${winnerId} won a match they did not play`);
  }
  one.opponents.push(two.participantId);
  two.opponents.push(one.participantId);
  for (const [score1, score2] of result.sets) {
    addSet(one, score1, score2);
    addSet(two, score2, score1);
  }
  if (result.winnerId === null) {
    one.matchTies++;
    two.matchTies++;
  } else {
    const [winner, loser] = result.winnerId === one.participantId ? [one, two] : [two, one];
    winner.matchWins++;
    loser.matchLosses++;
  }
}

/**
 * Adds `results` (those from `from` up to `to`) to `tallies` (tallyResults a part at a
 * time: the same counts, the same errors).
 */
export function addResults(
  tallies: Map<number, Tally>,
  results: readonly MatchResult[],
  from = 0,
  to = results.length,
): void {
  for (let i = from; i < Math.min(to, results.length); i++) addResult(tallies, results[i]!);
}

/** Count wins, losses, ties, games, points and opponents for every participant. */
export function tallyResults(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  byes: readonly Bye[] = [],
): Map<number, Tally> {
  const tallies = new Map<number, Tally>();
  for (const participant of participants) tallies.set(participant.id, emptyTally(participant));
  for (const result of results) addResult(tallies, result);
  addByes(tallies, byes);
  return tallies;
}

/** Adds `byes` to `tallies` (after every result, as tallyResults does). */
export function addByes(tallies: Map<number, Tally>, byes: readonly Bye[]): void {
  for (const bye of byes) {
    const tally = tallies.get(bye.participantId);
    if (!tally) {
      throw new EngineRuleError(
        `a bye names participant ${bye.participantId}, who is not in this standing`,
      );
    }
    tally.byes++;
  }
}

/** Games won, with a tied game worth half a win. */
export function gameWinValue(tally: Tally): number {
  return tally.gameWins + tally.gameTies / 2;
}

/** Share of games won (a tied game counts half), as a percentage 0..100; 0 with no games. */
export function gameWinPercentage(tally: Tally): number {
  const played = tally.gameWins + tally.gameLosses + tally.gameTies;
  return played === 0 ? 0 : roundValue((gameWinValue(tally) * 100) / played);
}

/**
 * Round a computed score to 9 decimals so that values equal on paper compare equal
 * (0.1 * 3 and 0.3 differ in binary floating point).
 */
export function roundValue(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** The measures ranking and tie-breaks share. */
export type SharedMeasure =
  | "game wins"
  | "game win percentage"
  | "points scored"
  | "points difference";

export function sharedMeasure(name: SharedMeasure, tally: Tally): number {
  switch (name) {
    case "game wins":
      return gameWinValue(tally);
    case "game win percentage":
      return gameWinPercentage(tally);
    case "points scored":
      return roundValue(tally.pointsScored);
    case "points difference":
      return roundValue(tally.pointsScored - tally.pointsAgainst);
  }
}
