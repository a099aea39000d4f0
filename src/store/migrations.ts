/**
 * Versioned schema migrations. `PRAGMA user_version` records how many have run;
 * each runs once, in order, inside one transaction. Never edit a migration that
 * has shipped: add a new one.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: tournaments, participants, API keys
  `
  CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    url           TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT NOT NULL,
    tournament_type TEXT NOT NULL,
    state         TEXT NOT NULL DEFAULT 'pending',
    settings      TEXT NOT NULL,
    community_id  TEXT,
    random_seed   INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    started_at    TEXT,
    completed_at  TEXT
  );
  CREATE INDEX tournaments_created_at ON tournaments (created_at);
  CREATE INDEX tournaments_state ON tournaments (state);

  CREATE TABLE participants (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    misc          TEXT,
    username      TEXT,
    email         TEXT,
    active        INTEGER NOT NULL DEFAULT 1,
    checked_in_at TEXT,
    group_id      INTEGER,
    final_rank    INTEGER,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE INDEX participants_tournament_seed ON participants (tournament_id, seed);
  CREATE UNIQUE INDEX participants_tournament_name ON participants (tournament_id, name COLLATE NOCASE);

  CREATE TABLE api_keys (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    label       TEXT NOT NULL,
    key_hash    TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL,
    last_used_at TEXT
  );
  `,
];
