/** Participant rows. Seeds of a tournament are kept dense: 1..n. */
import { participantNameKey } from "../model/participant-name.js";
import type { Db } from "./database.js";
import * as activity from "./participant-activity.js";
import type {
  NameAndSeed,
  NewParticipant,
  ParticipantChanges,
  ParticipantRow,
  SeedAndActivity,
  SeedPlace,
} from "./participant-rows.js";
import { Statements } from "./statements.js";

export type {
  NameAndSeed,
  NewParticipant,
  ParticipantChanges,
  ParticipantRow,
  SeedAndActivity,
  SeedPlace,
} from "./participant-rows.js";

/**
 * The table a repository serves: a tournament's participants, or a race's
 * (`race_participants`: the same columns, owned by `race_id`, counted in
 * `races.participants_count`). One SQL text serves both: a race's statements
 * are the tournament's with the three names replaced, and its rows carry the
 * owner's id as `tournament_id` too, so that a row has one shape.
 */
export interface ParticipantTable {
  readonly table: string;
  readonly owner: string;
  readonly owners: string;
}

export const TOURNAMENT_PARTICIPANTS: ParticipantTable = {
  table: "participants",
  owner: "tournament_id",
  owners: "tournaments",
};

export const RACE_PARTICIPANTS: ParticipantTable = {
  table: "race_participants",
  owner: "race_id",
  owners: "races",
};

/** A tournament statement as the same statement on `to`. */
function renamed(sql: string, to: ParticipantTable): string {
  return sql
    .replace(/\bparticipants\b/g, to.table)
    .replace(/\btournament_id\b/g, to.owner)
    .replace(/\btournaments\b/g, to.owners)
    .replace(/\bSELECT \*/g, `SELECT *, ${to.owner} AS tournament_id`);
}

/** Rows per INSERT statement in appendMany (8 parameters a row). */
const INSERT_BATCH = 100;

/**
 * Counts inserted participants in their owner's row, once an insert (migration 16
 * dropped the triggers that did it once a row); a tournament's row update moves its
 * revision (tournaments_revision_update). The inserts set `insert_counted` = 1, so the
 * trigger that counts rows other writers insert (migration 19,
 * migration-participant-counts.ts) skips them.
 */
const COUNT_INSERTED =
  "UPDATE tournaments SET participants_count = participants_count + ? WHERE id = ?";

/**
 * Participant rows, each read a query (the cache in front of it:
 * store/cache/store-cache.ts). Inserts count their rows in the tournament's
 * participants_count here (COUNT_INSERTED), deletes by trigger.
 */
export class ParticipantRepository {
  private readonly statements: Statements;
  private readonly texts = new Map<string, string>();

  constructor(
    db: Db,
    private readonly table: ParticipantTable = TOURNAMENT_PARTICIPANTS,
  ) {
    this.statements = new Statements(db);
  }

  /** The prepared statement of `sql`, written for the tournament table, on this table. */
  private sql(sql: string): ReturnType<Statements["get"]> {
    if (this.table === TOURNAMENT_PARTICIPANTS) return this.statements.get(sql);
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = renamed(sql, this.table);
      this.texts.set(sql, text);
    }
    return this.statements.get(text);
  }

  count(tournamentId: number): number {
    const row = this.sql("SELECT participants_count AS n FROM tournaments WHERE id = ?").get(
      tournamentId,
    ) as { n: number } | undefined;
    return row?.n ?? 0;
  }

  list(tournamentId: number, limit = -1, offset = 0): ParticipantRow[] {
    return this.sql(
      "SELECT * FROM participants WHERE tournament_id = ? ORDER BY seed, id LIMIT ? OFFSET ?",
    ).all(tournamentId, limit, offset) as ParticipantRow[];
  }

  /**
   * Names, seeds and activity of the participants after (`seed`, `id`) in seed order, `limit` of them:
   * what the standings read a part at a time (issue 24), through the seed index.
   */
  namesAfter(tournamentId: number, after: SeedPlace, limit: number): NameAndSeed[] {
    return this.sql(
      "SELECT id, name, seed, active FROM participants WHERE tournament_id = ? AND (seed, id) > (?, ?) ORDER BY seed, id LIMIT ?",
    ).all(tournamentId, after.seed, after.id, limit) as NameAndSeed[];
  }

  find(tournamentId: number, id: number): ParticipantRow | undefined {
    return this.sql("SELECT * FROM participants WHERE tournament_id = ? AND id = ?").get(
      tournamentId,
      id,
    ) as ParticipantRow | undefined;
  }

  findByName(tournamentId: number, name: string): ParticipantRow | undefined {
    return this.sql(
      "SELECT * FROM participants WHERE tournament_id = ? AND name = ? COLLATE NOCASE",
    ).get(tournamentId, name) as ParticipantRow | undefined;
  }

  /** Appends at the bottom seed, then moves to `seed` when given. Returns the new id. */
  insert(tournamentId: number, input: NewParticipant, now: string, seed?: number): number {
    const last = this.count(tournamentId) + 1;
    const result = this.sql(
      `INSERT INTO participants (tournament_id, name, seed, misc, username, email, created_at, updated_at, insert_counted)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`,
    ).run(tournamentId, input.name, last, input.misc, input.username, input.email, now, now);
    const id = Number(result.lastInsertRowid);
    this.sql(COUNT_INSERTED).run(1, tournamentId);
    if (seed !== undefined && seed !== last) this.moveSeed(tournamentId, id, last, seed, now);
    return id;
  }

  /**
   * Appends participants at the bottom seeds, in order, several rows a
   * statement; returns their rows. Call inside a write transaction.
   */
  appendMany(
    tournamentId: number,
    inputs: readonly NewParticipant[],
    now: string,
  ): ParticipantRow[] {
    const first = this.count(tournamentId) + 1;
    const rows: ParticipantRow[] = [];
    for (let from = 0; from < inputs.length; from += INSERT_BATCH) {
      const batch = inputs.slice(from, from + INSERT_BATCH);
      const params: unknown[] = [];
      for (const [i, p] of batch.entries())
        params.push(tournamentId, p.name, first + from + i, p.misc, p.username, p.email, now, now);
      const sql = `INSERT INTO participants (tournament_id, name, seed, misc, username, email, created_at, updated_at, insert_counted)
         VALUES ${Array(batch.length).fill("(?, ?, ?, ?, ?, ?, ?, ?, 1)").join(", ")}`;
      // One statement in a write transaction: the ids are consecutive (AUTOINCREMENT).
      const last = Number(this.sql(sql).run(...params).lastInsertRowid);
      for (const [i, p] of batch.entries()) {
        rows.push({
          id: last - batch.length + 1 + i,
          tournament_id: tournamentId,
          name: p.name,
          seed: first + from + i,
          misc: p.misc,
          username: p.username,
          email: p.email,
          active: 1,
          checked_in_at: null,
          group_id: null,
          final_rank: null,
          created_at: now,
          updated_at: now,
          deactivated_by: null,
          insert_counted: 1,
        });
      }
    }
    if (rows.length > 0) this.sql(COUNT_INSERTED).run(rows.length, tournamentId);
    return rows;
  }

  /**
   * Ids, seeds and activity of the participants among `ids`, in seed order: a stage's
   * players when a group or a swiss round ends (not the tournament's whole list, read again
   * at each group's end: a 4,000-player group stage played out read 4,000 rows 1,000 times).
   * Each id looked up by its key (CROSS JOIN keeps json_each outside): written as `id IN
   * (json_each)`, SQLite walked the tournament's seed index instead, ~600 us for 4 of 4,000
   * players against ~20 (EXPLAIN QUERY PLAN: SEARCH p USING INTEGER PRIMARY KEY).
   * `ids`: distinct.
   */
  seedsAmong(tournamentId: number, ids: readonly number[]): SeedAndActivity[] {
    return this.sql(
      "SELECT p.id, p.seed, p.active FROM json_each(?) AS j CROSS JOIN participants AS p ON p.id = j.value WHERE p.tournament_id = ? ORDER BY p.seed, p.id",
    ).all(JSON.stringify(ids), tournamentId) as SeedAndActivity[];
  }

  /** Ids and seeds of the active participants, in seed order. */
  activeSeeds(tournamentId: number): { id: number; seed: number }[] {
    const rows = this.sql(
      "SELECT id, seed FROM participants WHERE tournament_id = ? AND active = 1 ORDER BY seed, id",
    )
      .raw(true)
      .all(tournamentId) as [number, number][];
    return rows.map(([id, seed]) => ({ id, seed }));
  }

  /**
   * Which of `names` (NFC, trimmed: as stored) are taken in the tournament, as
   * keys of model/participant-name.ts: the name column compares COLLATE NOCASE,
   * ASCII letters without case, as that rule does.
   */
  namesTaken(tournamentId: number, names: readonly string[]): Set<string> {
    const taken = this.sql(
      "SELECT name FROM participants WHERE tournament_id = ? AND name COLLATE NOCASE IN (SELECT value FROM json_each(?))",
    )
      .pluck()
      .all(tournamentId, JSON.stringify(names)) as string[];
    return new Set(taken.map(participantNameKey));
  }

  update(tournamentId: number, id: number, changes: ParticipantChanges, now: string): void {
    const sets: string[] = [];
    const params: unknown[] = [];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      params.push(value);
    }
    sets.push("updated_at = ?");
    params.push(now, tournamentId, id);
    this.sql(`UPDATE participants SET ${sets.join(", ")} WHERE tournament_id = ? AND id = ?`).run(
      ...params,
    );
  }

  /** Moves a participant from seed `from` to seed `to`, shifting those in between. */
  moveSeed(tournamentId: number, id: number, from: number, to: number, now: string): void {
    if (from === to) return;
    if (to < from) {
      this.sql(
        "UPDATE participants SET seed = seed + 1, updated_at = ? WHERE tournament_id = ? AND seed >= ? AND seed < ?",
      ).run(now, tournamentId, to, from);
    } else {
      this.sql(
        "UPDATE participants SET seed = seed - 1, updated_at = ? WHERE tournament_id = ? AND seed > ? AND seed <= ?",
      ).run(now, tournamentId, from, to);
    }
    this.sql("UPDATE participants SET seed = ?, updated_at = ? WHERE id = ?").run(to, now, id);
  }

  /** Assigns seeds 1..n in the order of `ids`; a seed that stays is not written (nor dated). */
  reseed(tournamentId: number, ids: readonly number[], now: string): void {
    const statement = this.sql(
      "UPDATE participants SET seed = ?, updated_at = ? WHERE tournament_id = ? AND id = ? AND seed IS NOT ?",
    );
    ids.forEach((id, index) => {
      statement.run(index + 1, now, tournamentId, id, index + 1);
    });
  }

  delete(tournamentId: number, id: number, seed: number): void {
    this.sql("DELETE FROM participants WHERE tournament_id = ? AND id = ?").run(tournamentId, id);
    this.sql("UPDATE participants SET seed = seed - 1 WHERE tournament_id = ? AND seed > ?").run(
      tournamentId,
      seed,
    );
  }

  clear(tournamentId: number): void {
    this.sql("DELETE FROM participants WHERE tournament_id = ?").run(tournamentId);
  }

  /** Whether any participant of the tournament is deactivated (forfeits follow). */
  anyInactive(tournamentId: number): boolean {
    return (
      this.sql("SELECT EXISTS (SELECT 1 FROM participants WHERE tournament_id = ? AND active = 0)")
        .pluck()
        .get(tournamentId) === 1
    );
  }

  listActive(tournamentId: number): ParticipantRow[] {
    return this.sql(
      "SELECT * FROM participants WHERE tournament_id = ? AND active = 1 ORDER BY seed, id",
    ).all(tournamentId) as ParticipantRow[];
  }

  setActive(tournamentId: number, id: number, active: boolean, now: string): void {
    this.sql(activity.SET_ACTIVE).run(active ? 1 : 0, now, tournamentId, id);
  }

  setFinalRanks(tournamentId: number, ranks: ReadonlyMap<number, number>, now: string): void {
    const statement = this.sql(
      "UPDATE participants SET final_rank = ?, updated_at = ? WHERE tournament_id = ? AND id = ?",
    );
    for (const [id, rank] of ranks) statement.run(rank, now, tournamentId, id);
  }

  setGroups(tournamentId: number, groups: ReadonlyMap<number, number | null>, now: string): void {
    const statement = this.sql(
      "UPDATE participants SET group_id = ?, updated_at = ? WHERE tournament_id = ? AND id = ?",
    );
    for (const [id, group] of groups) statement.run(group, now, tournamentId, id);
  }

  /** Forgets final ranks (and group places when `groups`), e.g. on reset. */
  clearResults(tournamentId: number, groups: boolean, now: string): void {
    this.sql(
      `UPDATE participants SET final_rank = NULL${groups ? ", group_id = NULL" : ""}, updated_at = ? WHERE tournament_id = ?`,
    ).run(now, tournamentId);
  }

  setCheckedIn(tournamentId: number, id: number, at: string | null, now: string): void {
    this.sql(
      "UPDATE participants SET checked_in_at = ?, updated_at = ? WHERE tournament_id = ? AND id = ?",
    ).run(at, now, tournamentId, id);
  }

  /** process_checkin (participant-activity.ts); the rows changed. */
  deactivateUnchecked(tournamentId: number, now: string): number {
    return this.sql(activity.SET_ASIDE_UNCHECKED).run(now, tournamentId).changes;
  }

  /** reset: those process_checkin set aside are back; check-ins are kept. */
  restoreSetAside(tournamentId: number, now: string): void {
    this.sql(activity.RESTORE_SET_ASIDE).run(now, tournamentId);
  }

  /** abort_checkin: everyone back, check-ins forgotten. */
  undoCheckIn(tournamentId: number, now: string): void {
    this.sql(activity.UNDO_CHECK_IN).run(now, tournamentId);
  }

  findByUsername(tournamentId: number, username: string): ParticipantRow | undefined {
    return this.sql("SELECT * FROM participants WHERE tournament_id = ? AND username = ?").get(
      tournamentId,
      username,
    ) as ParticipantRow | undefined;
  }
}
