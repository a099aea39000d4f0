/** The one mapping between match rows and the columns of the matches table. */
import type { MatchRow, NewMatch } from "./match-rows.js";

/** The columns of a match row, in the order `SELECT_MATCHES` selects them. */
const ROW_COLUMNS = [
  "id",
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
  "winner_id",
  "loser_id",
  "tie",
  "score_sets",
  "entries",
  "underway_at",
  "completed_at",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof MatchRow)[];

/** Every column of match rows, in ROW_COLUMNS order: read with `.raw()` and `readMatchRow`. */
export const SELECT_MATCHES = `SELECT ${ROW_COLUMNS.join(", ")} FROM matches`;

/**
 * A row selected by SELECT_MATCHES as an array (cheaper than the driver's
 * objects when many rows are read), as a row object.
 */
export function readMatchRow(r: readonly unknown[]): MatchRow {
  return {
    id: r[0],
    tournament_id: r[1],
    stage: r[2],
    group_id: r[3],
    plan_key: r[4],
    side: r[5],
    round: r[6],
    identifier: r[7],
    suggested_play_order: r[8],
    player1_source: r[9],
    player2_source: r[10],
    only_if_loser_wins: r[11],
    active: r[12],
    player1_id: r[13],
    player2_id: r[14],
    state: r[15],
    winner_id: r[16],
    loser_id: r[17],
    tie: r[18],
    score_sets: r[19],
    entries: r[20],
    underway_at: r[21],
    completed_at: r[22],
    created_at: r[23],
    updated_at: r[24],
  } as MatchRow;
}

/** Columns given when a row is inserted; the others take their defaults. */
export const INSERT_COLUMNS = [
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

/** The stored row of a new match (as the database holds it once inserted with id `id`). */
export function newMatchRow(m: NewMatch, tournamentId: number, id: number, now: string): MatchRow {
  return {
    id,
    tournament_id: tournamentId,
    stage: m.stage,
    group_id: m.groupId,
    plan_key: m.key,
    side: m.side,
    round: m.round,
    identifier: m.identifier,
    suggested_play_order: m.suggestedPlayOrder,
    player1_source: m.player1Source,
    player2_source: m.player2Source,
    only_if_loser_wins: m.onlyIfLoserWins,
    active: m.active ? 1 : 0,
    player1_id: m.player1Id,
    player2_id: m.player2Id,
    state: m.state,
    winner_id: null,
    loser_id: null,
    tie: 0,
    score_sets: null,
    entries: m.entries ?? null,
    underway_at: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
  };
}

/** The INSERT_COLUMNS values of a new match, appended to `params`. */
export function pushInsertValues(
  params: unknown[],
  m: NewMatch,
  tournamentId: number,
  now: string,
): void {
  params.push(
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

/**
 * Bytes a new row is stored with beyond its values (`growth_room`, migration 18), given up
 * by its first write (match-writes.ts): a row grows by about 40 bytes as it is played (its
 * players, state, winner, loser, scores and completed_at), and a start packs the rows into
 * full pages, so without this room most growths split a page, and a report wrote the
 * split's pages, its parent and page 1 besides its own (issue 27, the file store near its
 * floor). A played-out 1,024-player double elimination on the WAL file: 3.68 -> 3.48 frames
 * a report (the matches table's leaves 2.61 -> 2.47, its interior pages and page 1 0.08 ->
 * 0; 7.41 -> 7.00 pwrite64, strace), its table 93 pages after the start and 125 after the
 * splits before, 120 from the start to the end now (test/store/match-growth-room.test.ts).
 * Its time, not only its frames: a report 0.935 of the CPU and 0.847 of the wall time
 * (bench/report-cpu.mjs --store file --runs 16 against the build before it, load 7.8).
 *
 * Also what tells tourney's inserts from another writer's: migration 19's trigger
 * (migration-participant-counts.ts) moves the revision for a match row inserted with
 * growth_room NULL, and tourney's own insert moves it once a statement. So every insert
 * of match rows here must set it (test/store/match-insert-revision.test.ts fails if not).
 */
export const GROWTH_ROOM_BYTES = 48;

export function insertSql(rows: number): string {
  const values = `(${INSERT_COLUMNS.map(() => "?").join(", ")}, zeroblob(${GROWTH_ROOM_BYTES}))`;
  return `INSERT INTO matches (${INSERT_COLUMNS.join(", ")}, growth_room) VALUES ${Array(rows).fill(values).join(", ")}`;
}
