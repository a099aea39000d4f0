/**
 * Each tournament's own change counter (migration 12, migration-revisions.ts): moved by
 * triggers on any write to the tournament or the rows it owns, by this connection or
 * another process's. Read with a statement of its own, outside the store's cache, so a
 * look always sees the latest commit (no transaction is held between requests).
 */
import type { Db } from "./database.js";

/** The reader of tournament revisions; undefined for a tournament that does not exist. */
export function tournamentRevisions(db: Db): (id: number) => number | undefined {
  const statement = db
    .prepare("SELECT revision FROM tournament_revisions WHERE tournament_id = ?")
    .pluck();
  return (id) => statement.get(id) as number | undefined;
}
