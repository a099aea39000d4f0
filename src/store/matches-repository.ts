/**
 * Match rows, one per planned match of a stage (final stage, or one group):
 * every read a query, every write a statement. The service reaches them
 * through store/store.ts, with or without the cache in front
 * (store/cache/cached-matches.ts).
 */
import type { Statement } from "better-sqlite3";
import { ByeRepository } from "./byes-repository.js";
import type { Db } from "./database.js";
import {
  insertSql,
  newMatchRow,
  pushInsertValues,
  readMatchRow,
  SELECT_MATCHES,
} from "./match-columns.js";
import { fedBy, TerminalMarks, terminalKeys } from "./match-plan.js";
import type {
  MatchCounts,
  MatchFilter,
  MatchResultRow,
  MatchRow,
  MatchStore,
  NewMatch,
  StageRef,
} from "./match-rows.js";
import { MatchWrites, type WriteKind } from "./match-writes.js";
import { Statements } from "./statements.js";

export type {
  MatchChanges,
  MatchCounts,
  MatchFilter,
  MatchResultRow,
  MatchResultUpdate,
  MatchRow,
  MatchState,
  MatchStore,
  NewMatch,
  StageRef,
} from "./match-rows.js";

const STAGE = "tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?";
/** The order of GET .../matches: the group stage first, then play order, group, id. */
const LIST_ORDER = "ORDER BY stage DESC, suggested_play_order, IFNULL(group_id, -1), id";
/** Rows per INSERT statement when a stage is stored (18 parameters a row). */
const INSERT_BATCH = 64;

/** Moves a tournament's revision (tournament-revisions.ts), as the triggers of its other rows do. */
const BUMP_REVISION =
  "UPDATE tournament_revisions SET revision = revision + 1 WHERE tournament_id = ?";

const stageParams = (ref: StageRef) => [ref.tournamentId, ref.stage, ref.groupId ?? 0];

/** The WHERE clause of a list of a tournament's active matches. */
function listWhere(tournamentId: number, filter: MatchFilter): { sql: string; params: unknown[] } {
  let sql = "WHERE tournament_id = ? AND active = 1";
  const params: unknown[] = [tournamentId];
  if (filter.state !== undefined) {
    sql += " AND state = ?";
    params.push(filter.state);
  }
  if (filter.participantId !== undefined) {
    // A free-for-all match names its participants in entries: read as JSON, not as text.
    sql +=
      " AND (player1_id = ? OR player2_id = ? OR EXISTS (SELECT 1 FROM json_each(entries) WHERE json_extract(value, '$.participant_id') = ?))";
    const id = filter.participantId;
    params.push(id, id, id);
  }
  if (filter.identifier !== undefined) {
    sql += " AND identifier = ?";
    params.push(filter.identifier);
  }
  return { sql, params };
}

export class MatchRepository extends MatchWrites implements MatchStore {
  private readonly statements: Statements;
  private readonly byeRows: ByeRepository;

  constructor(db: Db) {
    super();
    this.statements = new Statements(db);
    this.byeRows = new ByeRepository(db);
  }

  private stmt(sql: string): Statement<unknown[]> {
    return this.statements.get(sql);
  }

  private rows(sql: string, ...params: unknown[]): MatchRow[] {
    return (
      this.stmt(sql)
        .raw(true)
        .all(...params) as unknown[][]
    ).map(readMatchRow);
  }

  private number(sql: string, ...params: unknown[]): number {
    return this.stmt(sql)
      .pluck()
      .get(...params) as number;
  }

  /**
   * Stores a stage's planned matches, several rows a statement, taking them
   * from `matches` a batch at a time (a generator's rows are never all held),
   * and hands each batch's rows, as stored, to `onRows`.
   */
  insertRows(
    tournamentId: number,
    matches: Iterable<NewMatch>,
    now: string,
    onRows: (rows: MatchRow[]) => void,
  ): void {
    const batch: NewMatch[] = [];
    const marks = new TerminalMarks(this.statements, tournamentId);
    const flush = (): void => {
      const params: unknown[] = [];
      for (const m of batch) pushInsertValues(params, m, tournamentId, now);
      // One statement in a write transaction: the ids are consecutive (AUTOINCREMENT).
      const last = Number(this.stmt(insertSql(batch.length)).run(...params).lastInsertRowid);
      const first = last - batch.length + 1;
      onRows(batch.map((m, i) => newMatchRow(m, tournamentId, first + i, now)));
      batch.length = 0;
    };
    let inserted = false;
    for (const m of matches) {
      batch.push(m);
      marks.add(m);
      inserted = true;
      if (batch.length === INSERT_BATCH) flush();
    }
    if (batch.length > 0) flush();
    // The tournament's revision moves once an insert (migration 15 dropped the trigger
    // that moved it once a row: 2.0 ms of a 1,024-player double elimination's start).
    if (inserted) this.stmt(BUMP_REVISION).run(tournamentId);
    marks.mark();
  }

  insertMany(tournamentId: number, matches: Iterable<NewMatch>, now: string): void {
    this.insertRows(tournamentId, matches, now, () => {});
  }

  /** Every row of a tournament, in id order. */
  rowsOf(tournamentId: number): MatchRow[] {
    return this.rows(`${SELECT_MATCHES} WHERE tournament_id = ? ORDER BY id`, tournamentId);
  }

  /**
   * Up to `limit` (-1: all) of T's rows past id `after` (0: from the first), in id
   * order: a warm-up's chunk (store-cache.ts) by a range of ids, not a sort of T's rows.
   */
  rowsAfter(tournamentId: number, after: number, limit = -1): MatchRow[] {
    if (after === 0 && limit < 0) return this.rowsOf(tournamentId);
    // From T's first row: an id range from 0 would scan every other tournament's rows first.
    const from =
      after > 0
        ? after
        : (this.stmt("SELECT MIN(id) - 1 FROM matches WHERE tournament_id = ?")
            .pluck()
            .get(tournamentId) as number | null);
    if (from === null) return [];
    // `+tournament_id`: no index on it, so that the ids' range is the one used.
    const sql = `${SELECT_MATCHES} WHERE id > ? AND +tournament_id = ? ORDER BY id LIMIT ?`;
    return this.rows(sql, from, tournamentId, limit);
  }

  /** Whether a tournament has any match row (one index entry looked at). */
  hasRows(tournamentId: number): boolean {
    return (
      this.number("SELECT EXISTS (SELECT 1 FROM matches WHERE tournament_id = ?)", tournamentId) ===
      1
    );
  }

  /** How many rows a tournament has (active or not). */
  rowCount(tournamentId: number): number {
    return this.number("SELECT COUNT(*) FROM matches WHERE tournament_id = ?", tournamentId);
  }

  find(tournamentId: number, id: number): MatchRow | undefined {
    const raw = this.stmt(`${SELECT_MATCHES} WHERE id = ? AND tournament_id = ? AND active = 1`)
      .raw(true)
      .get(id, tournamentId) as unknown[] | undefined;
    return raw === undefined ? undefined : readMatchRow(raw);
  }

  findByKey(ref: StageRef, key: string): MatchRow | undefined {
    const raw = this.stmt(`${SELECT_MATCHES} WHERE ${STAGE} AND plan_key = ?`)
      .raw(true)
      .get(...stageParams(ref), key) as unknown[] | undefined;
    return raw === undefined ? undefined : readMatchRow(raw);
  }

  stageLookup(ref: StageRef): (key: string) => MatchResultRow | undefined {
    const statement = this.stmt(
      `SELECT state, winner_id, loser_id FROM matches WHERE ${STAGE} AND plan_key = ?`,
    );
    const params = stageParams(ref);
    return (key) => statement.get(...params, key) as MatchResultRow | undefined;
  }

  stageRows(ref: StageRef): MatchRow[] {
    return this.rows(
      `${SELECT_MATCHES} WHERE ${STAGE} ORDER BY suggested_play_order, id`,
      ...stageParams(ref),
    );
  }

  /** Nothing is held without the cache. */
  derivedFromHeld<T>(_ref: StageRef, _derive: (rows: readonly MatchRow[]) => T): T | undefined {
    return undefined;
  }

  /** Nothing is held without the cache: nothing to derive (cached-matches.ts). */
  *deriveInParts<T>(
    _tournamentId: number,
    _derive: (rows: readonly MatchRow[]) => Generator<void, T | undefined>,
  ): Generator<void, number> {
    yield* [];
    return 0;
  }

  /** Nothing is held without the cache: nothing to warm (cached-matches.ts). */
  warmStep(_tournamentId: number, _limit: number): boolean {
    return true;
  }

  fedBy(ref: StageRef, key: string): MatchRow[] {
    return fedBy(this.statements, ref, key);
  }

  terminalKeys(ref: StageRef): string[] {
    return terminalKeys(this.statements, ref);
  }

  list(tournamentId: number, filter: MatchFilter, limit = -1, offset = 0): MatchRow[] {
    const where = listWhere(tournamentId, filter);
    const sql = `${SELECT_MATCHES} ${where.sql} ${LIST_ORDER} LIMIT ? OFFSET ?`;
    return this.rows(sql, ...where.params, limit, offset);
  }

  count(tournamentId: number, filter: MatchFilter = {}): number {
    const where = listWhere(tournamentId, filter);
    return this.number(`SELECT COUNT(*) FROM matches ${where.sql}`, ...where.params);
  }

  counts(ids: readonly number[]): Map<number, MatchCounts> {
    const counts = new Map<number, MatchCounts>(ids.map((id) => [id, { total: 0, complete: 0 }]));
    if (ids.length === 0) return counts;
    const grouped = this.stmt(
      `SELECT tournament_id AS id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
       FROM matches WHERE active = 1 AND tournament_id IN (SELECT value FROM json_each(?)) GROUP BY tournament_id`,
    ).all(JSON.stringify(ids)) as (MatchCounts & { id: number })[];
    for (const { id, total, complete } of grouped) counts.set(id, { total, complete });
    return counts;
  }

  /**
   * Up to `atMost` rows are looked for (-1: all): a round robin's report asks whether any
   * other match of the stage is left, and the first found answers (issue 27).
   */
  countIncomplete(ref: StageRef, atMost = -1): number {
    return this.number(
      `SELECT COUNT(*) FROM (SELECT 1 FROM matches WHERE ${STAGE} AND active = 1 AND state <> 'complete' LIMIT ?)`,
      ...stageParams(ref),
      atMost,
    );
  }

  countIncompleteInStage(tournamentId: number, stage: "final" | "group"): number {
    return this.number(
      "SELECT COUNT(*) FROM matches WHERE tournament_id = ? AND stage = ? AND active = 1 AND state <> 'complete'",
      tournamentId,
      stage,
    );
  }

  countStage(ref: StageRef): number {
    return this.number(`SELECT COUNT(*) FROM matches WHERE ${STAGE}`, ...stageParams(ref));
  }

  maxRound(ref: StageRef): number {
    return this.number(
      `SELECT IFNULL(MAX(round), 0) FROM matches WHERE ${STAGE}`,
      ...stageParams(ref),
    );
  }

  groups(tournamentId: number): number[] {
    return this.stmt(
      "SELECT DISTINCT group_id FROM matches WHERE tournament_id = ? AND stage = 'group' AND group_id IS NOT NULL ORDER BY group_id",
    )
      .pluck()
      .all(tournamentId) as number[];
  }

  openOrders(tournamentId: number): Map<number, number> {
    const sql =
      "SELECT id, suggested_play_order FROM matches WHERE tournament_id = ? AND active = 1 AND state = 'open'";
    const pairs = this.stmt(sql).raw(true).all(tournamentId) as [number, number][];
    return new Map(pairs);
  }

  openMatchesOf(tournamentId: number, participantId: number): MatchRow[] {
    return this.rows(
      `${SELECT_MATCHES} WHERE tournament_id = ? AND active = 1 AND state = 'open'
       AND (player1_id = ? OR player2_id = ?) ORDER BY suggested_play_order, id`,
      tournamentId,
      participantId,
      participantId,
    );
  }

  write(kind: WriteKind, _id: number, params: readonly unknown[], _now: string): void {
    this.stmt(kind.sql).run(...params);
  }

  deleteStage(tournamentId: number, stage: "final" | "group"): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ? AND stage = ?").run(tournamentId, stage);
  }

  deleteAll(tournamentId: number): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ?").run(tournamentId);
  }

  deleteRoundsAfter(ref: StageRef, round: number): void {
    this.stmt(`DELETE FROM matches WHERE ${STAGE} AND round > ?`).run(...stageParams(ref), round);
    this.byeRows.deleteAfter(ref, round);
  }

  addBye(ref: StageRef, round: number, participantId: number): void {
    this.byeRows.add(ref, round, participantId);
  }

  byes(ref: StageRef): { participantId: number; round: number }[] {
    return this.byeRows.of(ref);
  }

  deleteByes(tournamentId: number, stage?: "final" | "group"): void {
    this.byeRows.delete(tournamentId, stage);
  }
}
