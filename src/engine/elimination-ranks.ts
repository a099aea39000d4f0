/**
 * Final ranks of a completed elimination stage (single or double).
 *
 * Each participant's place is decided by the last match they played whose
 * outcome sends them nowhere else: a loss that eliminates them, or a win that
 * ends their run (the final, the third-place match, both bracket finals when
 * the grand final is skipped). Places compare as numbers and rank by
 * competition ranking (1, 2, 3, 3, 5, ...):
 * - single elimination: eliminated in round r -> r; final loser -> R, champion
 *   -> top; a placement match (third place and on, placements.ts) places its
 *   players by the places its key names: place p, decided among the losers of
 *   round r = R - j (places 2^j + 1 .. 2^(j+1)), -> r + (2^(j+1) - p) / 2^j, from
 *   r (the last of those places, as a loss in round r) up to below r + 1: third
 *   place -> R - 1/2, fourth -> R - 1. A player whose next placement match a bye
 *   took away keeps the best place left to them (a winner the first place of the
 *   match's range, a loser the first of its lower half);
 * - double elimination: eliminated in losers round -r -> r; grand-final loser
 *   -> last losers round + 1; champion -> top. With the grand final skipped the
 *   winners-bracket winner is first and the losers-bracket winner second.
 */
import { EngineRuleError } from "./errors.js";
import { placesOfKey } from "./placements.js";
import {
  type BracketIndex,
  buildIndex,
  isUnneededReset,
  type ResultLookup,
} from "./progression.js";
import type { PlannedMatch, RankMap } from "./types.js";

const TOP = Number.POSITIVE_INFINITY;

interface Depths {
  readonly winners: number;
  readonly losers: number;
}

/**
 * Competition ranks of every participant of a completed elimination stage, from
 * its planned matches and their results (an unneeded reset has no result).
 * Throws EngineRuleError when a match still needs a result.
 */
export function eliminationRanks(plan: readonly PlannedMatch[], results: ResultLookup): RankMap {
  const index = buildIndex(plan);
  const depths: Depths = {
    winners: Math.max(0, ...plan.filter((m) => m.side === "winners").map((m) => m.round)),
    losers: Math.max(0, ...plan.filter((m) => m.side === "losers").map((m) => -m.round)),
  };
  const places = new Map<number, number>();
  const place = (participantId: number, value: number) => {
    if (places.has(participantId)) {
      throw new EngineRuleError(`participant ${participantId} finishes twice: check the results`);
    }
    places.set(participantId, value);
  };
  for (const match of plan) {
    const outcome = results.get(match.key);
    if (outcome === undefined) {
      if (!isUnneededReset(index, results, match.key)) {
        throw new EngineRuleError(`the stage is not complete: match ${match.key} has no result`);
      }
      continue;
    }
    if (!isForwarded(match.key, "winner", index, results)) {
      place(outcome.winnerId, placeValue(match, true, depths));
    }
    if (!isForwarded(match.key, "loser", index, results)) {
      place(outcome.loserId, placeValue(match, false, depths));
    }
  }
  for (const participantId of participantsOf(plan)) {
    if (!places.has(participantId)) {
      throw new EngineRuleError(
        `the stage is not complete: participant ${participantId} is still in`,
      );
    }
  }
  return competitionRanks(places);
}

/** Whether the winner (or loser) of `key` plays on: it feeds a match that is played. */
function isForwarded(
  key: string,
  takes: "winner" | "loser",
  index: BracketIndex,
  results: ResultLookup,
): boolean {
  return (index.feeds.get(key) ?? []).some((feed) => {
    if (feed.takes !== takes) return false;
    const target = index.matches.get(feed.match);
    return target?.onlyIfLoserWins === undefined || results.get(feed.match) !== undefined;
  });
}

function placeValue(match: PlannedMatch, won: boolean, depths: Depths): number {
  switch (match.side) {
    case "winners":
      return won ? TOP : match.round;
    case "losers":
      return won ? depths.losers + 1 : -match.round;
    case "grand_final":
      return won ? TOP : depths.losers + 1;
    case "third_place":
    case "placement":
      return placementValue(match.key, won, depths.winners);
    default:
      throw new EngineRuleError(`${match.side} matches are not ranked as an elimination stage`);
  }
}

/** The place value of a placement match's winner or (not playing on) loser. */
function placementValue(key: string, won: boolean, finalRound: number): number {
  const places = placesOfKey(key);
  if (places === undefined) throw new EngineRuleError(`placement match ${key} names no places`);
  const place = won ? places.first : places.first + (places.last - places.first + 1) / 2;
  const level = Math.floor(Math.log2(place - 1));
  return finalRound - level + (2 ** (level + 1) - place) / 2 ** level;
}

function participantsOf(plan: readonly PlannedMatch[]): Set<number> {
  const ids = new Set<number>();
  for (const match of plan) {
    for (const source of [match.player1, match.player2]) {
      if (source.type === "participant") ids.add(source.participantId);
    }
  }
  return ids;
}

/** Competition ranking, higher values first: 1 + the number of strictly higher values. */
function competitionRanks(values: ReadonlyMap<number, number>): RankMap {
  const sorted = [...values].sort((a, b) => b[1] - a[1]);
  const ranks = new Map<number, number>();
  sorted.forEach(([participantId, value], position) => {
    const previous = sorted[position - 1];
    const rank =
      previous !== undefined && previous[1] === value ? ranks.get(previous[0])! : position + 1;
    ranks.set(participantId, rank);
  });
  return ranks;
}
