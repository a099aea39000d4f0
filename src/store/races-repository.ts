/** Race rows. Settings (every attribute of the request) are stored as one JSON document. */

import type { RaceSettings, RaceState } from "../model/race.js";
import { OWNER_ID } from "./credentials.js";
import type { Db } from "./database.js";
import { type StateStamps, stateChange } from "./state-change.js";
import { Statements } from "./statements.js";

export interface RaceRow {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly race_type: string;
  readonly state: RaceState;
  readonly settings: RaceSettings;
  /** Kept by triggers on race_participants. */
  readonly participants_count: number;
  readonly random_seed: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly started_at: string | null;
  readonly completed_at: string | null;
  /** The account that owns it (users-repository.ts; null only for a row no insert here made). */
  readonly owner_id: number | null;
}

type RawRow = Omit<RaceRow, "settings"> & { settings: string };

/** A race an account may read: its own, or another's public one. */
const VISIBLE = "(owner_id = ? OR json_extract(settings, '$.private') = 0)";

/** The one row mapping: settings parsed (a new object each read). */
function rowOf(raw: RawRow): RaceRow {
  return { ...raw, settings: JSON.parse(raw.settings) as RaceSettings };
}

/**
 * Race rows, each read a query: the store's cache holds tournaments and
 * matches only (store.ts).
 */
export class RaceRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  private one(sql: string, param: unknown): RaceRow | undefined {
    const raw = this.statements.get(sql).get(param) as RawRow | undefined;
    return raw === undefined ? undefined : rowOf(raw);
  }

  insert(settings: RaceSettings, randomSeed: number, now: string, ownerId = OWNER_ID): number {
    const result = this.statements
      .get(
        `INSERT INTO races (url, name, race_type, state, settings, random_seed, created_at, updated_at, owner_id)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
      )
      .run(
        settings.url,
        settings.name,
        settings.raceType,
        JSON.stringify(settings),
        randomSeed,
        now,
        now,
        ownerId,
      );
    return Number(result.lastInsertRowid);
  }

  findById(id: number): RaceRow | undefined {
    return this.one("SELECT * FROM races WHERE id = ?", id);
  }

  findByUrl(url: string): RaceRow | undefined {
    return this.one("SELECT * FROM races WHERE url = ?", url);
  }

  urlTaken(url: string, exceptId?: number): boolean {
    const row = this.statements.get("SELECT id FROM races WHERE url = ?").get(url) as
      | { id: number }
      | undefined;
    return row !== undefined && row.id !== exceptId;
  }

  /** `visibleTo`: only the races this account may read (its own, others' public ones). */
  count(visibleTo?: number): number {
    if (visibleTo === undefined)
      return this.statements.get("SELECT COUNT(*) FROM races").pluck().get() as number;
    return this.statements
      .get(`SELECT COUNT(*) FROM races WHERE ${VISIBLE}`)
      .pluck()
      .get(visibleTo) as number;
  }

  list(limit: number, offset: number, visibleTo?: number): RaceRow[] {
    const rows = (
      visibleTo === undefined
        ? this.statements.get("SELECT * FROM races ORDER BY id LIMIT ? OFFSET ?").all(limit, offset)
        : this.statements
            .get(`SELECT * FROM races WHERE ${VISIBLE} ORDER BY id LIMIT ? OFFSET ?`)
            .all(visibleTo, limit, offset)
    ) as RawRow[];
    return rows.map(rowOf);
  }

  updateSettings(id: number, settings: RaceSettings, now: string): void {
    this.statements
      .get(
        "UPDATE races SET url = ?, name = ?, race_type = ?, settings = ?, updated_at = ? WHERE id = ?",
      )
      .run(settings.url, settings.name, settings.raceType, JSON.stringify(settings), now, id);
  }

  /** Moves to `state`; `started` / `completed` set or clear those timestamps when given. */
  setState(id: number, state: RaceState, now: string, stamps: StateStamps = {}): void {
    const change = stateChange(state, now, stamps);
    this.statements.get(`UPDATE races SET ${change.sets} WHERE id = ?`).run(...change.params, id);
  }

  touch(id: number, now: string): void {
    this.statements.get("UPDATE races SET updated_at = ? WHERE id = ?").run(now, id);
  }

  setRandomSeed(id: number, seed: number): void {
    this.statements.get("UPDATE races SET random_seed = ? WHERE id = ?").run(seed, id);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM races WHERE id = ?").run(id);
  }
}
