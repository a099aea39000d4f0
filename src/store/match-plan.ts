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
