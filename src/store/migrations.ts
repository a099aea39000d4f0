/**
 * Versioned schema migrations. `PRAGMA user_version` records how many have run; each runs
 * once, in order, inside one transaction. Never edit a migration that has shipped: add one.
 */
import { ACCOUNTS_MIGRATION } from "./migration-accounts.js";
import * as counts from "./migration-participant-counts.js";
import { MATCH_VERSIONS_MIGRATION, TOURNAMENT_REVISIONS_MIGRATION } from "./migration-revisions.js";
import { RECORD_TRIGGERS_REMADE, TOURNAMENT_RECORDS_MIGRATION } from "./tournament-record-parts.js";

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
  // 2: matches of every stage (one row per planned match)
  `
  CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    stage         TEXT NOT NULL,
    group_id      INTEGER,
    plan_key      TEXT NOT NULL,
    side          TEXT NOT NULL,
    round         INTEGER NOT NULL,
    identifier    TEXT NOT NULL,
    suggested_play_order INTEGER NOT NULL,
    player1_source TEXT NOT NULL,
    player2_source TEXT NOT NULL,
    only_if_loser_wins TEXT,
    active        INTEGER NOT NULL DEFAULT 1,
    player1_id    INTEGER,
    player2_id    INTEGER,
    state         TEXT NOT NULL DEFAULT 'pending',
    winner_id     INTEGER,
    loser_id      INTEGER,
    tie           INTEGER NOT NULL DEFAULT 0,
    score_sets    TEXT,
    entries       TEXT,
    underway_at   TEXT,
    completed_at  TEXT,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE UNIQUE INDEX matches_plan ON matches (tournament_id, stage, IFNULL(group_id, 0), plan_key);
  CREATE INDEX matches_tournament_state ON matches (tournament_id, state);
  `,
  // 3: stage data (final-stage seeding after groups), swiss byes, check-in
  `
  ALTER TABLE tournaments ADD COLUMN stage_data TEXT;
  ALTER TABLE participants ADD COLUMN deactivated_by TEXT;
  CREATE TABLE byes (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    stage          TEXT NOT NULL,
    group_id       INTEGER,
    round          INTEGER NOT NULL,
    participant_id INTEGER NOT NULL
  );
  CREATE INDEX byes_stage ON byes (tournament_id, stage, group_id);
  `,
  // 4: when check-in opens (starts_at minus check_in_duration), so lists can open due check-ins in one statement
  `
  ALTER TABLE tournaments ADD COLUMN check_in_opens_at TEXT;
  UPDATE tournaments SET check_in_opens_at = strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(settings, '$.starts_at'),
    '-' || json_extract(settings, '$.registration_options.check_in_duration') || ' minutes')
    WHERE json_extract(settings, '$.starts_at') IS NOT NULL
      AND json_extract(settings, '$.registration_options.check_in_duration') IS NOT NULL;
  `,
  // 5: the participant count kept by triggers (no COUNT per read of a tournament);
  // match reads come from memory (MatchRepository), so the state index only slowed writes
  `
  ALTER TABLE tournaments ADD COLUMN participants_count INTEGER NOT NULL DEFAULT 0;
  UPDATE tournaments SET
    participants_count = (SELECT COUNT(*) FROM participants p WHERE p.tournament_id = tournaments.id);
  CREATE TRIGGER participants_counted AFTER INSERT ON participants BEGIN
    UPDATE tournaments SET participants_count = participants_count + 1 WHERE id = NEW.tournament_id;
  END;
  CREATE TRIGGER participants_uncounted AFTER DELETE ON participants BEGIN
    UPDATE tournaments SET participants_count = participants_count - 1 WHERE id = OLD.tournament_id;
  END;
  DROP INDEX matches_tournament_state;
  CREATE INDEX participants_inactive ON participants (tournament_id, active);
  `,
  // 6: a one-match report reads the plan around its match by key (issue 12), not the whole
  // stage: which rows take a match's winner or loser (an index per slot source), and the
  // stage's terminal rows (store/match-plan.ts keeps the flag on insert; filled in here).
  `
  ALTER TABLE matches ADD COLUMN terminal INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX matches_player1_from
    ON matches (tournament_id, stage, IFNULL(group_id, 0), json_extract(player1_source, '$.match'));
  CREATE INDEX matches_player2_from
    ON matches (tournament_id, stage, IFNULL(group_id, 0), json_extract(player2_source, '$.match'));
  CREATE INDEX matches_terminal
    ON matches (tournament_id, stage, IFNULL(group_id, 0)) WHERE terminal = 1;
  UPDATE matches SET terminal = 1
  WHERE EXISTS (
      SELECT 1 FROM matches l
      WHERE l.tournament_id = matches.tournament_id AND l.stage = matches.stage
        AND IFNULL(l.group_id, 0) = IFNULL(matches.group_id, 0)
        AND (json_extract(l.player1_source, '$.match') IS NOT NULL
          OR json_extract(l.player2_source, '$.match') IS NOT NULL))
    AND NOT EXISTS (
      SELECT 1 FROM matches f
      WHERE f.tournament_id = matches.tournament_id AND f.stage = matches.stage
        AND IFNULL(f.group_id, 0) = IFNULL(matches.group_id, 0)
        AND json_extract(f.player1_source, '$.match') = matches.plan_key
        AND json_extract(f.player1_source, '$.type') = 'winner')
    AND NOT EXISTS (
      SELECT 1 FROM matches f
      WHERE f.tournament_id = matches.tournament_id AND f.stage = matches.stage
        AND IFNULL(f.group_id, 0) = IFNULL(matches.group_id, 0)
        AND json_extract(f.player2_source, '$.match') = matches.plan_key
        AND json_extract(f.player2_source, '$.type') = 'winner');
  `,
  // 7: races (issue 13): a race, its participants (the columns of participants, owned by a
  // race: store/participants-repository.ts serves both tables with one SQL text), its rounds
  // and one elapsed time per participant per started round.
  `
  CREATE TABLE races (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    url           TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT NOT NULL,
    race_type     TEXT NOT NULL,
    state         TEXT NOT NULL DEFAULT 'pending',
    settings      TEXT NOT NULL,
    participants_count INTEGER NOT NULL DEFAULT 0,
    random_seed   INTEGER NOT NULL DEFAULT 0,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    started_at    TEXT,
    completed_at  TEXT
  );

  CREATE TABLE race_participants (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    race_id       INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
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
    updated_at    TEXT NOT NULL,
    deactivated_by TEXT
  );
  CREATE INDEX race_participants_seed ON race_participants (race_id, seed);
  CREATE UNIQUE INDEX race_participants_name ON race_participants (race_id, name COLLATE NOCASE);
  CREATE INDEX race_participants_inactive ON race_participants (race_id, active);
  CREATE TRIGGER race_participants_counted AFTER INSERT ON race_participants BEGIN
    UPDATE races SET participants_count = participants_count + 1 WHERE id = NEW.race_id;
  END;
  CREATE TRIGGER race_participants_uncounted AFTER DELETE ON race_participants BEGIN
    UPDATE races SET participants_count = participants_count - 1 WHERE id = OLD.race_id;
  END;

  CREATE TABLE race_rounds (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    race_id       INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    state         TEXT NOT NULL DEFAULT 'pending',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    started_at    TEXT,
    completed_at  TEXT
  );
  CREATE UNIQUE INDEX race_rounds_number ON race_rounds (race_id, number);

  CREATE TABLE elapsed_times (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    race_id        INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    round_id       INTEGER NOT NULL REFERENCES race_rounds (id) ON DELETE CASCADE,
    participant_id INTEGER NOT NULL REFERENCES race_participants (id) ON DELETE CASCADE,
    elapsed_ms     INTEGER,
    points         INTEGER,
    rank           INTEGER,
    points_given   INTEGER NOT NULL DEFAULT 0,
    rank_given     INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
  );
  CREATE UNIQUE INDEX elapsed_times_round ON elapsed_times (round_id, participant_id);
  CREATE INDEX elapsed_times_race ON elapsed_times (race_id);
  `,
  // 8: event day (issue 15): stations of a tournament and the queue of matches waiting for each
  // (a queuer's position is its place in sort order, so a removal needs no renumbering), match
  // attachments (an uploaded file kept in the row), communities and who belongs to each. A
  // deleted match frees its station and leaves its queues and attachments.
  `
  CREATE TABLE stations (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    stream_url    TEXT,
    details       TEXT,
    match_id      INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE INDEX stations_tournament ON stations (tournament_id);
  CREATE UNIQUE INDEX stations_match ON stations (match_id);

  CREATE TABLE station_queuers (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    station_id    INTEGER NOT NULL REFERENCES stations (id) ON DELETE CASCADE,
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    sort_order    INTEGER NOT NULL,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE INDEX station_queuers_station ON station_queuers (station_id, sort_order);
  CREATE UNIQUE INDEX station_queuers_match ON station_queuers (match_id);

  CREATE TABLE match_attachments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    url           TEXT,
    description   TEXT,
    file_name     TEXT,
    content_type  TEXT,
    content       BLOB,
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE INDEX match_attachments_match ON match_attachments (match_id);

  CREATE TABLE communities (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    identifier    TEXT NOT NULL UNIQUE COLLATE NOCASE,
    name          TEXT NOT NULL,
    permalink     TEXT NOT NULL,
    subdomain     TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
  );
  CREATE TABLE community_members (
    community_id  INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    member        TEXT NOT NULL,
    PRIMARY KEY (community_id, member)
  );
  `,
  // 9: accounts and OAuth (issue 14): migration-accounts.ts
  ACCOUNTS_MIGRATION,
  // 10: share links of the bracket viewer (issue 18): a read-only token opening one
  // tournament's page, data and event stream, stored as a SHA-256 hash (its last four
  // characters kept to tell links apart in a list); revoked, it is kept with the time.
  `
  CREATE TABLE share_links (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    token_hash    TEXT NOT NULL UNIQUE,
    token_end     TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
  );
  CREATE INDEX share_links_tournament ON share_links (tournament_id);
  `,
  // 11: the look for due check-ins before every tournament list (anyCheckInDue:
  // state = 'pending' AND check_in_opens_at <= now) answered from one index: with the
  // index on state alone it read every pending row (1.4 ms of a 1,000-tournament
  // `tournament list` process, 68 us warm; 2.5 us warm with this one). It also
  // serves every look by state alone, so that index goes.
  `
  CREATE INDEX tournaments_state_check_in ON tournaments (state, check_in_opens_at);
  DROP INDEX tournaments_state;
  `,
  // 12: each tournament's own change counter (issue 24), bumped by triggers on writes to the
  // tournament or a record it owns, whichever process writes: serve's shared snapshot of a
  // tournament is made again only when it changed (store/tournament-revisions.ts).
  TOURNAMENT_REVISIONS_MIGRATION,
  // 13: registered OAuth applications (issue 25, store/oauth-apps-repository.ts): a
  // confidential one's secret kept as a SHA-256 hash; redirect URIs a JSON array. Grants
  // name their client by client_id (oauth_grants.client_id), as the CLI's are named.
  `
  CREATE TABLE oauth_apps (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id     TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    confidential  INTEGER NOT NULL,
    secret_hash   TEXT,
    redirect_uris TEXT NOT NULL,
    scopes        TEXT NOT NULL,
    created_at    TEXT NOT NULL
  );
  CREATE INDEX oauth_grants_client ON oauth_grants (client_id);
  `,
  // 14: each tournament's `--json` record as far as its settings make it, kept by triggers
  // when the settings change (issue 27, tournament-record-parts.ts): a list reads it as is.
  TOURNAMENT_RECORDS_MIGRATION,
  // 15: inserted match rows move their tournament's revision once an insert (issue 27,
  // matches-repository.ts insertRows), not once a row by a trigger: the trigger ran 2,047
  // times in a 1,024-player double elimination's start (2.0 ms of its 2,047-row insert,
  // 19.8 -> 17.6 ms, median of 15 in memory at load 6). Updates and deletes keep theirs.
  "DROP TRIGGER IF EXISTS matches_revision_insert;",
  // 16: inserted participants counted once an insert (issue 27, migration-participant-counts.ts)
  counts.PARTICIPANT_COUNTS_MIGRATION,
  RECORD_TRIGGERS_REMADE, // 17: migration 14's triggers without concat() (sqlite3 before 3.44)
  "ALTER TABLE matches ADD COLUMN growth_room BLOB;", // 18: match-columns.ts GROWTH_ROOM_BYTES
  counts.FOREIGN_INSERTS_MIGRATION, // 19: rows other writers (the sqlite3 shell) insert counted
  MATCH_VERSIONS_MIGRATION, // 20: match rows count their updates (migration-match-versions.ts)
  "CREATE INDEX elapsed_times_time ON elapsed_times (round_id, elapsed_ms);", // 21: time-ranks.ts
  "CREATE INDEX elapsed_times_rank_given ON elapsed_times (round_id) WHERE rank_given = 1;", // 22: time-ranks.ts
];
