/**
 * What the cache's held match rows of a tournament are checked against after another
 * connection's commit (store-cache.ts), so that a commit to tournament A no longer drops
 * B's rows (issue 27's scale review: a CLI report on A made serve read B's 124,750 rows
 * again). A tournament's rows changed if its row of tournament_revisions moved (an insert or
 * delete of its match rows, a write of its own row, participants, stations, byes,
 * attachments: migration-revisions.ts; an update of a match row by another writer than
 * tourney) or the sum of its rows' versions did (tourney's updates of match rows move a
 * row's `version`: migration-match-versions.ts). The revision is read before the rows are
 * (a commit between the two drops them at the next check), the versions with the rows,
 * in the same statement, so the sum is the one of the rows held. The check's sum reads
 * the held range of ids (a range of the table, no index): 124,750 rows, 44-127 ms at load
 * 7.8 here, against 2.6-4.3 s to read them again.
 */
import type { Db } from "../database.js";
import { readMatchRow, SELECT_MATCHES } from "../match-columns.js";
import type { MatchRow } from "../match-rows.js";
import { Statements } from "../statements.js";

/** Match rows read with the sum of their versions. */
export interface LoadedRows {
  readonly rows: MatchRow[];
  readonly versions: number;
}

/**
 * Thrown by a read of many of T's match rows while the cache refuses to load them at once
 * (serve's reads, StoreCache.deferOver; service/cold-lists.ts): the request is answered
 * once they are held, a chunk a turn, not with every other request waiting.
 */
export class ColdRows extends Error {
  constructor(readonly tournamentId: number) {
    super(`the match rows of tournament ${tournamentId} are not held`);
  }
}

const VERSIONED = SELECT_MATCHES.replace(" FROM matches", ", version FROM matches");
/** Where the version is in a VERSIONED row. */
const VERSION = 25;

export class HeldCheck {
  readonly #statements: Statements;

  constructor(db: Db) {
    this.#statements = new Statements(db);
  }

  /** T's row of tournament_revisions (NaN: none, T deleted). */
  revision(id: number): number {
    const sql = "SELECT revision FROM tournament_revisions WHERE tournament_id = ?";
    return (this.#statements.get(sql).pluck().get(id) as number | undefined) ?? Number.NaN;
  }

  /** The sum of the versions of T's rows with ids from `low` to `high`. */
  versions(id: number, low: number, high: number): number {
    // `+tournament_id`: the range of ids is read, not the index and a row for each entry.
    const sql =
      "SELECT TOTAL(version) FROM matches WHERE id BETWEEN ? AND ? AND +tournament_id = ?";
    return this.#statements.get(sql).pluck().get(low, high, id) as number;
  }

  /**
   * Up to `limit` (-1: all) of T's rows past id `after` (0: from the first), in id order,
   * and the sum of their versions: by a range of ids from T's first, not a sort of T's rows.
   */
  rowsAfter(id: number, after: number, limit = -1): LoadedRows {
    const raw = (
      after === 0 && limit < 0
        ? this.#statements.get(`${VERSIONED} WHERE tournament_id = ? ORDER BY id`).raw(true).all(id)
        : this.#after(id, after, limit)
    ) as unknown[][];
    const rows: MatchRow[] = new Array(raw.length);
    let versions = 0;
    for (let i = 0; i < raw.length; i++) {
      rows[i] = readMatchRow(raw[i]!);
      versions += raw[i]![VERSION] as number;
    }
    return { rows, versions };
  }

  #after(id: number, after: number, limit: number): unknown[] {
    const first = "SELECT MIN(id) - 1 FROM matches WHERE tournament_id = ?";
    const from = after > 0 ? after : (this.#statements.get(first).pluck().get(id) as number | null);
    if (from === null) return [];
    const sql = `${VERSIONED} WHERE id > ? AND +tournament_id = ? ORDER BY id LIMIT ?`;
    return this.#statements.get(sql).raw(true).all(from, id, limit);
  }
}
