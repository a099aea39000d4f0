/** Tournament rows. Settings (every option object) are stored as one JSON document. */

import type { TournamentSettings, TournamentState } from "../model/tournament.js";
import { OWNER_ID } from "./credentials.js";
import type { Db } from "./database.js";
import { type StateStamps, stateChange } from "./state-change.js";
import { Statements } from "./statements.js";

export interface StageData {
  /** Final-stage seeding (participant ids, best first) fixed when the group stage is finalized. */
  readonly final_stage_seeds?: readonly number[];
}

export interface TournamentRow {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly tournament_type: string;
  readonly state: TournamentState;
  readonly settings: TournamentSettings;
  readonly stage_data: StageData | null;
  readonly community_id: string | null;
  readonly random_seed: number;
  /** When check-in opens; null without check-in, or once it was aborted. */
  readonly check_in_opens_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly started_at: string | null;
  readonly completed_at: string | null;
  readonly participants_count: number;
  /** The account that owns it (users-repository.ts; null only for a row no insert here made). */
  readonly owner_id: number | null;
}

export interface TournamentFilter {
  readonly states?: readonly string[];
  readonly type?: string;
  readonly createdAfter?: string;
  readonly createdBefore?: string;
  readonly communityId?: string;
  /** Only the tournaments this account may read: its own, and other accounts' public ones. */
  readonly visibleTo?: number;
}

export interface NewTournament {
  readonly settings: TournamentSettings;
  readonly communityId: string | null;
  readonly randomSeed: number;
  readonly now: string;
  /** The owning account; default the owner (credentials.ts OWNER_ID). */
  readonly ownerId?: number;
}

type RawRow = Omit<TournamentRow, "settings" | "stage_data"> & {
  settings: string;
  stage_data: string | null;
};

const SELECT = "SELECT t.* FROM tournaments t";

/** A stored row as plain data: settings and stage data parsed (a new object each read). */
function rowOf(raw: RawRow): TournamentRow {
  return {
    ...raw,
    settings: JSON.parse(raw.settings) as TournamentSettings,
    stage_data: raw.stage_data === null ? null : (JSON.parse(raw.stage_data) as StageData),
  };
}

/** When check-in opens: starts_at minus check_in_duration minutes; null without check-in. */
export function checkInOpensAt(settings: TournamentSettings): string | null {
  const minutes = settings.registration_options.check_in_duration;
  // A start cleared before issue 24 (item 6) was stored as no starts_at at all.
  const starts = settings.starts_at == null ? Number.NaN : Date.parse(settings.starts_at);
  if (minutes === undefined || Number.isNaN(starts)) return null;
  return new Date(starts - minutes * 60_000).toISOString();
}

export function whereClause(filter: TournamentFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.states && filter.states.length > 0) {
    clauses.push(`t.state IN (${filter.states.map(() => "?").join(",")})`);
    params.push(...filter.states);
  }
  if (filter.type !== undefined) {
    clauses.push("t.tournament_type = ?");
    params.push(filter.type);
  }
  if (filter.createdAfter !== undefined) {
    clauses.push("t.created_at > ?");
    params.push(filter.createdAfter);
  }
  if (filter.createdBefore !== undefined) {
    clauses.push("t.created_at < ?");
    params.push(filter.createdBefore);
  }
  if (filter.communityId !== undefined) {
    clauses.push("t.community_id = ?");
    params.push(filter.communityId);
  }
  if (filter.visibleTo !== undefined) {
    clauses.push("(t.owner_id = ? OR json_extract(t.settings, '$.private') = 0)");
    params.push(filter.visibleTo);
  }
  return { sql: clauses.length > 0 ? ` WHERE ${clauses.join(" AND ")}` : "", params };
}

/**
 * Tournament rows, each read a query (the cache in front of it:
 * store/cache/store-cache.ts). Match counts are the match store's
 * (`MatchStore.counts`); the participant count is kept by triggers.
 */
export class TournamentRepository {
  private readonly statements: Statements;

  constructor(db: Db) {
    this.statements = new Statements(db);
  }

  private one(sql: string, param: unknown): TournamentRow | undefined {
    const raw = this.statements.get(sql).get(param) as RawRow | undefined;
    return raw === undefined ? undefined : rowOf(raw);
  }

  insert(input: NewTournament): number {
    const s = input.settings;
    const result = this.statements
      .get(
        `INSERT INTO tournaments (url, name, tournament_type, state, settings, community_id, random_seed, check_in_opens_at, created_at, updated_at, owner_id)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        s.url,
        s.name,
        s.tournament_type,
        JSON.stringify(s),
        input.communityId,
        input.randomSeed,
        checkInOpensAt(s),
        input.now,
        input.now,
        input.ownerId ?? OWNER_ID,
      );
    return Number(result.lastInsertRowid);
  }

  findById(id: number): TournamentRow | undefined {
    return this.one(`${SELECT} WHERE t.id = ?`, id);
  }

  findByUrl(url: string): TournamentRow | undefined {
    return this.one(`${SELECT} WHERE t.url = ?`, url);
  }

  urlTaken(url: string, exceptId?: number): boolean {
    const row = this.statements.get("SELECT id FROM tournaments WHERE url = ?").get(url) as
      | { id: number }
      | undefined;
    return row !== undefined && row.id !== exceptId;
  }

  count(filter: TournamentFilter): number {
    const where = whereClause(filter);
    const row = this.statements
      .get(`SELECT COUNT(*) AS n FROM tournaments t${where.sql}`)
      .get(...where.params) as { n: number };
    return row.n;
  }

  list(filter: TournamentFilter, limit: number, offset: number): TournamentRow[] {
    const where = whereClause(filter);
    const rows = this.statements
      .get(`${SELECT}${where.sql} ORDER BY t.id LIMIT ? OFFSET ?`)
      .all(...where.params, limit, offset) as RawRow[];
    return rows.map(rowOf);
  }

  /** Check-in is re-armed (after an abort) only when starts_at or check_in_duration change. */
  updateSettings(id: number, settings: TournamentSettings, now: string): void {
    const before = this.findById(id);
    const opens = checkInOpensAt(settings);
    const sameWindow = before !== undefined && checkInOpensAt(before.settings) === opens;
    this.statements
      .get(
        "UPDATE tournaments SET url = ?, name = ?, tournament_type = ?, settings = ?, check_in_opens_at = ?, updated_at = ? WHERE id = ?",
      )
      .run(
        settings.url,
        settings.name,
        settings.tournament_type,
        JSON.stringify(settings),
        sameWindow ? before.check_in_opens_at : opens,
        now,
        id,
      );
  }

  /** Whether a pending tournament's check-in window has opened (a read: lists write only when one has). */
  anyCheckInDue(now: string): boolean {
    return (
      this.statements
        .get("SELECT 1 FROM tournaments WHERE state = 'pending' AND check_in_opens_at <= ? LIMIT 1")
        .get(now) !== undefined
    );
  }

  /** Pending tournaments whose check-in window has opened move to checking_in. */
  openDueCheckIns(now: string): number {
    const opened = this.statements
      .get(
        "UPDATE tournaments SET state = 'checking_in', updated_at = ? WHERE state = 'pending' AND check_in_opens_at <= ?",
      )
      .run(now, now).changes;
    return opened;
  }

  /** abort_checkin: the window stays closed until starts_at or the duration changes. */
  disarmCheckIn(id: number): void {
    this.statements.get("UPDATE tournaments SET check_in_opens_at = NULL WHERE id = ?").run(id);
  }

  touch(id: number, now: string): void {
    this.statements.get("UPDATE tournaments SET updated_at = ? WHERE id = ?").run(now, id);
  }

  /** Moves to `state`; `started` / `completed` set or clear those timestamps when given. */
  setState(id: number, state: TournamentState, now: string, stamps: StateStamps = {}): void {
    const change = stateChange(state, now, stamps);
    this.statements
      .get(`UPDATE tournaments SET ${change.sets} WHERE id = ?`)
      .run(...change.params, id);
  }

  setStageData(id: number, data: StageData | null): void {
    this.statements
      .get("UPDATE tournaments SET stage_data = ? WHERE id = ?")
      .run(data === null ? null : JSON.stringify(data), id);
  }

  setRandomSeed(id: number, seed: number): void {
    this.statements.get("UPDATE tournaments SET random_seed = ? WHERE id = ?").run(seed, id);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM tournaments WHERE id = ?").run(id);
  }
}
