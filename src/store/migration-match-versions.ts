/**
 * Migration 20 (issue 27, the file store near SQLite's floor): a match row counts its own
 * updates (`version`), and tourney's updates of match rows no longer move the tournament's
 * revision row. The revision trigger of migration 12 wrote the tournament_revisions page in
 * every report, a page beside the match rows the report writes: 3.48 frames a report, 1.00
 * of them that page (bench/report-pages.mjs, a 1,024-player double elimination). Readers
 * tell a change of a tournament's matches by their versions instead
 * (tournament-revisions.ts): this connection's own updates from the store's log of them,
 * another connection's by the sum of the versions of the tournament's rows, summed again
 * once another connection has committed. Measured (1,024-player double elimination on the
 * WAL file, against the commit before, same run): 2.48 vs 3.48 frames a report; the median
 * report 25.7 vs 30.8 us and main-thread CPU 33.7 vs 37.9 us (bench/report-syscalls.mjs
 * --runs 7, load 7.4); CPU a report 30.6 vs 34.9 us (bench/report-cpu.mjs --store file).
 *
 * tourney's UPDATEs set `version = version + 1` (match-writes.ts writeKind). An UPDATE that
 * leaves the version as it was (another writer's: the sqlite3 shell) still moves the
 * revision, by the trigger remade here with a WHEN. Plain SQL, in any SQLite that writes
 * the file. The added column is the last of the row: its default (0) is not stored in
 * the rows already there, and a version below 2 takes no byte of the row (SQLite's
 * integer constants 0 and 1), one byte up to 127: within match-columns.ts GROWTH_ROOM_BYTES.
 */
export const MATCH_VERSIONS_MIGRATION = `
  ALTER TABLE matches ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
  DROP TRIGGER IF EXISTS matches_revision_update;
  CREATE TRIGGER matches_revision_update AFTER UPDATE ON matches
    WHEN NEW.version IS OLD.version BEGIN
    UPDATE tournament_revisions SET revision = revision + 1 WHERE tournament_id = NEW.tournament_id;
  END;
`;
