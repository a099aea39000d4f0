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

  /** A participant's time in the round, by the unique (round_id, participant_id) index. */
  findOf(roundId: number, participantId: number): ElapsedTimeRow | undefined {
    return this.statements
      .get("SELECT * FROM elapsed_times WHERE round_id = ? AND participant_id = ?")
      .get(roundId, participantId) as ElapsedTimeRow | undefined;
  }

  find(id: number): ElapsedTimeRow | undefined {
    return this.statements.get("SELECT * FROM elapsed_times WHERE id = ?").get(id) as
      | ElapsedTimeRow
      | undefined;
  }

  /**
   * Whether a time of the round has a rank the client gave (races/time-ranks.ts), by a
   * partial index (migration 22): a scan of the round's rows cost each entry 1.4 ms at
   * 8,000 racers (bench/race-bulk.mjs, finish order, 0.34 -> 0.89 s a round).
   */
  anyRankGiven(roundId: number): boolean {
    return (
      this.statements
        .get("SELECT EXISTS (SELECT 1 FROM elapsed_times WHERE round_id = ? AND rank_given = 1)")
        .pluck()
        .get(roundId) === 1
    );
  }

  /** The round's times with a rank the client gave, by the partial index (migration 22). */
  givenRanks(roundId: number): ElapsedTimeRow[] {
    return this.statements
      .get("SELECT * FROM elapsed_times WHERE round_id = ? AND rank_given = 1")
      .all(roundId) as ElapsedTimeRow[];
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

  /**
   * How many of the round's times are below `ms` (hand-ranked ones too), read from the ranks
   * the service stored rather than by counting the round: the first time at or above `ms`
   * that the service ranked (rank_given 0) is 1 + the times below it, less the hand-ranked
   * ones from `ms` up to it; with none, the last such time below `ms`, plus those from it up
   * to `ms`. A few index steps (migration 21), and one more a hand-ranked time between. Right
   * only while the round's ranks are as a full rerank leaves them (races/time-ranks.ts).
   */
  timesBelow(roundId: number, ms: number): number {
    const s = this.statements;
    const between = (from: number, below: number) =>
      s
        .get(
          "SELECT COUNT(*) FROM elapsed_times WHERE round_id = ? AND elapsed_ms >= ? AND elapsed_ms < ?",
        )
        .pluck()
        .get(roundId, from, below) as number;
    const ranked = (side: "above" | "below") =>
      s
        .get(
          side === "above"
            ? "SELECT elapsed_ms AS ms, rank FROM elapsed_times WHERE round_id = ? AND elapsed_ms >= ? AND rank_given = 0 ORDER BY elapsed_ms LIMIT 1"
            : "SELECT elapsed_ms AS ms, rank FROM elapsed_times WHERE round_id = ? AND elapsed_ms < ? AND rank_given = 0 ORDER BY elapsed_ms DESC LIMIT 1",
        )
        .get(roundId, ms) as { ms: number; rank: number } | undefined;
    const above = ranked("above");
    if (above !== undefined) return above.rank - 1 - between(ms, above.ms);
    const below = ranked("below");
    if (below !== undefined) return below.rank - 1 + between(below.ms, ms);
    return between(Number.MIN_SAFE_INTEGER, ms);
  }

  /**
   * Moves the service's ranks (rank_given 0) of the round's times above `steps[0].above` in
   * one statement: a time above `steps[i].above` (and not above the next step's) by
   * `steps[i].by`, dated `now`; times in `except` and moves of 0 are left as they are.
   */
  shiftRanks(
    roundId: number,
    steps: readonly { readonly above: number; readonly by: number }[],
    except: readonly number[],
    now: string,
  ): void {
    const first = steps.findIndex((step) => step.by !== 0);
    if (first < 0) return;
    const last = steps.findLastIndex((step) => step.by !== 0);
    // Steps moving by the same as the one before are one (fewer WHENs a row), and the CASE is
    // a filter too only when a move of 0 lies between others: 8,000 racers entered in random
    // order 2.01 -> 1.74 s (bench/race-bulk.mjs --order random, medians of 5, load 6).
    const moves = steps
      .slice(first, last + 1)
      .filter((step, i, all) => i === 0 || step.by !== all[i - 1]!.by);
    const cases = moves.slice(1).map(() => "WHEN elapsed_ms <= ? THEN ?");
    const by = cases.length === 0 ? "?" : `CASE ${cases.join(" ")} ELSE ? END`;
    const byParams = [...moves.slice(1).flatMap((step, i) => [step.above, moves[i]!.by])];
    byParams.push(moves.at(-1)!.by);
    const upTo = last + 1 < steps.length ? " AND elapsed_ms <= ?" : "";
    const range = [steps[first]!.above, ...(upTo === "" ? [] : [steps[last + 1]!.above])];
    // A move of 0 between others leaves its times undated.
    const still = moves.some((step) => step.by === 0);
    this.statements
      .get(
        `UPDATE elapsed_times SET rank = rank + ${by}, updated_at = ? WHERE round_id = ? AND elapsed_ms > ?${upTo} AND rank_given = 0 AND id NOT IN (SELECT value FROM json_each(?))${still ? ` AND ${by} <> 0` : ""}`,
      )
      .run(...byParams, now, roundId, ...range, JSON.stringify(except), ...(still ? byParams : []));
  }

  deleteByRound(roundId: number): void {
    this.statements.get("DELETE FROM elapsed_times WHERE round_id = ?").run(roundId);
  }

  deleteByRace(raceId: number): void {
    this.statements.get("DELETE FROM elapsed_times WHERE race_id = ?").run(raceId);
  }
}
