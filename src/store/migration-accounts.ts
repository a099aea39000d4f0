/**
 * Migration 9 of migrations.ts, kept apart for its length (the list keeps its
 * place; never edit it: add a new migration). Accounts and OAuth (issue 14).
 * Users (the owner, id 1, made here: every existing record and key goes to it);
 * who owns each tournament, race and community (records owned by one of those
 * inherit its owner); which user each API key acts for and the scopes it carries
 * (NULL: every scope). OAuth: a grant is one sign-in of a user for a client and
 * the family of tokens issued from it (revoked as one); tokens, device
 * authorizations and authorization codes are stored as SHA-256 hashes, never as
 * issued. Owner columns are added without NOT NULL (SQLite's ALTER TABLE cannot):
 * every insert sets them.
 */
export const ACCOUNTS_MIGRATION = `
  CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email         TEXT,
    image_url     TEXT,
    password_hash TEXT,
    created_at    TEXT NOT NULL
  );
  INSERT INTO users (id, username, created_at)
    VALUES (1, 'owner', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

  ALTER TABLE api_keys ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE CASCADE;
  ALTER TABLE api_keys ADD COLUMN scopes TEXT;
  UPDATE api_keys SET user_id = 1;
  CREATE INDEX api_keys_user ON api_keys (user_id);

  ALTER TABLE tournaments ADD COLUMN owner_id INTEGER REFERENCES users (id);
  UPDATE tournaments SET owner_id = 1;
  CREATE INDEX tournaments_owner ON tournaments (owner_id);
  ALTER TABLE races ADD COLUMN owner_id INTEGER REFERENCES users (id);
  UPDATE races SET owner_id = 1;
  CREATE INDEX races_owner ON races (owner_id);
  ALTER TABLE communities ADD COLUMN owner_id INTEGER REFERENCES users (id);
  UPDATE communities SET owner_id = 1;

  CREATE TABLE oauth_grants (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client_id     TEXT NOT NULL,
    scopes        TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    revoked_at    TEXT
  );
  CREATE INDEX oauth_grants_user ON oauth_grants (user_id);
  CREATE TABLE oauth_tokens (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    grant_id      INTEGER NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    token_hash    TEXT NOT NULL UNIQUE,
    scopes        TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    expires_at    TEXT NOT NULL,
    used_at       TEXT
  );
  CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
  CREATE TABLE oauth_device_codes (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    device_code_hash TEXT NOT NULL UNIQUE,
    user_code_hash TEXT NOT NULL UNIQUE,
    client_id     TEXT NOT NULL,
    scopes        TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    expires_at    TEXT NOT NULL,
    interval      INTEGER NOT NULL,
    polled_at     TEXT,
    status        TEXT NOT NULL DEFAULT 'pending',
    user_id       INTEGER REFERENCES users (id) ON DELETE CASCADE,
    ticket_hash   TEXT
  );
  CREATE TABLE oauth_codes (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    code_hash     TEXT NOT NULL UNIQUE,
    client_id     TEXT NOT NULL,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    scopes        TEXT NOT NULL,
    redirect_uri  TEXT NOT NULL,
    code_challenge TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    expires_at    TEXT NOT NULL,
    used_at       TEXT,
    grant_id      INTEGER REFERENCES oauth_grants (id) ON DELETE SET NULL
  );
  `;
