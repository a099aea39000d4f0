/**
 * The writes of stored matches the bracket rules make, each as the columns it
 * changes: one definition for the plain store and the cached one, which differ
 * only in `update` (the cache also applies the changes to the rows it holds).
 */
import type {
  MatchChanges,
  MatchResultUpdate,
  MatchRow,
  MatchState,
  StageRef,
} from "./match-rows.js";

export abstract class MatchWrites {
  abstract update(id: number, changes: MatchChanges, now: string): void;
  abstract findByKey(ref: StageRef, key: string): MatchRow | undefined;

  /** A result: a complete match is no longer underway; scores alone leave underway_at as it is. */
  setResult(id: number, result: MatchResultUpdate, now: string): void {
    const changes: MatchChanges = {
      state: result.state,
      winner_id: result.winnerId,
      loser_id: result.loserId,
      tie: result.tie ? 1 : 0,
      score_sets: result.scoreSets,
      entries: result.entries,
      completed_at: result.completedAt,
    };
    this.update(id, result.state === "complete" ? { ...changes, underway_at: null } : changes, now);
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
    if (row === undefined) return;
    const player: MatchChanges =
      slot === "player1" ? { player1_id: participantId } : { player2_id: participantId };
    this.update(row.id, state === undefined ? player : { ...player, state, active: 1 }, now);
  }

  setState(ref: StageRef, key: string, state: MatchState, active: boolean, now: string): void {
    const row = this.findByKey(ref, key);
    if (row !== undefined) this.update(row.id, { state, active: active ? 1 : 0 }, now);
  }

  setUnderway(id: number, at: string | null, now: string): void {
    this.update(id, { underway_at: at }, now);
  }

  setEntries(id: number, entries: string, now: string): void {
    this.update(id, { entries }, now);
  }
}
