/** Match rows: one per planned match of a stage (final stage, or one group). */
import type { Statement } from "better-sqlite3";
import type { Db } from "./database.js";

export type MatchState = "pending" | "open" | "complete";

export interface MatchRow {
  readonly id: number;
  readonly tournament_id: number;
  readonly stage: "final" | "group";
  readonly group_id: number | null;
  readonly plan_key: string;
  readonly side: string;
  readonly round: number;
  readonly identifier: string;
  readonly suggested_play_order: number;
  readonly player1_source: string;
  readonly player2_source: string;
  readonly only_if_loser_wins: string | null;
  readonly active: number;
  readonly player1_id: number | null;
  readonly player2_id: number | null;
  readonly state: MatchState;
  readonly winner_id: number | null;
  readonly loser_id: number | null;
  readonly tie: number;
  readonly score_sets: string | null;
  readonly entries: string | null;
  readonly underway_at: string | null;
  readonly completed_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface NewMatch {
  readonly stage: "final" | "group";
  readonly groupId: number | null;
  readonly key: string;
  readonly side: string;
  readonly round: number;
  readonly identifier: string;
  readonly suggestedPlayOrder: number;
  readonly player1Source: string;
  readonly player2Source: string;
  readonly onlyIfLoserWins: string | null;
  readonly active: boolean;
  readonly player1Id: number | null;
  readonly player2Id: number | null;
  readonly state: MatchState;
  /** Free for all: the match's participants, as entries. */
  readonly entries?: string | null;
}

export interface MatchFilter {
  readonly state?: MatchState;
  readonly participantId?: number;
}

/** A stage of a tournament: the final stage, or one group of the group stage. */
export interface StageRef {
  readonly tournamentId: number;
  readonly stage: "final" | "group";
  readonly groupId: number | null;
}

export interface MatchResultUpdate {
  readonly state: MatchState;
  readonly winnerId: number | null;
  readonly loserId: number | null;
  readonly tie: boolean;
  readonly scoreSets: string | null;
  readonly entries: string | null;
  readonly completedAt: string | null;
}

export class MatchRepository {
  private readonly statements = new Map<string, Statement<unknown[]>>();

  constructor(private readonly db: Db) {}

  private stmt(sql: string): Statement<unknown[]> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  insertMany(tournamentId: number, matches: readonly NewMatch[], now: string): void {
    const insert = this.stmt(
      `INSERT INTO matches (tournament_id, stage, group_id, plan_key, side, round, identifier, suggested_play_order,
         player1_source, player2_source, only_if_loser_wins, active, player1_id, player2_id, state, entries, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const m of matches) {
      insert.run(
        tournamentId,
        m.stage,
        m.groupId,
        m.key,
        m.side,
        m.round,
        m.identifier,
        m.suggestedPlayOrder,
        m.player1Source,
        m.player2Source,
        m.onlyIfLoserWins,
        m.active ? 1 : 0,
        m.player1Id,
        m.player2Id,
        m.state,
        m.entries ?? null,
        now,
        now,
      );
    }
  }

  find(tournamentId: number, id: number): MatchRow | undefined {
    return this.stmt("SELECT * FROM matches WHERE tournament_id = ? AND id = ? AND active = 1").get(
      tournamentId,
      id,
    ) as MatchRow | undefined;
  }

  findByKey(ref: StageRef, key: string): MatchRow | undefined {
    return this.stmt(
      "SELECT * FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND plan_key = ?",
    ).get(ref.tournamentId, ref.stage, ref.groupId ?? 0, key) as MatchRow | undefined;
  }

  /** Every row of a stage (inactive resets included), for building its index. */
  stageRows(ref: StageRef): MatchRow[] {
    return this.stmt(
      "SELECT * FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? ORDER BY suggested_play_order",
    ).all(ref.tournamentId, ref.stage, ref.groupId ?? 0) as MatchRow[];
  }

  /** The lowest id of a stage: changes whenever the stage is planned anew. */
  stageGeneration(ref: StageRef): number | undefined {
    const row = this.stmt(
      "SELECT MIN(id) AS id FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?",
    ).get(ref.tournamentId, ref.stage, ref.groupId ?? 0) as { id: number | null };
    return row.id ?? undefined;
  }

  private where(tournamentId: number, filter: MatchFilter): { sql: string; params: unknown[] } {
    const clauses = ["tournament_id = ?", "active = 1"];
    const params: unknown[] = [tournamentId];
    if (filter.state !== undefined) {
      clauses.push("state = ?");
      params.push(filter.state);
    }
    if (filter.participantId !== undefined) {
      clauses.push("(player1_id = ? OR player2_id = ? OR entries LIKE ?)");
      params.push(
        filter.participantId,
        filter.participantId,
        `%"participant_id":${filter.participantId},%`,
      );
    }
    return { sql: clauses.join(" AND "), params };
  }

  list(tournamentId: number, filter: MatchFilter, limit = -1, offset = 0): MatchRow[] {
    const where = this.where(tournamentId, filter);
    return this.stmt(
      `SELECT * FROM matches WHERE ${where.sql} ORDER BY stage DESC, suggested_play_order, group_id, id LIMIT ? OFFSET ?`,
    ).all(...where.params, limit, offset) as MatchRow[];
  }

  count(tournamentId: number, filter: MatchFilter = {}): number {
    const where = this.where(tournamentId, filter);
    return (
      this.stmt(`SELECT COUNT(*) AS n FROM matches WHERE ${where.sql}`).get(...where.params) as {
        n: number;
      }
    ).n;
  }

  countIncomplete(ref: StageRef): number {
    return (
      this.stmt(
        "SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND active = 1 AND state != 'complete'",
      ).get(ref.tournamentId, ref.stage, ref.groupId ?? 0) as { n: number }
    ).n;
  }

  setResult(id: number, result: MatchResultUpdate, now: string): void {
    this.stmt(
      `UPDATE matches SET state = ?, winner_id = ?, loser_id = ?, tie = ?, score_sets = ?, entries = ?, completed_at = ?,
         underway_at = CASE WHEN ? = 'complete' THEN NULL ELSE underway_at END, updated_at = ? WHERE id = ?`,
    ).run(
      result.state,
      result.winnerId,
      result.loserId,
      result.tie ? 1 : 0,
      result.scoreSets,
      result.entries,
      result.completedAt,
      result.state,
      now,
      id,
    );
  }

  setSlot(
    ref: StageRef,
    key: string,
    slot: "player1" | "player2",
    participantId: number | null,
    now: string,
  ): void {
    this.stmt(
      `UPDATE matches SET ${slot}_id = ?, updated_at = ? WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND plan_key = ?`,
    ).run(participantId, now, ref.tournamentId, ref.stage, ref.groupId ?? 0, key);
  }

  setState(ref: StageRef, key: string, state: MatchState, active: boolean, now: string): void {
    this.stmt(
      `UPDATE matches SET state = ?, active = ?, updated_at = ? WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND plan_key = ?`,
    ).run(state, active ? 1 : 0, now, ref.tournamentId, ref.stage, ref.groupId ?? 0, key);
  }

  setUnderway(id: number, at: string | null, now: string): void {
    this.stmt("UPDATE matches SET underway_at = ?, updated_at = ? WHERE id = ?").run(at, now, id);
  }

  deleteStage(tournamentId: number, stage: "final" | "group"): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ? AND stage = ?").run(tournamentId, stage);
  }

  deleteAll(tournamentId: number): void {
    this.stmt("DELETE FROM matches WHERE tournament_id = ?").run(tournamentId);
  }

  /** Open matches of a participant (for forfeits). */
  openMatchesOf(tournamentId: number, participantId: number): MatchRow[] {
    return this.stmt(
      "SELECT * FROM matches WHERE tournament_id = ? AND active = 1 AND state = 'open' AND (player1_id = ? OR player2_id = ?) ORDER BY suggested_play_order",
    ).all(tournamentId, participantId, participantId) as MatchRow[];
  }

  maxRound(ref: StageRef): number {
    const row = this.stmt(
      "SELECT MAX(round) AS r FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?",
    ).get(ref.tournamentId, ref.stage, ref.groupId ?? 0) as { r: number | null };
    return row.r ?? 0;
  }

  countStage(ref: StageRef): number {
    return (
      this.stmt(
        "SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?",
      ).get(ref.tournamentId, ref.stage, ref.groupId ?? 0) as { n: number }
    ).n;
  }

  deleteRoundsAfter(ref: StageRef, round: number): void {
    this.stmt(
      "DELETE FROM matches WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND round > ?",
    ).run(ref.tournamentId, ref.stage, ref.groupId ?? 0, round);
    this.stmt(
      "DELETE FROM byes WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? AND round > ?",
    ).run(ref.tournamentId, ref.stage, ref.groupId ?? 0, round);
  }

  /** Group refs of a stage that has matches. */
  groups(tournamentId: number): number[] {
    return (
      this.stmt(
        "SELECT DISTINCT group_id AS g FROM matches WHERE tournament_id = ? AND stage = 'group' ORDER BY group_id",
      ).all(tournamentId) as { g: number }[]
    ).map((r) => r.g);
  }

  countIncompleteInStage(tournamentId: number, stage: "final" | "group"): number {
    return (
      this.stmt(
        "SELECT COUNT(*) AS n FROM matches WHERE tournament_id = ? AND stage = ? AND active = 1 AND state != 'complete'",
      ).get(tournamentId, stage) as { n: number }
    ).n;
  }

  addBye(ref: StageRef, round: number, participantId: number): void {
    this.stmt(
      "INSERT INTO byes (tournament_id, stage, group_id, round, participant_id) VALUES (?, ?, ?, ?, ?)",
    ).run(ref.tournamentId, ref.stage, ref.groupId, round, participantId);
  }

  byes(ref: StageRef): { participantId: number; round: number }[] {
    return this.stmt(
      "SELECT participant_id AS participantId, round FROM byes WHERE tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ? ORDER BY round",
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

  setEntries(id: number, entries: string, now: string): void {
    this.stmt("UPDATE matches SET entries = ?, updated_at = ? WHERE id = ?").run(entries, now, id);
  }
}
