/**
 * Where each player of a match comes from (issue 28): the match whose winner or loser
 * takes the slot, as v1 of the hosted service words it (`player1_prereq_match_id`,
 * `player1_is_prereq_match_loser`, the same for player2). The published v2.1 description
 * draws no such field; serve adds these four to the v2.1 match record
 * (docs/interface.md, "Additions"), so a viewer can write "Loser of C" in a slot
 * still to be decided. A slot filled from the seeding has no prerequisite: null, false.
 */
import { decodeSource, type StoredSource } from "../../store/match-json.js";
import type { MatchRow, MatchStore } from "../../store/match-rows.js";

export interface SlotOrigins {
  readonly player1_prereq_match_id: number | null;
  readonly player1_is_prereq_match_loser: boolean;
  readonly player2_prereq_match_id: number | null;
  readonly player2_is_prereq_match_loser: boolean;
}

/** Answers a match row's slot origins; one per request (it remembers the ids it looked up). */
export type OriginsOf = (row: MatchRow) => SlotOrigins;

/**
 * Slot sources by their stored text, parsed once: a row's sources are read at every reply
 * about it (a report's, each page of a list), and JSON.parse of them was 3 % of a report's
 * CPU profile (issue 27). Emptied when it holds SOURCES_HELD.
 */
const sources = new Map<string, StoredSource>();
const SOURCES_HELD = 8192;

function sourceOf(text: string): StoredSource {
  let source = sources.get(text);
  if (source === undefined) {
    if (sources.size >= SOURCES_HELD) sources.clear();
    source = decodeSource(text);
    sources.set(text, source);
  }
  return source;
}

/** The origins of rows of one tournament, looking each prerequisite up once by plan key. */
export function originsFrom(matches: Pick<MatchStore, "findByKey">): OriginsOf {
  const ids = new Map<string, number | null>();
  const idOf = (row: MatchRow, key: string): number | null => {
    const memo = `${row.stage}:${row.group_id ?? ""}:${key}`;
    let id = ids.get(memo);
    if (id === undefined) {
      const ref = { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
      id = matches.findByKey(ref, key)?.id ?? null;
      ids.set(memo, id);
    }
    return id;
  };
  const side = (row: MatchRow, text: string): [number | null, boolean] => {
    const source = sourceOf(text);
    if (source.type === "participant") return [null, false];
    const id = idOf(row, source.match);
    // A bye is no stored match: nobody to name.
    return [id, id !== null && source.type === "loser"];
  };
  return (row) => {
    const [p1, p1Loser] = side(row, row.player1_source);
    const [p2, p2Loser] = side(row, row.player2_source);
    return {
      player1_prereq_match_id: p1,
      player1_is_prereq_match_loser: p1Loser,
      player2_prereq_match_id: p2,
      player2_is_prereq_match_loser: p2Loser,
    };
  };
}
