/**
 * Stations of a tournament and the queue of matches waiting for each. Plain:
 * a tournament has a handful of stations, read by index. A queuer's position
 * is its place in `sort_order` (1-based), worked out on read.
 */
import type { Db } from "./database.js";
import { Statements } from "./statements.js";

export interface StationRow {
  readonly id: number;
  readonly tournament_id: number;
  readonly name: string;
  readonly stream_url: string | null;
  readonly details: string | null;
  readonly match_id: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface QueuerRow {
  readonly id: number;
  readonly station_id: number;
  readonly match_id: number;
  /** 1-based place in its station's queue. */
  readonly position: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface StationFields {
  readonly name?: string;
  readonly stream_url?: string | null;
  readonly details?: string | null;
}

const STATION = "SELECT * FROM stations";
const QUEUER = `SELECT id, station_id, match_id, created_at, updated_at,
  ROW_NUMBER() OVER (PARTITION BY station_id ORDER BY sort_order, id) AS position
  FROM station_queuers`;

export class StationRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  private all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statements.get(sql).all(...params) as T[];
  }

  count(tournamentId: number): number {
    return this.statements
      .get("SELECT COUNT(*) FROM stations WHERE tournament_id = ?")
      .pluck()
      .get(tournamentId) as number;
  }

  /** Whether the tournament has any station (most have none: their matches skip station work). */
  any(tournamentId: number): boolean {
    return (
      this.statements
        .get("SELECT EXISTS (SELECT 1 FROM stations WHERE tournament_id = ?)")
        .pluck()
        .get(tournamentId) === 1
    );
  }

  list(tournamentId: number, limit = -1, offset = 0): StationRow[] {
    return this.all(
      `${STATION} WHERE tournament_id = ? ORDER BY id LIMIT ? OFFSET ?`,
      tournamentId,
      limit,
      offset,
    );
  }

  find(tournamentId: number, id: number): StationRow | undefined {
    return this.all<StationRow>(
      `${STATION} WHERE tournament_id = ? AND id = ?`,
      tournamentId,
      id,
    )[0];
  }

  /** The station holding `matchId`, if any. */
  holding(matchId: number): StationRow | undefined {
    return this.all<StationRow>(`${STATION} WHERE match_id = ?`, matchId)[0];
  }

  insert(tournamentId: number, fields: Required<StationFields>, now: string): number {
    const result = this.statements
      .get(
        `INSERT INTO stations (tournament_id, name, stream_url, details, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(tournamentId, fields.name, fields.stream_url, fields.details, now, now);
    return Number(result.lastInsertRowid);
  }

  update(id: number, fields: StationFields, now: string): void {
    for (const key of ["name", "stream_url", "details"] as const) {
      if (fields[key] === undefined) continue;
      this.statements
        .get(`UPDATE stations SET ${key} = ?, updated_at = ? WHERE id = ?`)
        .run(fields[key], now, id);
    }
  }

  setMatch(id: number, matchId: number | null, now: string): void {
    this.statements
      .get("UPDATE stations SET match_id = ?, updated_at = ? WHERE id = ?")
      .run(matchId, now, id);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM stations WHERE id = ?").run(id);
  }

  /** Every queuer of the tournament's stations, each queue in order. */
  queuersOf(tournamentId: number): QueuerRow[] {
    return this.all(
      `SELECT q.* FROM (${QUEUER}) q JOIN stations s ON s.id = q.station_id
       WHERE s.tournament_id = ? ORDER BY q.station_id, q.position`,
      tournamentId,
    );
  }

  queue(stationId: number): QueuerRow[] {
    return this.all(`SELECT * FROM (${QUEUER} WHERE station_id = ?) ORDER BY position`, stationId);
  }

  /** The queuer of `matchId`, at whichever station. */
  queuerOfMatch(matchId: number): QueuerRow | undefined {
    return this.all<QueuerRow>(
      `SELECT * FROM (${QUEUER} WHERE station_id = (SELECT station_id FROM station_queuers WHERE match_id = ?)) WHERE match_id = ?`,
      matchId,
      matchId,
    )[0];
  }

  /** Adds `matchId` at the end of the station's queue. */
  insertQueuer(stationId: number, matchId: number, now: string): number {
    const result = this.statements
      .get(
        `INSERT INTO station_queuers (station_id, match_id, sort_order, created_at, updated_at)
         VALUES (?, ?, (SELECT IFNULL(MAX(sort_order), 0) + 1 FROM station_queuers WHERE station_id = ?), ?, ?)`,
      )
      .run(stationId, matchId, stationId, now, now);
    return Number(result.lastInsertRowid);
  }

  /** Writes a station's queue order: `ids` first to last (every queuer of the station). */
  reorder(ids: readonly number[], now: string, touched?: number): void {
    const set = this.statements.get("UPDATE station_queuers SET sort_order = ? WHERE id = ?");
    for (const [i, id] of ids.entries()) set.run(i + 1, id);
    if (touched !== undefined)
      this.statements
        .get("UPDATE station_queuers SET updated_at = ? WHERE id = ?")
        .run(now, touched);
  }

  deleteQueuer(id: number): void {
    this.statements.get("DELETE FROM station_queuers WHERE id = ?").run(id);
  }
}
