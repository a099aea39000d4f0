/**
 * Whether a tournament's held match rows are still as stored after another connection's
 * commit (`keptRows`, from store-cache.ts): serve's write worker, a CLI or a second serve on the
 * same file. Before, any such commit dropped every tournament's rows, and the next read of
 * a large one loaded them all again on serve's event loop (issue 27).
 *
 * The rows of T are kept when, read in one statement, T's revision row, the count of T's
 * rows, the sum of their ids and the sum of their versions are what the held rows give.
 * Every way a row of T changes moves one of them:
 * - tourney's UPDATE of a row adds one to its version (match-writes.ts); any other UPDATE
 *   (the sqlite3 shell) moves T's revision (trigger matches_revision_update, migration 20),
 *   a row moved to another tournament too (T's count);
 * - a DELETE moves T's revision (matches_revision_delete) and the count;
 * - an INSERT moves the count and the sum of ids (AUTOINCREMENT: a new id), and the
 *   revision (the repository's, or matches_revision_insert_foreign for another writer's;
 *   so too the insert of an INSERT OR REPLACE, whose delete fires no trigger);
 * - a tournament deleted and made again: its revision row goes, new rows take new ids.
 * The rule holds only while those triggers are the ones the migrations made: the schema
 * is compared at each such look (PRAGMA schema_version moves with any CREATE, DROP or
 * ALTER, and with a restore by SQLite's backup API), and a schema that moved, or triggers
 * not as made, drop every tournament's rows as before. A doubt drops.
 *
 * Measured gain: a 384-player round robin (73,536 rows) held by serve, read by one
 * connection while a bulk add of 300 names to another tournament runs in the write worker,
 * three times: the longest read of it 156-279 ms, against 2,704-3,511 ms with every row
 * dropped (0.05-0.08x; `node bench/held-after-worker.mjs --players 384 --readers 1 --writes 3
 * --against /work/start17`, three runs a side alternated, load 11-14 on 2 shared cores).
 *
 * Not covered (as for the revisions behind ETags, tournament-revisions.ts): a writer that
 * turns triggers off on its own connection (SQLITE_DBCONFIG_ENABLE_TRIGGER), edits
 * sqlite_master, or sets versions so that their sum comes back to what it was.
 */
import type { Statement } from "better-sqlite3";
import type { Db } from "../database.js";
import { MIGRATIONS } from "../migrations.js";
import type { HeldMatches } from "./held-matches.js";

/** The triggers the rule stands on, as the last migration that made each wrote it. */
const TRIGGERS = [
  "matches_revision_update",
  "matches_revision_delete",
  "matches_revision_insert_foreign",
];

const squeezed = (sql: string) => sql.replace(/\s+/g, " ").replace(/;\s*$/, "").trim();

/** Each trigger's statement as the migrations create it last, whitespace squeezed. */
function madeTriggers(): Map<string, string> {
  const made = new Map<string, string>();
  for (const migration of MIGRATIONS)
    for (const [sql, name] of migration.matchAll(/CREATE TRIGGER (\w+)[\s\S]*?\bEND;/g))
      if (TRIGGERS.includes(name!)) made.set(name!, squeezed(sql));
  return made;
}

export class HeldCheck {
  readonly #db: Db;
  #schema: Statement<unknown[]> | undefined;
  #revision: Statement<unknown[]> | undefined;
  #stored: Statement<unknown[]> | undefined;
  /**
   * The schema's version when the triggers were last found as made (undefined: they were
   * not). Looked at first before the first rows are stamped (`revisionOf`), not when the
   * store opens: a CLI command that holds no rows pays nothing.
   */
  #trusted: number | undefined;
  #looked = false;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The schema's version if the triggers are as the migrations made them. */
  #triggersAsMade(): number | undefined {
    this.#looked = true;
    this.#schema ??= this.#db.prepare("PRAGMA schema_version").pluck();
    const version = this.#schema.get() as number;
    const found = this.#db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'matches'",
      )
      .all() as { name: string; sql: string }[];
    const made = madeTriggers();
    const asMade = TRIGGERS.every((name) => {
      const sql = found.find((t) => t.name === name)?.sql;
      return sql !== undefined && squeezed(sql) === made.get(name);
    });
    return asMade ? version : undefined;
  }

  /**
   * After another connection's commit: whether held rows may be kept at all. False when
   * the schema moved since the triggers were found as made (looked at again for the next).
   */
  usable(): boolean {
    const trusted = this.#trusted;
    if (trusted !== undefined && this.#schema!.get() === trusted) return true;
    this.#trusted = this.#triggersAsMade();
    return false;
  }

  /** T's revision row (undefined: none), read before T's rows are (a stamp older than them drops, never keeps). */
  revisionOf(id: number): number | undefined {
    if (!this.#looked) this.#trusted = this.#triggersAsMade();
    if (this.#trusted === undefined) return undefined; // not kept past another's commit
    this.#revision ??= this.#db
      .prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?")
      .pluck();
    return this.#revision.get(id) as number | undefined;
  }

  /** Whether T's rows as stored are those `held` holds (one statement: one snapshot). */
  asStored(id: number, held: HeldMatches): boolean {
    if (held.revision === undefined) return false;
    this.#stored ??= this.#db
      .prepare(
        `SELECT (SELECT revision FROM tournament_revisions WHERE tournament_id = ?),
           COUNT(*), IFNULL(SUM(id), 0), IFNULL(SUM(version), 0)
         FROM matches WHERE tournament_id = ?`,
      )
      .raw();
    const [revision, count, ids, versions] = this.#stored.get(id, id) as number[];
    return (
      revision === held.revision &&
      count === held.byId.size &&
      ids === held.idSum &&
      versions === held.versions
    );
  }
}

/** Held rows after another connection's commit: to be looked at before use, or dropped when they cannot be. */
export function suspectAll(check: HeldCheck, matches: Map<number, HeldMatches>): void {
  if (!check.usable()) {
    matches.clear();
    return;
  }
  for (const [id, held] of matches) {
    if (held.revision === undefined) matches.delete(id);
    else held.suspect = true;
  }
}

/** T's held rows if they can be used: not suspect, or found as stored (else dropped). */
export function keptRows(
  check: HeldCheck,
  matches: Map<number, HeldMatches>,
  id: number,
  held: HeldMatches | undefined,
): HeldMatches | undefined {
  if (held === undefined || !held.suspect) return held;
  if (check.asStored(id, held)) {
    held.suspect = false;
    return held;
  }
  matches.delete(id);
  return undefined;
}

/** The revisions of held rows whose revision is not known, read now (before a look at data_version). */
export function unknownRevisions(
  check: HeldCheck,
  ...maps: Map<number, HeldMatches>[]
): [HeldMatches, number | undefined][] {
  const read: [HeldMatches, number | undefined][] = [];
  for (const map of maps)
    for (const [id, held] of map)
      if (held.revision === undefined) read.push([held, check.revisionOf(id)]);
  return read;
}
