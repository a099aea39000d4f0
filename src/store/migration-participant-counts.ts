/**
 * Migration 16 (issue 27): an insert of participants counts them and moves the
 * tournament's revision once a statement, from the repository
 * (participants-repository.ts, `counted`), not by three trigger UPDATEs a row. Each
 * inserted participant ran `participants_counted` (rewriting the tournament's row,
 * whose own update trigger moved the revision) and `participants_revision_insert`
 * (moving it again); a race's participant ran `race_participants_counted`. A bulk add
 * of 1,024 through the service in memory: 9.12 -> 6.23 ms of CPU (medians of 40 runs
 * alternated with a build of f95e91b in one process, load 4.4). The
 * repository is the only writer of these tables (an older tourney refuses a newer
 * store), so the counts stay what the triggers kept. Readers compare revisions for
 * equality only, so one move an insert is enough. Deletes and updates keep their
 * triggers.
 */
export const PARTICIPANT_COUNTS_MIGRATION = `
  DROP TRIGGER IF EXISTS participants_counted;
  DROP TRIGGER IF EXISTS participants_revision_insert;
  DROP TRIGGER IF EXISTS race_participants_counted;
`;
