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

type Matches = Pick<MatchStore, "findByKey">;

/**
 * Each row's origins, kept with the row object (issue 27). The store's cache holds a
 * tournament's rows as objects and writes them in place, so the reply to every report and
 * each page of a list asks the same object again; its origins were two looks at the sources'
 * memo and two lookups by plan key (three Map lookups each) every time: the reply's origins
 * were the largest share of a settled report's Map lookups, which were 10.2 % of the PUT
 * route's CPU samples (`perf record -e cpu-clock` of a process's 6th case on the file).
 * What they depend on does not change while the object lives: a row's sources are written
 * once, when it is inserted, and so are the ids of the matches they name (a stage's rows are
 * inserted together, before any look, and rows only ever name rows inserted with or before
 * them: a swiss or free-for-all round's, inserted later, name participants). Rows read
 * again (another connection's commit drops the cache's rows, a CLI process reads rows by SQL)
 * are new objects: looked up again. A WeakMap, so that a row the cache lets go takes its
 * entry with it. Measured against the commit before (load 17-19, other helpers' runs): the
 * reply's origins 0.88 and 0.80 -> 0.32 and 0.30 us (bench/report-phases.mjs' timers,
 * medians a report of a process's 6th case in memory); `node bench/match-list-records.mjs
 * --against DIR`, all 2,046 records of a 1,024-player double elimination: 0.099 and 0.305
 * of the time before (5.997 -> 0.592 ms and 1.539 -> 0.470 ms a list).
 */
const kept = new WeakMap<MatchRow, SlotOrigins>();

function keep(row: MatchRow, origins: SlotOrigins): SlotOrigins {
  kept.set(row, origins);
  return origins;
}

/** The id of the stored match of `row`'s stage with plan key `key`; null for none (a bye). */
function idByKey(matches: Matches, row: MatchRow, key: string): number | null {
  const ref = { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
  return matches.findByKey(ref, key)?.id ?? null;
}

/** `row`'s origins, each prerequisite's id given by `idOf` (a bye is no stored match: nobody to name). */
function originsWith(
  row: MatchRow,
  idOf: (row: MatchRow, key: string) => number | null,
): SlotOrigins {
  const s1 = sourceOf(row.player1_source);
  const s2 = sourceOf(row.player2_source);
  const p1 = s1.type === "participant" ? null : idOf(row, s1.match);
  const p2 = s2.type === "participant" ? null : idOf(row, s2.match);
  return {
    player1_prereq_match_id: p1,
    player1_is_prereq_match_loser: p1 !== null && s1.type === "loser",
    player2_prereq_match_id: p2,
    player2_is_prereq_match_loser: p2 !== null && s2.type === "loser",
  };
}

/** The origins of rows of one tournament, looking each prerequisite up once by plan key. */
export function originsFrom(matches: Matches): OriginsOf {
  const ids = new Map<string, number | null>();
  const idOf = (row: MatchRow, key: string): number | null => {
    const memo = `${row.stage}:${row.group_id ?? ""}:${key}`;
    let id = ids.get(memo);
    if (id === undefined) {
      id = idByKey(matches, row, key);
      ids.set(memo, id);
    }
    return id;
  };
  return (row) => kept.get(row) ?? keep(row, originsWith(row, idOf));
}

/**
 * The origins of one row (the reply to a report, a GET of one match): each prerequisite
 * looked up directly, with no memo of the lookups made for it (issue 27: a memo, two
 * closures and two pairs a reply).
 */
export function originsOf(matches: Matches, row: MatchRow): SlotOrigins {
  return (
    kept.get(row) ??
    keep(
      row,
      originsWith(row, (r, key) => idByKey(matches, r, key)),
    )
  );
}
