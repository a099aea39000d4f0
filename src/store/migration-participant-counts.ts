/**
 * Migration 16 (issue 27): an insert of participants counts them and moves the
 * tournament's revision once a statement, from the repository
 * (participants-repository.ts, `counted`), not by three trigger UPDATEs a row. Each
 * inserted participant ran `participants_counted` (rewriting the tournament's row,
 * whose own update trigger moved the revision) and `participants_revision_insert`
 * (moving it again); a race's participant ran `race_participants_counted`. A bulk add
 * of 1,024 through the service in memory: 9.12 -> 6.23 ms of CPU (medians of 40 runs
 * alternated with a build of f95e91b in one process, load 4.4). It took the
 * repository for the only writer of these tables: a row another writer inserted was
 * no longer counted (migration 19, below, counts those again). Readers compare revisions for
 * equality only, so one move an insert is enough. Deletes and updates keep their
 * triggers.
 */
export const PARTICIPANT_COUNTS_MIGRATION = `
  DROP TRIGGER IF EXISTS participants_counted;
  DROP TRIGGER IF EXISTS participants_revision_insert;
  DROP TRIGGER IF EXISTS race_participants_counted;
`;

/**
 * Migration 19: rows inserted by another writer than tourney's repositories (the `sqlite3` shell, a
 * script, another tool) are counted and move their tournament's revision again.
 * Migrations 15 and 16 dropped the per-row insert triggers (the repositories count and
 * move the revision once a statement: a bulk add of 1,024 9.12 -> 6.23 ms of CPU), so
 * such a row was no longer counted in `participants_count` (the next bulk add gave a
 * seed twice, and the start used them) and `tourney serve`'s snapshot of its tournament
 * stayed stale.
 *
 * The triggers are back for those rows only: each has a WHEN clause that is false for a
 * row tourney inserts, so for tourney's own inserts SQLite checks one column of the new
 * row and runs no UPDATE.
 * - participants, race_participants: `insert_counted`, 1 when the INSERT's writer counts
 *   the row itself (the repository sets it: participants-repository.ts); an INSERT that
 *   leaves it out stores the default 0 and the trigger counts the row (the tournament's
 *   row update moves its revision: tournaments_revision_update). It matters only to the
 *   insert trigger: rows older than this migration read 0 and were counted when inserted.
 * - matches: tourney inserts every row with `growth_room` set (match-columns.ts
 *   insertSql, GROWTH_ROOM_BYTES); an INSERT that leaves it out stores NULL and the
 *   trigger moves the revision. No column added: the row's layout is kept as it is.
 * What it costs tourney's bulk adds: an INSERT trigger, even one whose WHEN is false,
 * makes SQLite stage a multi-row INSERT's rows in a temporary table and enter the
 * trigger's program once a row (1.9 -> 3.0 ms for 1,024 rows in 11 statements, pure SQL,
 * the full UPDATE trigger 3.2). A bulk add of 1,024 through the service in memory,
 * bench/bulk-add-cpu.mjs --runs 80, medians of the ratios side by side, CPU: 1.098 and
 * 1.095 against a build of 838123f (migration 16, no insert trigger; load 5.0), 0.842
 * against one of 0fa2e3a (the per-row triggers before migration 16; load 4.7).
 * Plain SQL, nothing newer than SQLite 3.40 and no function only tourney's connection
 * registers: the triggers run in any SQLite that writes the file.
 */
export const FOREIGN_INSERTS_MIGRATION = `
  ALTER TABLE participants ADD COLUMN insert_counted INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE race_participants ADD COLUMN insert_counted INTEGER NOT NULL DEFAULT 0;
  CREATE TRIGGER participants_counted_foreign AFTER INSERT ON participants
    WHEN NEW.insert_counted = 0 BEGIN
    UPDATE tournaments SET participants_count = participants_count + 1 WHERE id = NEW.tournament_id;
  END;
  CREATE TRIGGER race_participants_counted_foreign AFTER INSERT ON race_participants
    WHEN NEW.insert_counted = 0 BEGIN
    UPDATE races SET participants_count = participants_count + 1 WHERE id = NEW.race_id;
  END;
  CREATE TRIGGER matches_revision_insert_foreign AFTER INSERT ON matches
    WHEN NEW.growth_room IS NULL BEGIN
    UPDATE tournament_revisions SET revision = revision + 1 WHERE tournament_id = NEW.tournament_id;
  END;
`;
