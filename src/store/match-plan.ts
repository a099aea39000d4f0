/**
 * The plan of a stage read around one match, by key (issue 12): the rows that
 * take a match's winner or loser, and the stage's terminal rows. A report in
 * an elimination stage needs those, not the stage: a 16,384-player double
 * elimination read and indexed its 32,766 rows at every `match report`
 * (32 % of the process), where these read a handful through the indexes of
 * migration 6.
 *
 * `terminal` (a column no row read shows) is kept on insert: in a stage whose
 * rows take other rows' winners or losers (an elimination bracket, stored in
 * one insert), a row is terminal when no row of the stage takes its winner.
 * Stages whose rows all start from participants (round robin, swiss, free for
 * all) have none.
 */
import { readMatchRow, SELECT_MATCHES } from "./match-columns.js";
import { decodeSource } from "./match-json.js";
import type { MatchRow, NewMatch, StageRef } from "./match-rows.js";
import type { Statements } from "./statements.js";

const STAGE = "tournament_id = ? AND stage = ? AND IFNULL(group_id, 0) = ?";
const stageParams = (ref: StageRef) => [ref.tournamentId, ref.stage, ref.groupId ?? 0];

/** The rows of a stage with a slot fed by `key` (matches_player1_from / matches_player2_from). */
const FED_BY = `${SELECT_MATCHES} WHERE ${STAGE} AND json_extract(player1_source, '$.match') = ?
  UNION ${SELECT_MATCHES} WHERE ${STAGE} AND json_extract(player2_source, '$.match') = ?
  ORDER BY suggested_play_order, id`;

/** What one insert stored of a stage: its keys, the keys whose winner it takes, whether linked. */
interface InsertedStage {
  readonly ref: StageRef;
  readonly keys: string[];
  readonly winnersTaken: Set<string>;
  linked: boolean;
}

const WINNER_OF = '{"type":"winner","match":"';
const LOSER_OF = '{"type":"loser","match":"';

/** The match a slot source takes the winner or loser of (undefined: a participant). */
function takes(source: string): { match: string; winner: boolean } | undefined {
  if (!source.includes('"match"')) return undefined;
  // The text encodeSource writes for the engine's { type, match }, read without parsing when
  // it is exactly that (a key needing no escape): the JSON.parse of the sources just encoded
  // was 7 % of a 1,024-player double elimination's start in a CPU profile (issue 27).
  const winner = source.startsWith(WINNER_OF);
  if ((winner || source.startsWith(LOSER_OF)) && source.endsWith('"}')) {
    const match = source.slice(winner ? WINNER_OF.length : LOSER_OF.length, -2);
    if (!match.includes('"') && !match.includes("\\")) return { match, winner };
  }
  const s = decodeSource(source);
  return s.type === "participant" ? undefined : { match: s.match, winner: s.type === "winner" };
}

/** Follows one insert's rows, then marks the terminal rows of the stages it linked. */
export class TerminalMarks {
  private readonly stages = new Map<string, InsertedStage>();

  constructor(
    private readonly statements: Statements,
    private readonly tournamentId: number,
  ) {}

  add(m: NewMatch): void {
    const id = `${m.stage}/${m.groupId ?? 0}`;
    let stage = this.stages.get(id);
    if (stage === undefined) {
      const ref = { tournamentId: this.tournamentId, stage: m.stage, groupId: m.groupId };
      stage = { ref, keys: [], winnersTaken: new Set(), linked: false };
      this.stages.set(id, stage);
    }
    stage.keys.push(m.key);
    for (const source of [m.player1Source, m.player2Source]) {
      const taken = takes(source);
      if (taken === undefined) continue;
      stage.linked = true;
      if (taken.winner) stage.winnersTaken.add(taken.match);
    }
  }

  /** Sets the flag of each linked stage's new terminal rows (and clears it where a new row takes a winner). */
  mark(): void {
    const set = this.statements.get(
      `UPDATE matches SET terminal = ? WHERE ${STAGE} AND plan_key = ?`,
    );
    for (const { ref, keys, winnersTaken, linked } of this.stages.values()) {
      if (!linked) continue;
      const params = stageParams(ref);
      const inserted = new Set(keys);
      for (const key of keys) if (!winnersTaken.has(key)) set.run(1, ...params, key);
      for (const key of winnersTaken) if (!inserted.has(key)) set.run(0, ...params, key);
    }
  }
}

/** Rows of a stage whose player1 or player2 takes `key`'s winner or loser, in play order. */
export function fedBy(statements: Statements, ref: StageRef, key: string): MatchRow[] {
  const params = stageParams(ref);
  const raw = statements
    .get(FED_BY)
    .raw(true)
    .all(...params, key, ...params, key) as unknown[][];
  return raw.map(readMatchRow);
}

/** Plan keys of a stage's terminal rows, in play order. */
export function terminalKeys(statements: Statements, ref: StageRef): string[] {
  return statements
    .get(
      `SELECT plan_key FROM matches WHERE ${STAGE} AND terminal = 1 ORDER BY suggested_play_order, id`,
    )
    .pluck()
    .all(...stageParams(ref)) as string[];
}

/**
 * The rows of one stage's plan in the order to store them (issue 27, the file store near
 * its floor): in blocks of BLOCK_ROUNDS rounds of the winners' tree, each row right after the
 * rows whose winners it takes (a post-order walk within the block), each block stored when
 * its top row comes in play order. Rows are stored in id order, a page holding about 16: in
 * play order (by round) a report's result and its winner's next slot were two pages apart,
 * now mostly one. A played-out 1,024-player double elimination on the WAL file
 * (bench/report-pages.mjs): the matches table's pages a report writes 2.47 -> 1.69, its
 * frames in all 3.48 -> 2.69 (SQLite's 3-row floor writes 3). Blocks, not one walk of the
 * whole tree: the index keys then arrive in a few runs, where a whole post-order scattered
 * them (+25 % of a 50,000-player start's CPU). Rows taking no winner (round robin, swiss,
 * free for all) keep their order; ids stay consecutive, lists stay in play order
 * (LIST_ORDER: ids only break ties). `winnerOf(row, slot)`: the key of the row whose
 * winner that slot takes, else undefined.
 */
export function storageOrder<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  winnerOf: (row: T, slot: 0 | 1) => string | undefined,
): T[] {
  const n = rows.length;
  const indexOf = new Map<string, number>();
  for (let i = 0; i < n; i++) indexOf.set(keyOf(rows[i]!), i);
  const feeders = new Int32Array(2 * n).fill(-1); // the rows whose winners row i takes
  const fed = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    for (let slot = 0 as 0 | 1; slot < 2; slot++) {
      const key = winnerOf(rows[i]!, slot);
      const from = key === undefined ? undefined : indexOf.get(key);
      if (from === undefined || from === i) continue;
      feeders[2 * i + slot] = from;
      fed[from] = 1;
    }
  // Heights in the winners' tree (0: takes no winner), children first (a full post-order).
  const height = new Int32Array(n);
  for (const i of postOrder(feeders, fed, new Uint8Array(n), undefined, undefined))
    for (let slot = 0; slot < 2; slot++) {
      const from = feeders[2 * i + slot]!;
      if (from >= 0 && height[from]! + 1 > height[i]!) height[i] = height[from]! + 1;
    }
  const top = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    top[i] = height[i]! % BLOCK_ROUNDS === BLOCK_ROUNDS - 1 || fed[i] === 0 ? 1 : 0;
  const placed = new Uint8Array(n);
  const ordered: T[] = [];
  for (let root = 0; root < n; root++)
    if (placed[root] === 0 && top[root] === 1)
      for (const i of postOrder(feeders, fed, placed, top, root)) ordered.push(rows[i]!);
  // Rows on a cycle of winners (none in a plan the engine makes) keep their place at the end.
  for (let i = 0; i < n; i++) if (placed[i] === 0) ordered.push(rows[i]!);
  return ordered;
}

/** Rows a page holds about: a block of 4 rounds of a bracket is 15 rows. */
const BLOCK_ROUNDS = 4;

/**
 * Row indexes in post-order (feeders first), marked in `placed`: from `only` (else from
 * every row no winner feeds), not entering a row marked in `stop` (a block's own top aside).
 */
function postOrder(
  feeders: Int32Array,
  fed: Uint8Array,
  placed: Uint8Array,
  stop: Uint8Array | undefined,
  only: number | undefined,
): number[] {
  const out: number[] = [];
  const stack: number[] = [];
  const n = placed.length;
  for (let root = only ?? 0; root < (only === undefined ? n : only + 1); root++) {
    if ((only === undefined && fed[root] === 1) || placed[root] === 1) continue;
    stack.push(root);
    while (stack.length > 0) {
      const entry = stack.pop()!;
      const i = entry < 0 ? ~entry : entry;
      if (placed[i] === 1) continue;
      if (entry < 0) {
        placed[i] = 1;
        out.push(i);
        continue;
      }
      stack.push(~i);
      for (let slot = 1; slot >= 0; slot--) {
        const from = feeders[2 * i + slot]!;
        if (from >= 0 && placed[from] === 0 && stop?.[from] !== 1) stack.push(from);
      }
    }
  }
  return out;
}
