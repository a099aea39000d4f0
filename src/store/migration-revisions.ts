/**
 * Migration 12 (issue 24): `tournament_revisions`, one counter per tournament, bumped by
 * triggers on every insert, update or delete of the tournament's row and of the rows it
 * owns (participants, matches, byes, stations, station queues, match attachments), so
 * another process's write (the CLI while serve runs) moves it too. Serve reads it
 * (tournament-revisions.ts) to tell whether its shared snapshot of a tournament is current.
 * Since migration 15 inserted match rows move it once an insert, from the repository
 * (matches-repository.ts insertRows), not by a trigger once a row; since migration 20
 * (migration-match-versions.ts, exported from here) tourney's updates of match rows do not.
 */

export { MATCH_VERSIONS_MIGRATION } from "./migration-match-versions.js";

/** The statement bumping the revision of the tournament `idExpression` names. */
const bump = (idExpression: string): string =>
  `UPDATE tournament_revisions SET revision = revision + 1 WHERE tournament_id = ${idExpression};`;

/** Insert, update and delete triggers on `table`, bumping the tournament `of(row)` names. */
function triggers(table: string, of: (row: "NEW" | "OLD") => string): string {
  return `
  CREATE TRIGGER ${table}_revision_insert AFTER INSERT ON ${table} BEGIN ${bump(of("NEW"))} END;
  CREATE TRIGGER ${table}_revision_update AFTER UPDATE ON ${table} BEGIN ${bump(of("NEW"))} END;
  CREATE TRIGGER ${table}_revision_delete AFTER DELETE ON ${table} BEGIN ${bump(of("OLD"))} END;`;
}

const byTournament = (row: string) => `${row}.tournament_id`;

export const TOURNAMENT_REVISIONS_MIGRATION = `
  CREATE TABLE tournament_revisions (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    revision      INTEGER NOT NULL
  );
  INSERT INTO tournament_revisions (tournament_id, revision) SELECT id, 1 FROM tournaments;
  CREATE TRIGGER tournaments_revision_insert AFTER INSERT ON tournaments BEGIN
    INSERT INTO tournament_revisions (tournament_id, revision) VALUES (NEW.id, 1);
  END;
  CREATE TRIGGER tournaments_revision_update AFTER UPDATE ON tournaments BEGIN ${bump("NEW.id")} END;
  ${triggers("participants", byTournament)}
  ${triggers("matches", byTournament)}
  ${triggers("byes", byTournament)}
  ${triggers("stations", byTournament)}
  ${triggers("station_queuers", (row) => `(SELECT tournament_id FROM stations WHERE id = ${row}.station_id)`)}
  ${triggers("match_attachments", (row) => `(SELECT tournament_id FROM matches WHERE id = ${row}.match_id)`)}
`;
