/**
 * Swiss system: how many rounds, and who plays whom in each.
 *
 * Round 1 pairs the top half against the bottom half by seed (8 seeds: 1-5, 2-6,
 * 3-7, 4-8; with an odd count the lowest seed sits out with the bye). Later rounds
 * pair from the current standings (swiss points, default 1 / 0.5 / 0 with a bye
 * worth a match win) by maximum-weight matching with rematches forbidden — see
 * swiss-pairing.ts for the weights, the bye rule and the fewest-rematches fallback.
 * Withdrawn players (deactivated: removed once started) are left out of the pairing
 * after round 1 and never given the bye; their results still count for the others.
 */
import { EngineRuleError } from "./errors.js";
import {
  computeStandings,
  computeStandingsSteps,
  type PointsOptions,
  type StandingRow,
  type StandingsOptions,
} from "./standings.js";
import type { Bye } from "./standings-tally.js";
import type { Pace, Steps } from "./steps.js";
import { canComplete, firstRound, LOOKAHEAD_PLAYERS, type OpenPairs } from "./swiss-lookahead.js";
import { type PairingOutcome, pairByStandings } from "./swiss-pairing.js";
import type { TieBreak } from "./tiebreaks.js";
import type { EngineParticipant, MatchResult } from "./types.js";

export interface SwissOptions {
  /** swiss_options pts_for_match_win, ... and pts_for_bye (default 1 / 0.5 / 0 / 0, bye = match win). */
  readonly points?: PointsOptions;
  /** Order of players level on points (default ["match wins vs tied", "game wins", "points scored"]). */
  readonly tieBreaks?: readonly TieBreak[];
}

export interface SwissRoundInput {
  readonly participants: readonly EngineParticipant[];
  /** Completed matches of the earlier rounds. */
  readonly results: readonly MatchResult[];
  /** Byes of the earlier rounds. */
  readonly byes: readonly Bye[];
  /** The round to pair, 1-based. */
  readonly round: number;
  /**
   * Players who no longer play (deactivated: removed once started). From round 2 they are
   * never paired and never given the bye; their results stay in everyone's standings. In
   * round 1 (a stage's start) they are paired, to forfeit, but the bye goes to a player
   * still in.
   */
  readonly withdrawn?: ReadonlySet<number>;
  /**
   * The rounds the stage plays in all. With it, a round that would leave a later one with no
   * rematch-free pairing is paired otherwise when it can be (lookAhead).
   */
  readonly roundCount?: number;
}

export interface SwissPairing {
  /** The higher-ranked player of the two. */
  readonly player1Id: number;
  readonly player2Id: number;
  /** The two have met before (only when no rematch-free pairing exists). */
  readonly rematch: boolean;
}

export interface SwissRound {
  readonly round: number;
  /** Ordered by the standing of player 1 (table 1 first). */
  readonly pairings: readonly SwissPairing[];
  readonly byeId: number | null;
  readonly rematches: number;
}

const ROUNDS_POINTER = "/data/attributes/swiss_options/rounds";

/** Number of swiss rounds: `rounds` when set, else ceil(log2(participantCount)). */
export function swissRoundCount(participantCount: number, rounds?: number): number {
  if (rounds !== undefined) {
    if (!Number.isInteger(rounds) || rounds < 1) {
      throw new EngineRuleError(
        "swiss rounds must be a whole number of at least 1",
        ROUNDS_POINTER,
      );
    }
    return rounds;
  }
  return participantCount < 2 ? 0 : Math.ceil(Math.log2(participantCount));
}

/** Swiss standings: the custom ranking with swiss points, byes included. */
export function swissStandings(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  byes: readonly Bye[],
  options: SwissOptions = {},
): StandingRow[] {
  return computeStandings(participants, results, swissRanking(byes, options));
}

/** swissStandings a part at a time (engine computeStandingsSteps). */
export function swissStandingsSteps(
  participants: readonly EngineParticipant[],
  results: readonly MatchResult[],
  byes: readonly Bye[],
  options: SwissOptions,
  p: Pace,
): Steps<StandingRow[]> {
  return computeStandingsSteps(participants, results, swissRanking(byes, options), p);
}

function swissRanking(byes: readonly Bye[], options: SwissOptions): StandingsOptions {
  return {
    ranking: "custom",
    byes,
    ...(options.points ? { points: options.points } : {}),
    ...(options.tieBreaks ? { tieBreaks: options.tieBreaks } : {}),
  };
}

/** Pair one swiss round. Never throws for a hard pairing: it falls back to fewest rematches. */
export function pairSwissRound(input: SwissRoundInput, options: SwissOptions = {}): SwissRound {
  validateInput(input);
  const withdrawn = input.withdrawn ?? NOBODY;
  if (input.round === 1) return pairFirstRound(input.participants, withdrawn);
  const standings = swissStandings(input.participants, input.results, input.byes, options);
  const rows =
    withdrawn.size === 0 ? standings : standings.filter((r) => !withdrawn.has(r.participantId));
  if (rows.length < 2) return { round: input.round, pairings: [], byeId: null, rematches: 0 };
  const ids = rows.map((row) => row.participantId);
  const index = new Map(ids.map((id, i) => [id, i]));
  const meetings = new Map<number, number>();
  const key = (i: number, j: number) => (i < j ? i * ids.length + j : j * ids.length + i);
  for (const result of input.results) {
    const [a, b] = [index.get(result.player1Id), index.get(result.player2Id)];
    if (a === undefined || b === undefined) continue; // a withdrawn player's result
    const k = key(a, b);
    meetings.set(k, (meetings.get(k) ?? 0) + 1);
  }
  const scores = [...new Set(rows.map((row) => row.points))];
  const group = rows.map((row) => scores.indexOf(row.points));
  const met = (i: number, j: number) => meetings.get(key(i, j)) ?? 0;
  const later = input.roundCount === undefined ? 0 : input.roundCount - input.round;
  const outcome = lookAhead(
    pairByStandings({ count: ids.length, group, byes: rows.map((row) => row.byes), meetings: met }),
    later,
    group,
    met,
  );
  return {
    round: input.round,
    pairings: outcome.pairs.map(([a, b]) => ({
      player1Id: ids[a]!,
      player2Id: ids[b]!,
      rematch: (meetings.get(key(a, b)) ?? 0) > 0,
    })),
    byeId: outcome.bye === null ? null : ids[outcome.bye]!,
    rematches: outcome.rematches,
  };
}

const NOBODY: ReadonlySet<number> = new Set();

/**
 * `outcome`, or another rematch-free round when its pairs would leave one of the `later`
 * rounds still to come with no rematch-free pairing while another round now would not
 * (swiss-lookahead.ts): for an even count of at most LOOKAHEAD_PLAYERS still in, where a
 * stage plays (nearly) every pair. The other round is the first found pairing each player,
 * from the top of the standings, with the closest in score group and then in rank.
 */
function lookAhead(
  outcome: PairingOutcome,
  later: number,
  group: readonly number[],
  met: (i: number, j: number) => number,
): PairingOutcome {
  const count = group.length;
  if (later < 1 || outcome.rematches > 0 || count % 2 === 1 || count > LOOKAHEAD_PLAYERS)
    return outcome;
  const open: OpenPairs = Array.from({ length: count }, (_, i) =>
    Uint8Array.from({ length: count }, (_, j) => (i !== j && met(i, j) === 0 ? 1 : 0)),
  );
  // Each player needs this round's partner and one a later round, all unplayed: else no
  // round can help, and the fallback's fewest rematches stand.
  if (open.some((row) => row.reduce((n, v) => n + v, 0) < later + 1)) return outcome;
  const closeness = (i: number, j: number) =>
    Math.abs(group[i]! - group[j]!) * count + Math.abs(i - j);
  const orders = open.map((_, i) =>
    open
      .map((_, j) => j)
      .filter((j) => j !== i)
      .sort((a, b) => closeness(i, a) - closeness(i, b) || a - b),
  );
  const order = (i: number) => orders[i]!;
  for (const [a, b] of outcome.pairs) open[a]![b] = open[b]![a] = 0;
  const fine = canComplete(open, later, order);
  for (const [a, b] of outcome.pairs) open[a]![b] = open[b]![a] = 1;
  if (fine !== false) return outcome;
  const round = firstRound(open, later + 1, order);
  if (!round) return outcome;
  round.sort((x, y) => x[0] - y[0]);
  return { pairs: round, bye: null, rematches: 0 };
}

/** Top half against bottom half by seed; an odd count's bye to the lowest seed still in. */
function pairFirstRound(
  participants: readonly EngineParticipant[],
  withdrawn: ReadonlySet<number>,
): SwissRound {
  const bySeed = [...participants].sort((a, b) => a.seed - b.seed || a.id - b.id);
  let bye: EngineParticipant | null = null;
  if (bySeed.length % 2 === 1) {
    let i = bySeed.length - 1;
    while (i > 0 && withdrawn.has(bySeed[i]!.id)) i--;
    bye = bySeed.splice(i, 1)[0]!;
  }
  const half = bySeed.length / 2;
  const pairings = bySeed.slice(0, half).map((top, i) => ({
    player1Id: top.id,
    player2Id: bySeed[i + half]!.id,
    rematch: false,
  }));
  return { round: 1, pairings, byeId: bye ? bye.id : null, rematches: 0 };
}

function validateInput(input: SwissRoundInput): void {
  if (input.participants.length < 2) {
    throw new EngineRuleError("a swiss round needs at least 2 participants");
  }
  if (new Set(input.participants.map((p) => p.id)).size !== input.participants.length) {
    throw new EngineRuleError("participant ids must be unique");
  }
  if (!Number.isInteger(input.round) || input.round < 1) {
    throw new EngineRuleError(`round ${input.round} is not a round number (1, 2, ...)`);
  }
}
