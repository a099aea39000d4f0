/** Tournament rows. Settings (every option object) are stored as one JSON document. */
import type { TournamentSettings, TournamentState } from "../model/tournament.js";
import type { Db } from "./database.js";
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
  readonly matches_count: number;
  readonly matches_complete: number;
}

export interface TournamentFilter {
  readonly states?: readonly string[];
  readonly type?: string;
  readonly createdAfter?: string;
  readonly createdBefore?: string;
  readonly communityId?: string;
}

export interface NewTournament {
  readonly settings: TournamentSettings;
  readonly communityId: string | null;
  readonly randomSeed: number;
  readonly now: string;
}

type RawRow = Omit<
  TournamentRow,
  "settings" | "stage_data" | "matches_count" | "matches_complete"
> & {
  settings: string;
  stage_data: string | null;
};

const SELECT = "SELECT t.* FROM tournaments t";

export interface MatchCounts {
  readonly total: number;
  readonly complete: number;
}

/**
 * A row as the service sees it. Settings are parsed, and match counts read,
 * on first use: a match report reads its tournament but seldom those.
 */
class StoredTournament implements TournamentRow {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly tournament_type: string;
  readonly state: TournamentState;
  readonly stage_data: StageData | null;
  readonly community_id: string | null;
  readonly random_seed: number;
  readonly check_in_opens_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly started_at: string | null;
  readonly completed_at: string | null;
  readonly participants_count: number;
  #settingsText: string;
  #settings: TournamentSettings | undefined;
  #counts: MatchCounts | undefined;
  readonly #readCounts: () => MatchCounts;

  constructor(raw: RawRow, readCounts: () => MatchCounts) {
    this.id = raw.id;
    this.url = raw.url;
    this.name = raw.name;
    this.tournament_type = raw.tournament_type;
    this.state = raw.state;
    this.stage_data = raw.stage_data === null ? null : (JSON.parse(raw.stage_data) as StageData);
    this.community_id = raw.community_id;
    this.random_seed = raw.random_seed;
    this.check_in_opens_at = raw.check_in_opens_at;
    this.created_at = raw.created_at;
    this.updated_at = raw.updated_at;
    this.started_at = raw.started_at;
    this.completed_at = raw.completed_at;
    this.participants_count = raw.participants_count;
    this.#settingsText = raw.settings;
    this.#readCounts = readCounts;
  }

  get settings(): TournamentSettings {
    this.#settings ??= JSON.parse(this.#settingsText) as TournamentSettings;
    return this.#settings;
  }

  get matches_count(): number {
    this.#counts ??= this.#readCounts();
    return this.#counts.total;
  }

  get matches_complete(): number {
    this.#counts ??= this.#readCounts();
    return this.#counts.complete;
  }
}

/** When check-in opens: starts_at minus check_in_duration minutes; null without check-in. */
export function checkInOpensAt(settings: TournamentSettings): string | null {
  const minutes = settings.registration_options.check_in_duration;
  if (minutes === undefined || settings.starts_at === null) return null;
  return new Date(Date.parse(settings.starts_at) - minutes * 60_000).toISOString();
}

function whereClause(filter: TournamentFilter): { sql: string; params: unknown[] } {
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
  return { sql: clauses.length > 0 ? ` WHERE ${clauses.join(" AND ")}` : "", params };
}

const MAX_HELD_ROWS = 64;

/**
 * Tournament rows. Rows read by id are held in memory until a write through
 * this repository (or `forget`: another connection's commit, a rollback, a
 * participant count changed by the participants table's triggers).
 */
export class TournamentRepository {
  private readonly statements: Statements;
  private columns: string[] | undefined;
  private readonly held = new Map<number, RawRow>();

  /**
   * `heldCounts(id)`: a tournament's match counts from rows held in memory,
   * when they are (else the counts are read with a query).
   */
  constructor(
    db: Db,
    private readonly heldCounts: (id: number) => MatchCounts | undefined = () => undefined,
  ) {
    this.statements = new Statements(db);
  }

  /** Rows come as arrays (cheaper than the driver's objects), named here by column. */
  private readRaw(values: unknown[] | undefined): RawRow | undefined {
    if (values === undefined) return undefined;
    if (this.columns === undefined) {
      const names = this.statements
        .get(SELECT)
        .columns()
        .map((c) => c.name);
      this.columns = names;
    }
    const row: Record<string, unknown> = {};
    const names = this.columns;
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i];
    return row as RawRow;
  }

  private hydrate(raw: RawRow | undefined): TournamentRow | undefined {
    if (raw === undefined) return undefined;
    const counts = this.statements.get(
      "SELECT COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete FROM matches WHERE tournament_id = ? AND active = 1",
    );
    return new StoredTournament(
      raw,
      () => this.heldCounts(raw.id) ?? (counts.get(raw.id) as MatchCounts),
    );
  }

  insert(input: NewTournament): number {
    const s = input.settings;
    const result = this.statements
      .get(
        `INSERT INTO tournaments (url, name, tournament_type, state, settings, community_id, random_seed, check_in_opens_at, created_at, updated_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?)`,
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
      );
    return Number(result.lastInsertRowid);
  }

  /** Drops the rows held in memory (all, or one tournament's). */
  forget(id?: number): void {
    if (id === undefined) this.held.clear();
    else this.held.delete(id);
  }

  findById(id: number): TournamentRow | undefined {
    let raw = this.held.get(id);
    if (raw === undefined) {
      raw = this.readRaw(
        this.statements.get(`${SELECT} WHERE t.id = ?`).raw(true).get(id) as unknown[],
      );
      if (raw === undefined) return undefined;
      if (this.held.size >= MAX_HELD_ROWS) this.held.clear();
      this.held.set(id, raw);
    }
    return this.hydrate(raw);
  }

  findByUrl(url: string): TournamentRow | undefined {
    return this.hydrate(
      this.readRaw(
        this.statements.get(`${SELECT} WHERE t.url = ?`).raw(true).get(url) as unknown[],
      ),
    );
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
      .raw(true)
      .all(...where.params, limit, offset) as unknown[][];
    if (rows.length === 0) return [];
    // The match counts of the whole page in one query, not one per row.
    const raws = rows.map((values) => this.readRaw(values)!);
    const counts = new Map<number, MatchCounts>();
    const grouped = this.statements
      .get(
        `SELECT tournament_id AS id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
         FROM matches WHERE active = 1 AND tournament_id IN (SELECT value FROM json_each(?)) GROUP BY tournament_id`,
      )
      .all(JSON.stringify(raws.map((raw) => raw.id))) as (MatchCounts & { id: number })[];
    for (const c of grouped) counts.set(c.id, c);
    const none: MatchCounts = { total: 0, complete: 0 };
    return raws.map((raw) => new StoredTournament(raw, () => counts.get(raw.id) ?? none));
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
    this.forget(id);
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
    if (opened > 0) this.forget();
    return opened;
  }

  /** abort_checkin: the window stays closed until starts_at or the duration changes. */
  disarmCheckIn(id: number): void {
    this.statements.get("UPDATE tournaments SET check_in_opens_at = NULL WHERE id = ?").run(id);
    this.forget(id);
  }

  touch(id: number, now: string): void {
    this.statements.get("UPDATE tournaments SET updated_at = ? WHERE id = ?").run(now, id);
    this.forget(id);
  }

  /** Moves to `state`; `started` / `completed` set or clear those timestamps when given. */
  setState(
    id: number,
    state: TournamentState,
    now: string,
    stamps: { started?: string | null; completed?: string | null } = {},
  ): void {
    const sets = ["state = ?", "updated_at = ?"];
    const params: unknown[] = [state, now];
    if (stamps.started !== undefined) {
      sets.push("started_at = ?");
      params.push(stamps.started);
    }
    if (stamps.completed !== undefined) {
      sets.push("completed_at = ?");
      params.push(stamps.completed);
    }
    this.statements
      .get(`UPDATE tournaments SET ${sets.join(", ")} WHERE id = ?`)
      .run(...params, id);
    this.forget(id);
  }

  setStageData(id: number, data: StageData | null): void {
    this.statements
      .get("UPDATE tournaments SET stage_data = ? WHERE id = ?")
      .run(data === null ? null : JSON.stringify(data), id);
    this.forget(id);
  }

  setRandomSeed(id: number, seed: number): void {
    this.statements.get("UPDATE tournaments SET random_seed = ? WHERE id = ?").run(seed, id);
    this.forget(id);
  }

  delete(id: number): void {
    this.statements.get("DELETE FROM tournaments WHERE id = ?").run(id);
    this.forget(id);
  }
}
