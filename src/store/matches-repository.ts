/** Match rows: one per planned match of a stage (final stage, or one group). */
import type { Statement } from "better-sqlite3";
import { MAX_STAGE_MATCHES } from "../model/limits.js";
import type { Db } from "./database.js";
import { type HeldRow, isState, TournamentMatches } from "./match-cache.js";
import type {
  MatchFilter,
  MatchResultRow,
  MatchResultUpdate,
  MatchRow,
  MatchState,
  NewMatch,
  StageRef,
} from "./match-rows.js";
import { Statements } from "./statements.js";

export type {
  MatchFilter,
  MatchResultRow,
  MatchResultUpdate,
  MatchRow,
  MatchState,
  NewMatch,
  StageRef,
} from "./match-rows.js";

/** SELECT * in column order, mapped to rows in JavaScript (faster than row objects from the driver). */
function rowReader(columns: readonly string[]): (raw: readonly unknown[]) => HeldRow {
  const at = (name: keyof MatchRow): number => {
    const i = columns.indexOf(name);
    if (i < 0) throw new Error(`matches has no column ${name}`);
    return i;
  };
  const [id, tid, stage, group, key, side, round, ident, order] = [
    at("id"),
    at("tournament_id"),
    at("stage"),
    at("group_id"),
    at("plan_key"),
    at("side"),
    at("round"),
    at("identifier"),
    at("suggested_play_order"),
  ];
  const [p1s, p2s, oilw, active, p1, p2, state, winner, loser] = [
    at("player1_source"),
    at("player2_source"),
    at("only_if_loser_wins"),
    at("active"),
    at("player1_id"),
    at("player2_id"),
    at("state"),
    at("winner_id"),
    at("loser_id"),
  ];
  const [tie, sets, entries, underway, completed, created, updated] = [
    at("tie"),
    at("score_sets"),
    at("entries"),
    at("underway_at"),
    at("completed_at"),
    at("created_at"),
    at("updated_at"),
  ];
  return (r) =>
    ({
      id: r[id],
      tournament_id: r[tid],
      stage: r[stage],
      group_id: r[group],
      plan_key: r[key],
      side: r[side],
      round: r[round],
      identifier: r[ident],
      suggested_play_order: r[order],
      player1_source: r[p1s],
      player2_source: r[p2s],
      only_if_loser_wins: r[oilw],
      active: r[active],
      player1_id: r[p1],
      player2_id: r[p2],
      state: r[state],
      winner_id: r[winner],
      loser_id: r[loser],
      tie: r[tie],
      score_sets: r[sets],
      entries: r[entries],
      underway_at: r[underway],
      completed_at: r[completed],
      created_at: r[created],
      updated_at: r[updated],
    }) as HeldRow;
}

function involves(row: MatchRow, participantId: number): boolean {
  return (
    row.player1_id === participantId ||
    row.player2_id === participantId ||
    row.entries?.includes(`"participant_id":${participantId},`) === true
  );
}

const STAGE = "tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?";
const MAX_CACHED_TOURNAMENTS = 16;
/**
 * Rows held in memory across tournaments (about 0.5 KB each): two of the largest
 * stages a start may store (model/limits.ts). Past it the tournaments loaded
 * first are forgotten, never the one in use.
 */
const MAX_HELD_ROWS = 2 * MAX_STAGE_MATCHES;
const INSERT_COLUMNS = [
  "tournament_id",
  "stage",
  "group_id",
  "plan_key",
  "side",
  "round",
  "identifier",
  "suggested_play_order",
  "player1_source",
  "player2_source",
  "only_if_loser_wins",
  "active",
  "player1_id",
  "player2_id",
  "state",
  "entries",
  "created_at",
  "updated_at",
] as const;
/** Rows per INSERT statement when a stage is stored (18 parameters a row). */
const INSERT_BATCH = 64;

/** The value of column `name` of a new match row. */
function newMatchValue(m: NewMatch, tournamentId: number, name: string, now: string): unknown {
  switch (name) {
    case "tournament_id":
      return tournamentId;
    case "stage":
      return m.stage;
    case "group_id":
      return m.groupId;
    case "plan_key":
      return m.key;
    case "side":
      return m.side;
    case "round":
      return m.round;
    case "identifier":
      return m.identifier;
    case "suggested_play_order":
      return m.suggestedPlayOrder;
    case "player1_source":
      return m.player1Source;
    case "player2_source":
      return m.player2Source;
    case "only_if_loser_wins":
      return m.onlyIfLoserWins;
    case "active":
      return m.active ? 1 : 0;
    case "player1_id":
      return m.player1Id;
    case "player2_id":
      return m.player2Id;
    case "state":
      return m.state;
    case "entries":
      return m.entries ?? null;
    case "tie":
      return 0;
    case "created_at":
    case "updated_at":
      return now;
    default:
      // winner_id, loser_id, score_sets, underway_at, completed_at
      return null;
  }
}

function insertSql(rows: number): string {
  const values = `(${INSERT_COLUMNS.map(() => "?").join(", ")})`;
  return `INSERT INTO matches (${INSERT_COLUMNS.join(", ")}) VALUES ${Array(rows).fill(values).join(", ")}`;
}

/** A result: a complete match is no longer underway; scores alone leave underway_at as it is. */
const SET_RESULT = {
  complete: `UPDATE matches SET state = ?, winner_id = ?, loser_id = ?, tie = ?, score_sets = ?, entries = ?, completed_at = ?,
    underway_at = NULL, updated_at = ? WHERE id = ?`,
  other: `UPDATE matches SET state = ?, winner_id = ?, loser_id = ?, tie = ?, score_sets = ?, entries = ?, completed_at = ?,
    updated_at = ? WHERE id = ?`,
} as const;
const SET_PLAYER = {
  player1: "UPDATE matches SET player1_id = ?, updated_at = ? WHERE id = ?",
  player2: "UPDATE matches SET player2_id = ?, updated_at = ? WHERE id = ?",
} as const;
const SET_PLAYER_AND_STATE = {
  player1: "UPDATE matches SET player1_id = ?, state = ?, active = ?, updated_at = ? WHERE id = ?",
  player2: "UPDATE matches SET player2_id = ?, state = ?, active = ?, updated_at = ? WHERE id = ?",
} as const;
const SET_STATE = "UPDATE matches SET state = ?, active = ?, updated_at = ? WHERE id = ?";

/**
 * Match rows. Reads are answered from the rows of the tournament held in
 * memory (loaded with one query on first use); writes go to the database and
 * to those rows alike. `syncWithDatabase` drops them when another connection
 * has committed; `forget` after a rolled-back transaction.
 */
export class MatchRepository {
  private readonly statements: Statements;
  private readonly tournaments = new Map<number, TournamentMatches>();
  private readonly owners = new Map<number, TournamentMatches>();
  private readonly readRow: (raw: readonly unknown[]) => HeldRow;
  private readonly columns: readonly string[];
  private readonly dataVersionStatement: Statement<unknown[]>;
  private dataVersion: number;

  /** `maxHeldRows`: rows held in memory across tournaments (tests pass a small one). */
  constructor(
    db: Db,
    private readonly maxHeldRows = MAX_HELD_ROWS,
  ) {
    this.statements = new Statements(db);
    const select = this.statements.get("SELECT * FROM matches WHERE tournament_id = ? ORDER BY id");
    this.columns = select.columns().map((c) => c.name);
    this.readRow = rowReader(this.columns);
    this.dataVersionStatement = this.statements.get("PRAGMA data_version").pluck();
    this.dataVersion = this.readDataVersion();
  }

  private stmt(sql: string): Statement<unknown[]> {
    return this.statements.get(sql);
  }

  private readDataVersion(): number {
    return this.dataVersionStatement.get() as number;
  }

  /**
   * Drops the rows held in memory when another connection has committed since
   * the last look; true when it had.
   */
  syncWithDatabase(): boolean {
    const version = this.readDataVersion();
    if (version === this.dataVersion) return false;
    this.dataVersion = version;
    this.forget();
    return true;
  }

  /** Drops the rows held in memory (all, or one tournament's). */
  forget(tournamentId?: number): void {
    if (tournamentId === undefined) {
      this.tournaments.clear();
      this.owners.clear();
      return;
    }
    const held = this.tournaments.get(tournamentId);
    if (held === undefined) return;
    for (const id of held.byId.keys()) this.owners.delete(id);
    this.tournaments.delete(tournamentId);
  }

  private held(tournamentId: number): TournamentMatches {
    let held = this.tournaments.get(tournamentId);
    if (held !== undefined) return held;
    if (this.tournaments.size >= MAX_CACHED_TOURNAMENTS) this.forget();
    const raw = this.stmt("SELECT * FROM matches WHERE tournament_id = ? ORDER BY id")
      .raw(true)
      .all(tournamentId) as unknown[][];
    held = new TournamentMatches(raw.map(this.readRow));
    for (const id of held.byId.keys()) this.owners.set(id, held);
    this.tournaments.set(tournamentId, held);
    this.fitHeldRows(tournamentId);
    return held;
  }

  /** Forgets other tournaments, first loaded first, while more than `maxHeldRows` rows are held. */
  private fitHeldRows(keep: number): void {
    let total = 0;
    for (const held of this.tournaments.values()) total += held.byId.size;
    for (const [id, held] of this.tournaments) {
      if (total <= this.maxHeldRows) return;
      if (id === keep) continue;
      total -= held.byId.size;
      this.forget(id);
    }
  }

  /** The held row of match `id`, if its tournament is held (a write then updates it too). */
  private heldRow(id: number): HeldRow | undefined {
    return this.owners.get(id)?.byId.get(id);
  }

  /**
   * Stores a stage's planned matches, several rows a statement, taking them
   * from `matches` a batch at a time (a generator's rows are never all held
   * before they are stored; the stored rows are held as every read needs them).
   */
  insertMany(tournamentId: number, matches: Iterable<NewMatch>, now: string): void {
    const held = this.held(tournamentId);
    const batch: NewMatch[] = [];
    const flush = (): void => {
      const params: unknown[] = [];
      for (const m of batch)
        for (const name of INSERT_COLUMNS) params.push(newMatchValue(m, tournamentId, name, now));
      // One statement in a write transaction: the ids are consecutive (AUTOINCREMENT).
      const last = Number(this.stmt(insertSql(batch.length)).run(...params).lastInsertRowid);
      for (const [i, m] of batch.entries()) {
        const row = this.readRow(
          this.columns.map((name) =>
            name === "id" ? last - batch.length + 1 + i : newMatchValue(m, tournamentId, name, now),
          ),
        );
        held.put(row);
        this.owners.set(row.id, held);
      }
      batch.length = 0;
    };
    for (const m of matches) {
      batch.push(m);
      if (batch.length === INSERT_BATCH) flush();
    }
    if (batch.length > 0) flush();
    this.fitHeldRows(tournamentId);
  }

  find(tournamentId: number, id: number): MatchRow | undefined {
    const row = this.held(tournamentId).byId.get(id);
    return row?.active === 1 ? row : undefined;
  }

  /**
   * A lookup of a stage's rows by plan key (their result columns included),
   * bound to the rows held now: use it within one request, without a
   * `forget` in between.
   */
  stageLookup(ref: StageRef): (key: string) => MatchResultRow | undefined {
    const byKey = this.held(ref.tournamentId).stageOf(ref)?.byKey;
    return byKey === undefined ? () => undefined : (key) => byKey.get(key);
  }

  findByKey(ref: StageRef, key: string): MatchRow | undefined {
    return this.held(ref.tournamentId).byPlanKey(ref, key);
  }

  /** Every row of a stage (inactive resets included), in play order. */
  stageRows(ref: StageRef): MatchRow[] {
    return [...this.held(ref.tournamentId).stage(ref)].sort(
      (a, b) => a.suggested_play_order - b.suggested_play_order || a.id - b.id,
    );
  }

  /**
   * What `derive` works out from a stage's rows (in play order), kept with the
   * rows until the stage gains a row or the rows are forgotten. Only for what
   * depends on the stage's plan (immutable columns), not on results.
   */
  derivedFromPlan<T>(ref: StageRef, derive: (rows: readonly MatchRow[]) => T): T {
    const stage = this.held(ref.tournamentId).stageOf(ref);
    if (stage === undefined) return derive([]);
    if (stage.derived === undefined) stage.derived = derive(this.stageRows(ref));
    return stage.derived as T;
  }

  private selected(tournamentId: number, filter: MatchFilter): MatchRow[] {
    const { state, participantId } = filter;
    return this.held(tournamentId)
      .all()
      .filter(
        (row) =>
          row.active === 1 &&
          isState(row, state) &&
          (participantId === undefined || involves(row, participantId)),
      );
  }

  list(tournamentId: number, filter: MatchFilter, limit = -1, offset = 0): MatchRow[] {
    const rows = this.selected(tournamentId, filter);
    return rows.slice(offset, limit < 0 ? undefined : offset + limit);
  }

  count(tournamentId: number, filter: MatchFilter = {}): number {
    return this.selected(tournamentId, filter).length;
  }

  /** Active matches of a tournament, and how many are complete, if its rows are held. */
  countsIfHeld(tournamentId: number): { total: number; complete: number } | undefined {
    const held = this.tournaments.get(tournamentId);
    if (held === undefined) return undefined;
    let total = 0;
    let complete = 0;
    for (const row of held.byId.values()) {
      if (row.active !== 1) continue;
      total++;
      if (row.state === "complete") complete++;
    }
    return { total, complete };
  }

  countIncomplete(ref: StageRef): number {
    let n = 0;
    for (const row of this.held(ref.tournamentId).stage(ref))
      if (row.active === 1 && row.state !== "complete") n++;
    return n;
  }

  setResult(id: number, result: MatchResultUpdate, now: string): void {
    const tie = result.tie ? 1 : 0;
    this.stmt(result.state === "complete" ? SET_RESULT.complete : SET_RESULT.other).run(
      result.state,
      result.winnerId,
      result.loserId,
      tie,
      result.scoreSets,
      result.entries,
      result.completedAt,
      now,
      id,
    );
    const row = this.heldRow(id);
    if (row === undefined) return;
    row.state = result.state;
    row.winner_id = result.winnerId;
    row.loser_id = result.loserId;
    row.tie = tie;
    row.score_sets = result.scoreSets;
    row.entries = result.entries;
    row.completed_at = result.completedAt;
    if (result.state === "complete") row.underway_at = null;
    row.updated_at = now;
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
    const row = this.held(ref.tournamentId).byPlanKey(ref, key);
    if (row === undefined) return;
    if (state === undefined) this.stmt(SET_PLAYER[slot]).run(participantId, now, row.id);
    else this.stmt(SET_PLAYER_AND_STATE[slot]).run(participantId, state, 1, now, row.id);
    if (slot === "player1") row.player1_id = participantId;
    else row.player2_id = participantId;
    if (state !== undefined) {
      row.state = state;
      row.active = 1;
    }
    row.updated_at = now;
  }

  setState(ref: StageRef, key: string, state: MatchState, active: boolean, now: string): void {
    const row = this.held(ref.tournamentId).byPlanKey(ref, key);
    if (row === undefined) return;
    this.stmt(SET_STATE).run(state, active ? 1 : 0, now, row.id);
    row.state = state;
    row.active = active ? 1 : 0;
    row.updated_at = now;
  }

  setUnderway(id: number, at: string | null, now: string): void {
    this.stmt("UPDATE matches SET underway_at = ?, updated_at = ? WHERE id = ?").run(at, now, id);
    const row = this.heldRow(id);
    if (row === undefined) return;
    row.underway_at = at;
    row.updated_at = now;
  }

  setEntries(id: number, entries: string, now: string): void {
    this.stmt("UPDATE matches SET entries = ?, updated_at = ? WHERE id = ?").run(entries, now, id);
    const row = this.heldRow(id);
    if (row === undefined) return;
    row.entries = entries;
    row.updated_at = now;
  }

  deleteStage(tournamentId: number, stage: "final" | "group"): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ? AND stage = ?").run(tournamentId, stage);
    this.forget(tournamentId);
  }

  deleteAll(tournamentId: number): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ?").run(tournamentId);
    this.forget(tournamentId);
  }

  /** Open matches of a participant (for forfeits), in play order. */
  openMatchesOf(tournamentId: number, participantId: number): MatchRow[] {
    return [...this.held(tournamentId).byId.values()]
      .filter(
        (row) =>
          row.active === 1 &&
          row.state === "open" &&
          (row.player1_id === participantId || row.player2_id === participantId),
      )
      .sort((a, b) => a.suggested_play_order - b.suggested_play_order || a.id - b.id);
  }

  maxRound(ref: StageRef): number {
    let max = 0;
    for (const row of this.held(ref.tournamentId).stage(ref)) if (row.round > max) max = row.round;
    return max;
  }

  countStage(ref: StageRef): number {
    return this.held(ref.tournamentId).stageOf(ref)?.byId.size ?? 0;
  }

  deleteRoundsAfter(ref: StageRef, round: number): void {
    this.stmt(`DELETE FROM matches WHERE ${STAGE} AND round > ?`).run(
      ref.tournamentId,
      ref.stage,
      ref.groupId ?? 0,
      round,
    );
    this.stmt(`DELETE FROM byes WHERE ${STAGE} AND round > ?`).run(
      ref.tournamentId,
      ref.stage,
      ref.groupId ?? 0,
      round,
    );
    this.forget(ref.tournamentId);
  }

  /** Groups of the group stage that have matches, in order. */
  groups(tournamentId: number): number[] {
    const groups = new Set<number>();
    for (const row of this.held(tournamentId).byId.values())
      if (row.stage === "group" && row.group_id !== null) groups.add(row.group_id);
    return [...groups].sort((a, b) => a - b);
  }

  countIncompleteInStage(tournamentId: number, stage: "final" | "group"): number {
    let n = 0;
    for (const row of this.held(tournamentId).byId.values())
      if (row.stage === stage && row.active === 1 && row.state !== "complete") n++;
    return n;
  }

  addBye(ref: StageRef, round: number, participantId: number): void {
    this.stmt(
      "INSERT INTO byes (tournament_id, stage, group_id, round, participant_id) VALUES (?, ?, ?, ?, ?)",
    ).run(ref.tournamentId, ref.stage, ref.groupId, round, participantId);
  }

  byes(ref: StageRef): { participantId: number; round: number }[] {
    return this.stmt(
      `SELECT participant_id AS participantId, round FROM byes WHERE ${STAGE} ORDER BY round`,
    ).all(ref.tournamentId, ref.stage, ref.groupId ?? 0) as {
      participantId: number;
      round: number;
    }[];
  }

  deleteByes(tournamentId: number, stage?: "final" | "group"): void {
    if (stage === undefined)
      this.stmt("DELETE FROM byes WHERE tournament_id = ?").run(tournamentId);
    else
      this.stmt("DELETE FROM byes WHERE tournament_id = ? AND stage = ?").run(tournamentId, stage);
  }
}
