/**
 * One read transaction around `fn` (a savepoint when `db` is in a transaction already), as
 * better-sqlite3's `db.transaction(fn)()` runs it, for the embedded list's reads
 * (tournament-records-json.ts, tournament-fields-json.ts). Its statements run through
 * `db.exec`: the first `db.transaction` of a connection prepares nine statements (BEGIN of
 * four kinds, COMMIT, ROLLBACK and three for savepoints) and makes four wrapper functions,
 * and the read-only path's connection runs one transaction in its life. The first read
 * transaction of a connection, in a new process (a probe, 7 runs): 0.27-0.32 ms with
 * db.transaction, 0.02-0.03 ms this way; the records of the list of 1 in the built binary
 * 0.45 -> 0.37 ms (marks, medians of 21 runs, load ~4).
 */
import type { Db } from "./database.js";

const SAVEPOINT = "tourney_read";

export function readTransaction<T>(db: Db, fn: () => T): T {
  const nested = db.inTransaction;
  db.exec(nested ? `SAVEPOINT ${SAVEPOINT}` : "BEGIN");
  try {
    const result = fn();
    db.exec(nested ? `RELEASE ${SAVEPOINT}` : "COMMIT");
    return result;
  } catch (error) {
    if (db.inTransaction) {
      db.exec(nested ? `ROLLBACK TO ${SAVEPOINT}` : "ROLLBACK");
      if (nested) db.exec(`RELEASE ${SAVEPOINT}`);
    }
    throw error;
  }
}
