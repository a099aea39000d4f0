/**
 * The writes of stored matches the bracket rules make, each a kind of write
 * (the columns it sets) with its values: one definition for the plain store
 * and the cached one, which differ only in `write` (the cache also applies
 * the values to the row it holds).
 */
import type {
  MatchChanges,
  MatchResultUpdate,
  MatchRow,
  MatchState,
  StageRef,
} from "./match-rows.js";

/** A kind of write: the columns it sets (then updated_at), and its statement. */
export interface WriteKind {
  readonly columns: readonly (keyof MatchChanges)[];
  readonly sql: string;
}

/**
 * `OR FAIL` (issue 27, a report's CPU): an UPDATE of matches fires the tournament's
 * revision trigger (migration-revisions.ts), which makes it a statement that writes twice
 * and may abort, and SQLite then copies each page it changes into a statement journal
 * first, to undo the statement alone. A write here changes one row by id, and every
 * write runs inside a transaction that a failure rolls back whole (service.write), so
 * FAIL (keep what the statement wrote, stop) is the same outcome without the journal.
 * The conflict clause also governs the trigger's UPDATE. The three UPDATEs of a
 * report, alone in a loop on a started 1,024-player double elimination in memory:
 * 8.29 -> 7.02 us a transaction (median of 9 rounds; 5.75 with no trigger at all).
 */
export function writeKind(...columns: (keyof MatchChanges)[]): WriteKind {
  const sets = columns.map((c) => `${c} = ?, `).join("");
  // growth_room (match-columns.ts GROWTH_ROOM_BYTES): the row grows into the room it had.
  // version (migration-match-versions.ts): how readers of revisions tell the row changed.
  const sql = `UPDATE OR FAIL matches SET ${sets}version = version + 1, growth_room = NULL, updated_at = ? WHERE id = ?`;
  return { columns, sql };
}

// The kinds of the writes below, made once (a write per kind and call costs
// about 10 % of a 1,024-player double elimination: bench/engine.mjs).
const RESULT = ["state", "winner_id", "loser_id", "tie", "score_sets", "entries"] as const;
const COMPLETE = writeKind(...RESULT, "completed_at", "underway_at");
const SCORES = writeKind(...RESULT, "completed_at");
const PLAYER = { player1: writeKind("player1_id"), player2: writeKind("player2_id") };
const PLAYER_OPENED = {
  player1: writeKind("player1_id", "state", "active"),
  player2: writeKind("player2_id", "state", "active"),
};
const STATE = writeKind("state", "active");
const UNDERWAY = writeKind("underway_at");
const ENTRIES = writeKind("entries");

export abstract class MatchWrites {
  /**
   * Writes to match `id` the statement's parameters `params`: one value per column of
   * `kind`, then `now` (updated_at) and `id`, the array the statement is run with as it
   * is (issue 27: `run(...values, now, id)` copied it again, twice a report and more).
   */
  abstract write(kind: WriteKind, id: number, params: readonly unknown[], now: string): void;
  abstract findByKey(ref: StageRef, key: string): MatchRow | undefined;

  private readonly kinds = new Map<string, WriteKind>();

  /** Writes `changes` and updated_at to match `id`. */
  update(id: number, changes: MatchChanges, now: string): void {
    const columns = Object.keys(changes) as (keyof MatchChanges)[];
    let kind = this.kinds.get(columns.join());
    if (kind === undefined) {
      kind = writeKind(...columns);
      this.kinds.set(columns.join(), kind);
    }
    this.write(kind, id, [...Object.values(changes), now, id], now);
  }

  /** A result: a complete match is no longer underway; scores alone leave underway_at as it is. */
  setResult(id: number, r: MatchResultUpdate, now: string): void {
    const tie = r.tie ? 1 : 0;
    if (r.state === "complete")
      this.write(
        COMPLETE,
        id,
        [r.state, r.winnerId, r.loserId, tie, r.scoreSets, r.entries, r.completedAt, null, now, id],
        now,
      );
    else
      this.write(
        SCORES,
        id,
        [r.state, r.winnerId, r.loserId, tie, r.scoreSets, r.entries, r.completedAt, now, id],
        now,
      );
  }

  /**
   * Puts a participant (or nobody) in a slot of a stage's match; with `state`,
   * also sets the match's state and makes it active, in the same statement.
   */
  setSlot(
    ref: StageRef,
    key: string,
    slot: "player1" | "player2",
    participantId: number | null,
    now: string,
    state?: MatchState,
  ): void {
    const row = this.findByKey(ref, key);
    if (row !== undefined) this.setSlotOf(row.id, slot, participantId, now, state);
  }

  /** `setSlot` of the row `id` (a caller that has the row: no lookup by key). */
  setSlotOf(
    id: number,
    slot: "player1" | "player2",
    participantId: number | null,
    now: string,
    state?: MatchState,
  ): void {
    if (state === undefined) this.write(PLAYER[slot], id, [participantId, now, id], now);
    else this.write(PLAYER_OPENED[slot], id, [participantId, state, 1, now, id], now);
  }

  setState(ref: StageRef, key: string, state: MatchState, active: boolean, now: string): void {
    const row = this.findByKey(ref, key);
    if (row !== undefined) this.setStateOf(row.id, state, active, now);
  }

  /** `setState` of the row `id`. */
  setStateOf(id: number, state: MatchState, active: boolean, now: string): void {
    this.write(STATE, id, [state, active ? 1 : 0, now, id], now);
  }

  setUnderway(id: number, at: string | null, now: string): void {
    this.write(UNDERWAY, id, [at, now, id], now);
  }

  setEntries(id: number, entries: string, now: string): void {
    this.write(ENTRIES, id, [entries, now, id], now);
  }
}
