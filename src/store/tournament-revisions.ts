/**
 * Each tournament's revision as readers compare it (serve's shared snapshots, topics and
 * standings jobs): a number that moves whenever the tournament or a row it owns changed,
 * by this connection or another process's, and never goes back.
 *
 * What moves it:
 * - the tournament's row in tournament_revisions (migration 12), moved by triggers on the
 *   tournament's row and every row it owns, by the repository once a match insert, and by
 *   an update of a match row that leaves its `version` as it was (another writer's: the
 *   sqlite3 shell);
 * - tourney's own updates of match rows, which move the row's `version` instead and leave
 *   the revision row (migration 20, migration-match-versions.ts: that row's page was one
 *   of the ~3.5 pages every match report wrote). This connection's are in the store's log
 *   of its writes (cache/row-changes.ts): an update of a match id within the tournament's
 *   ids moves the revision at once. Another connection's are told by the sum of the
 *   versions of the tournament's match rows, summed again when the log cannot tell (another
 *   connection committed, a transaction rolled back) or, with no log (the store without
 *   its cache), when this connection or another wrote anything since the last look.
 *
 * The numbers are this reader's own (one per service: ETags carry the service's instance
 * too, entity-tag.ts): a tournament's moves to the reader's next number when it changed.
 * Read with statements of their own, outside the store's cache, so a look always sees the
 * latest commit. A read inside a write transaction may see that transaction's writes, as a
 * read of the revision row itself did: the public surfaces read outside them (WorkGate).
 */
import type { ChangeLog } from "./cache/row-changes.js";
import type { Db } from "./database.js";

/** What a reader last saw of a tournament. */
interface Seen {
  revision: number;
  /** Its row of tournament_revisions. */
  stored: number;
  /** The sum of its match rows' versions (NaN: not to be compared, summed in a transaction). */
  versions: number;
  /** The lowest and highest id of its match rows when summed (updates of ids between them move it). */
  low: number;
  high: number;
  /** The change log's mark after the look (with a log). */
  mark: number;
  /** data_version and total_changes() after the look (without a log). */
  dataVersion: number;
  totalChanges: number;
}

/**
 * How many tournaments' last looks a reader keeps, the least recently looked at forgotten
 * past it. An entry is made only for a tournament that exists (a look at an id with no row
 * makes none, whoever asks: serve's anonymous bracket pages and streams reach a look only
 * for a tournament they may see), but one deleted stayed until its id was looked at again,
 * which an id never reused seldom is: before, the map grew with every tournament ever
 * looked at. A Seen is about 200 bytes: 10,000 hold about 2 MB, far past the tournaments
 * serve's streams and pages can watch at once (512 streams, 256 data.json: serve-limits.md).
 * A tournament forgotten is summed again at its next look and taken as changed (a new
 * revision: its shared snapshot is built again once).
 */
export const KEPT_TOURNAMENTS = 10_000;

/** Reads a tournament's revision (undefined: it does not exist). */
export interface RevisionReader {
  (id: number): number | undefined;
  /** How many tournaments' last looks are kept now (at most `keep`). */
  readonly kept: () => number;
}

/**
 * The reader of tournament revisions (undefined for a tournament that does not exist);
 * `changes`: the store's log of this connection's writes (store.ts Store.changes), which
 * spares summing the versions after this connection's own writes; `keep`: KEPT_TOURNAMENTS.
 */
export function tournamentRevisions(
  db: Db,
  changes?: ChangeLog,
  keep = KEPT_TOURNAMENTS,
): RevisionReader {
  const stored = db
    .prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?")
    .pluck();
  const versions = db
    .prepare(
      "SELECT TOTAL(version) AS versions, MIN(id) AS low, MAX(id) AS high FROM matches WHERE tournament_id = ?",
    )
    .raw();
  const dataVersion = db.prepare("PRAGMA data_version").pluck();
  const totalChanges = db.prepare("SELECT total_changes()").pluck();
  const seen = new Map<number, Seen>();
  let last = 0;
  /** `id` looked at last (a Map keeps its keys in insertion order); the oldest past `keep` forgotten. */
  const remember = (id: number, entry: Seen): void => {
    seen.delete(id);
    seen.set(id, entry);
    if (seen.size > keep) seen.delete(seen.keys().next().value!);
  };

  const read = (id: number): number | undefined => {
    // The look at other connections' commits comes first: a commit after it is seen next time.
    const mark = changes === undefined ? 0 : changes.mark();
    const version = changes === undefined ? (dataVersion.get() as number) : 0;
    const total = changes === undefined ? (totalChanges.get() as number) : 0;
    const row = stored.get(id) as number | undefined;
    if (row === undefined) {
      seen.delete(id);
      return undefined;
    }
    const before = seen.get(id);
    if (before !== undefined && before.stored === row) {
      const written = changes?.since(before.mark, id);
      if (
        written !== undefined &&
        !written.matchRows &&
        !written.unattributed.some((match) => match >= before.low && match <= before.high) &&
        !db.inTransaction
      ) {
        // Only this connection's committed writes since the last look, none inserting or
        // deleting the tournament's match rows, each update of its rows counted: each moved
        // a row's version by one, so the sum follows without summing again.
        before.mark = mark;
        if (written.updates > 0) {
          before.versions += written.updates;
          before.revision = ++last;
        }
        remember(id, before);
        return before.revision;
      }
      if (
        changes === undefined &&
        before.dataVersion === version &&
        before.totalChanges === total &&
        !Number.isNaN(before.versions)
      ) {
        remember(id, before);
        return before.revision;
      }
    }
    // Summed: the first look, a change of the revision row (an insert of match rows among
    // them, which moves the ids' bounds), or writes the log cannot tell.
    const [sum, low, high] = versions.get(id) as [number, number | null, number | null];
    const changed = before === undefined || before.stored !== row || before.versions !== sum;
    // Inside a write transaction the sum may hold writes a rollback takes back: the next look
    // moves the revision whatever it finds (NaN equals no sum).
    const trusted = !db.inTransaction;
    const next: Seen = {
      revision: changed ? ++last : before.revision,
      stored: row,
      versions: trusted ? sum : Number.NaN,
      low: low ?? 0,
      high: high ?? -1,
      mark,
      dataVersion: version,
      totalChanges: total,
    };
    remember(id, next);
    return next.revision;
  };
  return Object.assign(read, { kept: () => seen.size });
}
