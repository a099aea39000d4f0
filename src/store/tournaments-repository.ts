/** Tournament rows. Settings (every option object) are stored as one JSON document. */
import type { TournamentSettings, TournamentState } from "../model/tournament.js";
import type { Db } from "./database.js";

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

type RawRow = Omit<TournamentRow, "settings" | "stage_data"> & {
  settings: string;
  stage_data: string | null;
};

const SELECT = `SELECT t.*,
  (SELECT COUNT(*) FROM participants p WHERE p.tournament_id = t.id) AS participants_count,
  (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id AND m.active = 1) AS matches_count,
  (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id AND m.active = 1 AND m.state = 'complete') AS matches_complete
  FROM tournaments t`;

function hydrate(raw: RawRow | undefined): TournamentRow | undefined {
  if (raw === undefined) return undefined;
  return {
    ...raw,
    settings: JSON.parse(raw.settings) as TournamentSettings,
    stage_data: raw.stage_data === null ? null : (JSON.parse(raw.stage_data) as StageData),
  };
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

export class TournamentRepository {
  constructor(private readonly db: Db) {}

  insert(input: NewTournament): number {
    const s = input.settings;
    const result = this.db
      .prepare(
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

  findById(id: number): TournamentRow | undefined {
    return hydrate(this.db.prepare(`${SELECT} WHERE t.id = ?`).get(id) as RawRow | undefined);
  }

  findByUrl(url: string): TournamentRow | undefined {
    return hydrate(this.db.prepare(`${SELECT} WHERE t.url = ?`).get(url) as RawRow | undefined);
  }

  urlTaken(url: string, exceptId?: number): boolean {
    const row = this.db.prepare("SELECT id FROM tournaments WHERE url = ?").get(url) as
      | { id: number }
      | undefined;
    return row !== undefined && row.id !== exceptId;
  }

  count(filter: TournamentFilter): number {
    const where = whereClause(filter);
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM tournaments t${where.sql}`)
      .get(...where.params) as { n: number };
    return row.n;
  }

  list(filter: TournamentFilter, limit: number, offset: number): TournamentRow[] {
    const where = whereClause(filter);
    const rows = this.db
      .prepare(`${SELECT}${where.sql} ORDER BY t.id LIMIT ? OFFSET ?`)
      .all(...where.params, limit, offset) as RawRow[];
    return rows.map((raw) => hydrate(raw)!);
  }

  /** Check-in is re-armed (after an abort) only when starts_at or check_in_duration change. */
  updateSettings(id: number, settings: TournamentSettings, now: string): void {
    const before = this.findById(id);
    const opens = checkInOpensAt(settings);
    const sameWindow = before !== undefined && checkInOpensAt(before.settings) === opens;
    this.db
      .prepare(
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

  /** Pending tournaments whose check-in window has opened move to checking_in. */
  openDueCheckIns(now: string): number {
    return this.db
      .prepare(
        "UPDATE tournaments SET state = 'checking_in', updated_at = ? WHERE state = 'pending' AND check_in_opens_at <= ?",
      )
      .run(now, now).changes;
  }

  /** abort_checkin: the window stays closed until starts_at or the duration changes. */
  disarmCheckIn(id: number): void {
    this.db.prepare("UPDATE tournaments SET check_in_opens_at = NULL WHERE id = ?").run(id);
  }

  touch(id: number, now: string): void {
    this.db.prepare("UPDATE tournaments SET updated_at = ? WHERE id = ?").run(now, id);
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
    this.db.prepare(`UPDATE tournaments SET ${sets.join(", ")} WHERE id = ?`).run(...params, id);
  }

  setStageData(id: number, data: StageData | null): void {
    this.db
      .prepare("UPDATE tournaments SET stage_data = ? WHERE id = ?")
      .run(data === null ? null : JSON.stringify(data), id);
  }

  setRandomSeed(id: number, seed: number): void {
    this.db.prepare("UPDATE tournaments SET random_seed = ? WHERE id = ?").run(seed, id);
  }

  delete(id: number): void {
    this.db.prepare("DELETE FROM tournaments WHERE id = ?").run(id);
  }
}
