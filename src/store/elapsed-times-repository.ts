/** Elapsed times: one per participant per started round (time in milliseconds, points, rank). */
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface ElapsedTimeRow {
  readonly id: number;
  readonly race_id: number;
  readonly round_id: number;
  readonly participant_id: number;
  /** Milliseconds; null: no time (not in yet, or did not finish). */
  readonly elapsed_ms: number | null;
  readonly points: number | null;
  readonly rank: number | null;
  /** 1 when the client set the points (or rank): a finalize keeps them. */
  readonly points_given: number;
  readonly rank_given: number;
  readonly created_at: string;
  readonly updated_at: string;
}

/** What a client sets on one elapsed time; undefined leaves the column as it is. */
export interface ElapsedTimeChanges {
  readonly elapsed_ms?: number | null;
  readonly points?: number | null;
  readonly rank?: number | null;
}

/** A round's computed results: ranks, and points when finalized. */
export interface ElapsedTimeResult {
  readonly id: number;
  readonly rank: number | null;
  readonly points: number | null;
}

const ORDER = "ORDER BY rank IS NULL, rank, elapsed_ms IS NULL, elapsed_ms, id";

export class ElapsedTimeRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  /** A round's times, best first (ranked, then timed, then the rest). */
  listByRound(roundId: number, limit = -1, offset = 0): ElapsedTimeRow[] {
    return this.statements
      .get(`SELECT * FROM elapsed_times WHERE round_id = ? ${ORDER} LIMIT ? OFFSET ?`)
      .all(roundId, limit, offset) as ElapsedTimeRow[];
  }

  countByRound(roundId: number): number {
    return this.statements
      .get("SELECT COUNT(*) FROM elapsed_times WHERE round_id = ?")
      .pluck()
      .get(roundId) as number;
  }

  /** Every time of the race (standings). */
  listByRace(raceId: number): ElapsedTimeRow[] {
    return this.statements
      .get("SELECT * FROM elapsed_times WHERE race_id = ? ORDER BY round_id, id")
      .all(raceId) as ElapsedTimeRow[];
  }

  find(id: number): ElapsedTimeRow | undefined {
    return this.statements.get("SELECT * FROM elapsed_times WHERE id = ?").get(id) as
      | ElapsedTimeRow
      | undefined;
  }

  /** Whether any time of the round is in. */
  anyTime(roundId: number): boolean {
    return (
      this.statements
        .get(
          "SELECT EXISTS (SELECT 1 FROM elapsed_times WHERE round_id = ? AND elapsed_ms IS NOT NULL)",
        )
        .pluck()
        .get(roundId) === 1
    );
  }

  /** One empty time per participant, made when the round starts. */
  insertForRound(raceId: number, roundId: number, participantIds: readonly number[], now: string) {
    const insert = this.statements.get(
      "INSERT INTO elapsed_times (race_id, round_id, participant_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const id of participantIds) insert.run(raceId, roundId, id, now, now);
  }

  /** Sets what the client gave; a value given (not null) is marked as the client's. */
  update(id: number, changes: ElapsedTimeChanges, now: string): void {
    const sets: string[] = [];
    const params: unknown[] = [];
    if (changes.elapsed_ms !== undefined) {
      sets.push("elapsed_ms = ?");
      params.push(changes.elapsed_ms);
    }
    for (const column of ["points", "rank"] as const) {
      const value = changes[column];
      if (value === undefined) continue;
      sets.push(`${column} = ?`, `${column}_given = ?`);
      params.push(value, value === null ? 0 : 1);
    }
    sets.push("updated_at = ?");
    params.push(now, id);
    this.statements.get(`UPDATE elapsed_times SET ${sets.join(", ")} WHERE id = ?`).run(...params);
  }

  /** Writes computed ranks and points (the client's own are not passed here). */
  setResults(results: readonly ElapsedTimeResult[], now: string): void {
    const statement = this.statements.get(
      "UPDATE elapsed_times SET rank = ?, points = ?, updated_at = ? WHERE id = ?",
    );
    for (const r of results) statement.run(r.rank, r.points, now, r.id);
  }

  deleteByRound(roundId: number): void {
    this.statements.get("DELETE FROM elapsed_times WHERE round_id = ?").run(roundId);
  }

  deleteByRace(raceId: number): void {
    this.statements.get("DELETE FROM elapsed_times WHERE race_id = ?").run(raceId);
  }
}
