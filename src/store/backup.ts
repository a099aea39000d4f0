/**
 * A consistent copy of a database file that another process may hold open (`tourney serve
 * backup`, review J #1). The file alone is no backup while it is open: in WAL mode the
 * latest writes sit in its -wal file until a checkpoint, so a `cp` of it comes out empty or
 * stale. `VACUUM INTO` reads one snapshot (the -wal included) and writes it into a new
 * file; that copy is then put in rollback mode (journal_mode DELETE), so that it is one
 * self-contained file that needs no -wal beside it.
 */
import Database from "better-sqlite3";
import { nativeAddon } from "./native-binding.js";

/** What the copy holds. */
export interface BackupCounts {
  readonly tournaments: number;
  readonly participants: number;
  readonly matches: number;
  readonly races: number;
}

function connect(path: string, busyTimeoutMs: number): Database.Database {
  const native = nativeAddon();
  return new Database(path, {
    fileMustExist: true,
    timeout: busyTimeoutMs,
    ...(native === null ? {} : { nativeBinding: native }),
  });
}

function count(db: Database.Database, table: string): number {
  const known = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(table);
  if (known === undefined) return 0;
  return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/**
 * Copies the database at `source` into `target` (which must not exist yet) as one
 * snapshot, waiting up to `busyTimeoutMs` for another connection's lock; returns what
 * the copy holds, counted in the copy.
 */
export function backupDatabase(source: string, target: string, busyTimeoutMs = 5000): BackupCounts {
  const from = connect(source, busyTimeoutMs);
  try {
    from.prepare("VACUUM INTO ?").run(target);
  } finally {
    from.close();
  }
  const copy = connect(target, busyTimeoutMs);
  try {
    copy.pragma("journal_mode = DELETE");
    return {
      tournaments: count(copy, "tournaments"),
      participants: count(copy, "participants"),
      matches: count(copy, "matches"),
      races: count(copy, "races"),
    };
  } finally {
    copy.close();
  }
}
