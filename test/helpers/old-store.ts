/**
 * A store as an older tourney left it: the rows of the database at `dbPath` moved into a
 * new file made by the first `version` migrations only, which then takes its place. Unlike
 * rewinding `user_version` on the current file, every later migration finds the schema it
 * was written for (an ALTER TABLE ADD COLUMN runs on a table without the column), so a test
 * keeps working as migrations are added.
 *
 * Each table of the old schema takes the columns it shares with the current one. Foreign
 * keys are turned off for the copy (better-sqlite3 turns them on), so the owned rows go in first and the tournaments last:
 * the old schema's triggers then count nothing twice (a participant's insert trigger finds
 * no tournament row to update yet), and the tournaments' insert trigger makes each one's
 * revision row afresh. A row an old migration made (the local user) gives way to the current one.
 */
import { renameSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { MIGRATIONS } from "../../src/store/migrations.js";

const LAST = ["tournaments"];
const SKIPPED = new Set(["sqlite_sequence", "tournament_revisions"]);

function columns(db: Database.Database, schema: string, table: string): string[] {
  return (db.pragma(`${schema}.table_info(${JSON.stringify(table)})`) as { name: string }[]).map(
    (c) => c.name,
  );
}

export function rewriteAsVersion(dbPath: string, version: number): void {
  const oldPath = `${dbPath}.v${version}`;
  rmSync(oldPath, { force: true });
  const old = new Database(oldPath);
  for (const sql of MIGRATIONS.slice(0, version)) old.exec(sql);
  old.pragma(`user_version = ${version}`);
  old.pragma("foreign_keys = OFF");
  old.prepare("ATTACH DATABASE ? AS current").run(dbPath);
  const tables = old
    .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table'")
    .pluck()
    .all() as string[];
  const ordered = [
    ...tables.filter((t) => !LAST.includes(t) && !SKIPPED.has(t)),
    ...LAST.filter((t) => tables.includes(t)),
  ];
  old.transaction(() => {
    for (const table of ordered) {
      const current = columns(old, "current", table);
      const shared = columns(old, "main", table).filter((c) => current.includes(c));
      if (shared.length === 0) continue;
      const list = shared.map((c) => JSON.stringify(c)).join(", ");
      const name = JSON.stringify(table);
      old.exec(`INSERT OR REPLACE INTO main.${name} (${list}) SELECT ${list} FROM current.${name}`);
    }
  })();
  old.exec("DETACH DATABASE current");
  old.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbPath}${suffix}`, { force: true });
  renameSync(oldPath, dbPath);
}
