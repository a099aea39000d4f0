/** Rounds of a race: numbered 1..n, made with the race and kept in step with its settings. */
import type { RoundState } from "../model/race.js";
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface RoundRow {
  readonly id: number;
  readonly race_id: number;
  readonly number: number;
  readonly state: RoundState;
  readonly created_at: string;
  readonly updated_at: string;
  readonly started_at: string | null;
  readonly completed_at: string | null;
}

export class RoundRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  list(raceId: number, limit = -1, offset = 0): RoundRow[] {
    return this.statements
      .get("SELECT * FROM race_rounds WHERE race_id = ? ORDER BY number LIMIT ? OFFSET ?")
      .all(raceId, limit, offset) as RoundRow[];
  }

  count(raceId: number): number {
    return this.statements
      .get("SELECT COUNT(*) FROM race_rounds WHERE race_id = ?")
      .pluck()
      .get(raceId) as number;
  }

  /** How many rounds each race of `raceIds` has (one query for a page of races). */
  counts(raceIds: readonly number[]): Map<number, number> {
    const rows = this.statements
      .get(
        "SELECT race_id, COUNT(*) FROM race_rounds WHERE race_id IN (SELECT value FROM json_each(?)) GROUP BY race_id",
      )
      .raw(true)
      .all(JSON.stringify(raceIds)) as [number, number][];
    return new Map(rows);
  }

  find(raceId: number, number: number): RoundRow | undefined {
    return this.statements
      .get("SELECT * FROM race_rounds WHERE race_id = ? AND number = ?")
      .get(raceId, number) as RoundRow | undefined;
  }

  /** The rounds of a pending race, all pending, replaced by `count` new ones. */
  replace(raceId: number, count: number, now: string): void {
    this.statements.get("DELETE FROM race_rounds WHERE race_id = ?").run(raceId);
    const insert = this.statements.get(
      "INSERT INTO race_rounds (race_id, number, created_at, updated_at) VALUES (?, ?, ?, ?)",
    );
    for (let number = 1; number <= count; number++) insert.run(raceId, number, now, now);
  }

  /** Moves a round to `state` with these timestamps. */
  setState(
    id: number,
    state: RoundState,
    stamps: { readonly started: string | null; readonly completed: string | null },
    now: string,
  ): void {
    this.statements
      .get(
        "UPDATE race_rounds SET state = ?, started_at = ?, completed_at = ?, updated_at = ? WHERE id = ?",
      )
      .run(state, stamps.started, stamps.completed, now, id);
  }

  /** Every round of the race back to pending (the race's reset). */
  resetAll(raceId: number, now: string): void {
    this.statements
      .get(
        "UPDATE race_rounds SET state = 'pending', started_at = NULL, completed_at = NULL, updated_at = ? WHERE race_id = ?",
      )
      .run(now, raceId);
  }
}
