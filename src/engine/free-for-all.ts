/**
 * Free for all: matches of up to `max_participants` (default 4), each entry reported
 * with a rank (1 = best, equal ranks allowed) and an advancing flag.
 *
 * Round 1 snake-seeds the field into ceil(n / max) matches (see snakeDistribute).
 * The advancers of a round, ordered by in-match rank and then by seed, are planned
 * the same way into the next round, until a round is a single match and no bye: its
 * ranking is final. No match holds one player: where the tables would leave one alone
 * (an odd field at 2 a match; with 3 or more a match, ceil(n / max) tables always hold
 * 2 or more), one player sits the round out instead, a bye, and advances without a
 * match, as an elimination bye does: the first of the round's order (best seed in
 * round 1, then the next round's order, where a bye counts as rank 1) who is still in
 * and has had no bye in the stage. Final ranks: the last match's players by their rank in it, then everyone
 * who left in the round before, and so on; within the same round of elimination,
 * players are ordered by their in-match rank, equal in-match ranks sharing a
 * competition rank (1, 2, 2, 4).
 */
import { MAX_PARTICIPANTS_WHY, MAX_REPORT_ENTRIES } from "../model/limits.js";
import { EngineRuleError } from "./errors.js";
import { snakeDistribute } from "./groups.js";
import type { RankMap } from "./types.js";

export const MAX_PARTICIPANTS_POINTER = "/data/attributes/free_for_all_options/max_participants";
const MATCH_POINTER = "/data/attributes/match";

export const DEFAULT_MAX_PARTICIPANTS = 4;

/** A planned free-for-all match: participant ids, best seed first. */
export interface FreeForAllMatchPlan {
  /** 1-based within the round. */
  readonly number: number;
  readonly participantIds: readonly number[];
}

export interface FreeForAllEntry {
  readonly participantId: number;
  readonly rank: number;
  readonly advancing: boolean;
}

/** A completed match: its round (1-based) and the reported entries. */
export interface FreeForAllReport {
  readonly round: number;
  readonly entries: readonly FreeForAllEntry[];
}

/** A planned round: its matches, and who sits it out (null: nobody). */
export interface FreeForAllRoundPlan {
  readonly matches: readonly FreeForAllMatchPlan[];
  /** The participant given the round's bye: they advance without a match. */
  readonly byeId: number | null;
}

/** Who may take a round's bye: those who had one, and those removed (still in the field). */
export interface FreeForAllByeRule {
  /** Participants who already sat out a round of the stage. */
  readonly satOut?: ReadonlySet<number>;
  /** Participants removed after the start: given a bye only when everyone else is too. */
  readonly withdrawn?: ReadonlySet<number>;
}

/**
 * Plan one round: `participantIds` in seed order (best first; for later rounds use
 * orderAdvancers) snake-seeded into ceil(n / maxParticipants) matches. When that
 * would leave a match of one player (only at 2 a match, with an odd field), the
 * first of the order still in and without a bye sits the round out instead
 * (`byeId`), and the others are paired.
 */
export function planFreeForAllRound(
  participantIds: readonly number[],
  maxParticipants: number = DEFAULT_MAX_PARTICIPANTS,
  rule: FreeForAllByeRule = {},
): FreeForAllRoundPlan {
  if (!Number.isInteger(maxParticipants) || maxParticipants < 2) {
    throw new EngineRuleError(
      "max_participants must be a whole number of at least 2",
      MAX_PARTICIPANTS_POINTER,
    );
  }
  // A tournament stored before the bound (9 to 64 were taken) is refused at its start.
  if (maxParticipants > MAX_REPORT_ENTRIES) {
    throw new EngineRuleError(
      `max_participants must be between 2 and ${MAX_REPORT_ENTRIES}, not ${maxParticipants}: ${MAX_PARTICIPANTS_WHY}; update it first`,
      MAX_PARTICIPANTS_POINTER,
    );
  }
  if (participantIds.length < 2) {
    throw new EngineRuleError("a free for all round needs at least 2 participants");
  }
  const byeId = leavesOneAlone(participantIds.length, maxParticipants)
    ? byeOf(participantIds, rule)
    : null;
  const playing = byeId === null ? participantIds : participantIds.filter((id) => id !== byeId);
  const matchCount = Math.ceil(playing.length / maxParticipants);
  const matches = snakeDistribute(playing, matchCount).map((ids, index) => ({
    number: index + 1,
    participantIds: ids,
  }));
  return { matches, byeId };
}

/** Whether ceil(n / max) tables of n players, as even as can be, leave one player alone. */
function leavesOneAlone(count: number, maxParticipants: number): boolean {
  return count > maxParticipants && Math.floor(count / Math.ceil(count / maxParticipants)) < 2;
}

/** The round's bye: the first still in without one, else the first still in, else the first. */
function byeOf(participantIds: readonly number[], rule: FreeForAllByeRule): number {
  const satOut = rule.satOut ?? new Set<number>();
  const withdrawn = rule.withdrawn ?? new Set<number>();
  const stillIn = participantIds.filter((id) => !withdrawn.has(id));
  return stillIn.find((id) => !satOut.has(id)) ?? stillIn[0] ?? participantIds[0]!;
}

/**
 * Check a report of one match. `final` is true for the single match of the last
 * round, whose advancing flags are ignored. Elsewhere at least one entry must
 * advance and at least one must not, and no advancing entry may share its rank with
 * a non-advancing one (a tie at the cut) or rank below it.
 */
export function validateFreeForAllReport(
  participantIds: readonly number[],
  entries: readonly FreeForAllEntry[],
  final: boolean,
): void {
  const expected = new Set(participantIds);
  const seen = new Set<number>();
  for (const entry of entries) {
    if (!expected.has(entry.participantId)) {
      throw new EngineRuleError(
        `participant ${entry.participantId} is not in this match (its players: ${participantIds.join(", ")})`,
        MATCH_POINTER,
      );
    }
    if (seen.has(entry.participantId)) {
      throw new EngineRuleError(
        `participant ${entry.participantId} is reported twice`,
        MATCH_POINTER,
      );
    }
    seen.add(entry.participantId);
    if (!Number.isInteger(entry.rank) || entry.rank < 1 || entry.rank > participantIds.length) {
      throw new EngineRuleError(
        `rank ${entry.rank} of participant ${entry.participantId} is not between 1 and ${participantIds.length}`,
        MATCH_POINTER,
      );
    }
  }
  if (seen.size !== expected.size) {
    const missing = participantIds.filter((id) => !seen.has(id));
    throw new EngineRuleError(
      `no rank reported for participant(s) ${missing.join(", ")}`,
      MATCH_POINTER,
    );
  }
  if (!final) validateAdvancingCut(entries);
}

function validateAdvancingCut(entries: readonly FreeForAllEntry[]): void {
  const advancing = entries.filter((entry) => entry.advancing);
  const staying = entries.filter((entry) => !entry.advancing);
  if (advancing.length === 0 || staying.length === 0) {
    throw new EngineRuleError(
      "in a free for all round before the final, some but not all participants must advance",
      MATCH_POINTER,
    );
  }
  const worstAdvancing = Math.max(...advancing.map((entry) => entry.rank));
  const bestStaying = Math.min(...staying.map((entry) => entry.rank));
  if (worstAdvancing === bestStaying) {
    throw new EngineRuleError(
      `rank ${worstAdvancing} is shared across the advancing cut: break the tie before advancing`,
      MATCH_POINTER,
    );
  }
  if (worstAdvancing > bestStaying) {
    throw new EngineRuleError(
      `an advancing participant ranks ${worstAdvancing}, below a non-advancing one (${bestStaying})`,
      MATCH_POINTER,
    );
  }
}

/**
 * The advancers of a round in the order the next round is seeded from: by in-match
 * rank, then by seed (`seedOf`, 1 = best). The round's bye (`byeId`), who advanced
 * without a match, counts as rank 1.
 */
export function orderAdvancers(
  reports: readonly FreeForAllReport[],
  seedOf: (participantId: number) => number,
  byeId: number | null = null,
): number[] {
  const advancers = reports.flatMap((report) => report.entries.filter((entry) => entry.advancing));
  if (byeId !== null) advancers.push({ participantId: byeId, rank: 1, advancing: true });
  return advancers
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        seedOf(a.participantId) - seedOf(b.participantId) ||
        a.participantId - b.participantId,
    )
    .map((entry) => entry.participantId);
}

/**
 * Final ranks once the last round (a single match) is reported: competition ranking
 * over (round left desc, in-match rank asc). Every report of every round is needed.
 */
export function freeForAllFinalRanks(reports: readonly FreeForAllReport[]): RankMap {
  const lastRound = Math.max(...reports.map((report) => report.round));
  const finals = reports.filter((report) => report.round === lastRound);
  if (finals.length !== 1) {
    throw new EngineRuleError(`the last free for all round (${lastRound}) must be a single match`);
  }
  const exits = new Map<number, { round: number; rank: number }>();
  const advanced = new Map<number, number>();
  for (const report of [...reports].sort((a, b) => a.round - b.round)) {
    for (const entry of report.entries) {
      if (report.round === lastRound || !entry.advancing) {
        exits.set(entry.participantId, { round: report.round, rank: entry.rank });
      } else {
        advanced.set(entry.participantId, report.round);
      }
    }
  }
  for (const [id, round] of advanced) {
    if (!exits.has(id)) {
      throw new EngineRuleError(
        `participant ${id} advanced from round ${round} but plays no later match`,
      );
    }
  }
  const ordered = [...exits].sort(([, a], [, b]) => b.round - a.round || a.rank - b.rank);
  const ranks = new Map<number, number>();
  ordered.forEach(([id, exit], index) => {
    const previous = ordered[index - 1];
    const sameAsPrevious =
      previous !== undefined && previous[1].round === exit.round && previous[1].rank === exit.rank;
    ranks.set(id, sameAsPrevious ? ranks.get(previous[0])! : index + 1);
  });
  return ranks;
}
