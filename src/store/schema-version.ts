/**
 * How many migrations (migrations.ts) a current database has run: its `PRAGMA
 * user_version`. The embedded read-only path (read-only.ts) answers only from a
 * database at this version, without loading the migrations' text; a test holds it
 * equal to MIGRATIONS.length (a migration added without it makes that path step aside
 * for an older database, never read one the store would have migrated).
 */
export const SCHEMA_VERSION = 22;
