/**
 * Stored match rows as the engine's values and back: a row as a planned match
 * (its slot sources), as a one-on-one result, as a free-for-all report; a
 * planned match, a swiss pairing or a free-for-all table as a new row. The
 * JSON columns themselves are read and written by store/match-columns.ts.
 */
import {
  type FreeForAllReport,
  type MatchOutcome,
  type MatchResult,
  matchIdentifier,
  type PlannedMatch,
} from "../../engine/index.js";
import {
  blankEntry,
  decodeEntries,
  decodeSets,
  decodeSource,
  encodeEntries,
  encodeSource,
  type StoredSource,
} from "../../store/match-json.js";
import type { MatchResultRow, MatchRow, NewMatch, StageRef } from "../../store/match-rows.js";

export { matchPlayers as playersOf } from "../../store/match-json.js";

/** The planned match a row was stored from (one shape for all: engine/types.ts). */
export function plannedFrom(row: MatchRow): PlannedMatch {
  return {
    key: row.plan_key,
    round: row.round,
    side: row.side as PlannedMatch["side"],
    suggestedPlayOrder: row.suggested_play_order,
    identifier: row.identifier,
    player1: decodeSource(row.player1_source),
    player2: decodeSource(row.player2_source),
    onlyIfLoserWins: row.only_if_loser_wins ?? undefined,
  };
}

/** A complete one-on-one row's result, as standings and swiss pairing read it. */
export function matchResultOf(row: MatchRow): MatchResult {
  return {
    player1Id: row.player1_id!,
    player2Id: row.player2_id!,
    winnerId: row.tie === 1 ? null : row.winner_id,
    sets: decodeSets(row.score_sets),
    round: row.round,
  };
}

/** The winner and loser of a complete elimination row; undefined otherwise. */
export function outcomeOf(row: MatchResultRow | undefined): MatchOutcome | undefined {
  if (row === undefined || row.state !== "complete") return undefined;
  if (row.winner_id === null || row.loser_id === null) return undefined;
  return { winnerId: row.winner_id, loserId: row.loser_id };
}

/** A complete free-for-all row as the engine's report (ranks of an unranked entry read as 0). */
export function freeForAllReportOf(row: MatchRow): FreeForAllReport {
  return {
    round: row.round,
    entries: decodeEntries(row.entries).map((e) => ({
      participantId: e.participantId,
      rank: e.rank ?? 0,
      advancing: e.advancing,
    })),
  };
}

function participantOf(source: StoredSource): number | null {
  return source.type === "participant" ? source.participantId : null;
}

/** The row of a planned match: open when both players are known, the reset inactive. */
export function newMatchFromPlan(ref: StageRef, m: PlannedMatch): NewMatch {
  const player1Id = participantOf(m.player1);
  const player2Id = participantOf(m.player2);
  return {
    stage: ref.stage,
    groupId: ref.groupId,
    key: m.key,
    side: m.side,
    round: m.round,
    identifier: m.identifier,
    suggestedPlayOrder: m.suggestedPlayOrder,
    player1Source: encodeSource(m.player1),
    player2Source: encodeSource(m.player2),
    onlyIfLoserWins: m.onlyIfLoserWins ?? null,
    active: m.onlyIfLoserWins === undefined,
    player1Id,
    player2Id,
    state: player1Id !== null && player2Id !== null ? "open" : "pending",
  };
}

/** Where a match of a stage played round by round (swiss, free for all) sits. */
export interface RoundSlot {
  readonly key: string;
  readonly round: number;
  /** Play order in the stage (1-based): the identifier follows it. */
  readonly order: number;
}

function roundMatch(
  ref: StageRef,
  at: RoundSlot,
  side: string,
  p1: number | null,
  p2: number | null,
): NewMatch {
  // A slot without a player stores participant 0 (no participant has that id).
  const source = (id: number | null) =>
    encodeSource({ type: "participant", participantId: id ?? 0 });
  return {
    stage: ref.stage,
    groupId: ref.groupId,
    key: at.key,
    side,
    round: at.round,
    identifier: matchIdentifier(at.order),
    suggestedPlayOrder: at.order,
    player1Source: source(p1),
    player2Source: source(p2),
    onlyIfLoserWins: null,
    active: true,
    player1Id: p1,
    player2Id: p2,
    state: "open",
  };
}

/** A swiss pairing as an open match (player2 null: nobody). */
export function newSwissMatch(
  ref: StageRef,
  at: RoundSlot,
  p1: number,
  p2: number | null,
): NewMatch {
  return roundMatch(ref, at, "swiss", p1, p2);
}

/** A free-for-all table as an open match: its participants as blank entries. */
export function newFreeForAllMatch(ref: StageRef, at: RoundSlot, ids: readonly number[]): NewMatch {
  return {
    ...roundMatch(ref, at, "free_for_all", null, null),
    entries: encodeEntries(ids.map(blankEntry)),
  };
}
