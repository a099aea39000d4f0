/** Opens the SQLite store: pragmas, then any pending migrations. */
import { chmodSync, closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import {
  damageFailure,
  diskFailure,
  makeFolder,
  placeFailure,
  StoreError,
} from "./database-place.js";
import { MIGRATIONS } from "./migrations.js";
import { nativeAddon } from "./native-binding.js";

export type Db = Database.Database;

export { StoreDamagedError, StoreError, StorePlaceError } from "./database-place.js";

/**
 * WAL frames (pages) written before a commit checkpoints them into the database file
 * (issue 27, the file store near its floor): SQLite's 1,000 made every ~285th match
 * report of a 1,024-player double elimination copy the bracket's ~230 pages back with two
 * fsyncs inside its commit (a report writes ~3.5 frames). With 4,000 the same pages are
 * copied a quarter as often: fsyncs of 3 such games played in one process (strace -f -c)
 * 87 -> 33; the WAL file stays under ~16 MiB, and the last connection to close still
 * checkpoints it and removes it.
 */
export const WAL_CHECKPOINT_FRAMES = 4000;

export interface OpenOptions {
  /** How long a statement waits for another connection's lock (default 5 s). */
  readonly busyTimeoutMs?: number;
  /** Told what looks wrong with the file but does not stop it opening (a copy without its -wal). */
  readonly onWarning?: ((message: string) => void) | undefined;
}

/**
 * A migrated tourney database is hundreds of KiB; an SQLite file that holds no table is one
 * page (at most 64 KiB). Only a file this small is looked at for a lost -wal.
 */
const ONE_PAGE_AT_MOST = 65_536;

/**
 * Whether the file at `path` (of `size` bytes, before tourney opened it) looks like a copy of
 * a WAL database made without its -wal file (review J #1): one page, its header saying WAL
 * (bytes 18-19 are 2), no -wal beside it. Read only for such a small file, so the start of a
 * command on a real database does no more work; the caller asks only when it finds no schema.
 */
function walHeaderAlone(path: string, size: number): boolean {
  if (size < 100 || size > ONE_PAGE_AT_MOST || existsSync(`${path}-wal`)) return false;
  const header = Buffer.alloc(20);
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  return header[18] === 2 && header[19] === 2;
}

const LOST_WAL_WARNING = (path: string): string =>
  `warning: ${path} holds no tables but was in WAL mode: it looks like a copy made without its -wal file, while the database was open (its data was in the -wal); tourney makes it a new, empty database. Take a backup with \`tourney serve backup FILE\`.`;

/**
 * The database file and its folder are private to the user: the file holds API
 * key hashes when served. A new folder is 0700 and a new file 0600 whatever the
 * umask; an older file made 0644 is narrowed (SQLite gives its -wal and -shm
 * files the same mode as the database file).
 */
function preparePrivateFile(path: string): boolean {
  makeFolder(path, dirname(path), 0o700);
  let lostWal = false;
  try {
    closeSync(openSync(path, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  try {
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o600);
    // Looked at before the open: setting WAL mode writes the same header into a new file.
    lostWal = stat.size <= ONE_PAGE_AT_MOST && walHeaderAlone(path, stat.size);
  } catch {
    // Not ours to change (another user's file): SQLite says so if it cannot open it.
  }
  return lostWal;
}

export function openDatabase(path: string, options: OpenOptions = {}): Db {
  let db: Db;
  let lostWal = false;
  try {
    if (path !== ":memory:") lostWal = preparePrivateFile(path);
    const native = nativeAddon();
    db = new Database(path, native === null ? {} : { nativeBinding: native });
  } catch (error) {
    throw (
      placeFailure(path, error) ??
      damageFailure(path, error) ??
      new StoreError(`cannot open the database ${path}: ${(error as Error).message}`)
    );
  }
  try {
    db.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMs ?? 5000))}`);
    if (path !== ":memory:") {
      db.pragma("journal_mode = WAL");
      db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_FRAMES}`);
    }
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    if (migrate(db) === 0 && lostWal) options.onWarning?.(LOST_WAL_WARNING(path));
  } catch (error) {
    // Closed here, not left to the garbage collector: a store this tourney refuses (a
    // newer schema, a lock held) keeps no handle open and no empty -wal/-shm files beside it.
    db.close();
    // "unable to open database file" (a WAL's -shm that cannot be made) says where and why;
    // so does "file is not a database" (junk, or not SQLite) and "database disk image is
    // malformed" (a truncated copy), met by the first pragma that reads the file.
    throw (
      (path === ":memory:"
        ? undefined
        : (placeFailure(path, error) ?? damageFailure(path, error) ?? diskFailure(path, error))) ??
      error
    );
  }
  return db;
}

/** The schema version the file records; a newer one than this tourney knows is refused. */
function schemaVersion(db: Db): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new StoreError(
      `the database was written by a newer tourney (schema ${current}, this one knows ${MIGRATIONS.length}); upgrade tourney`,
    );
  }
  return current;
}

/** Migrates the database to this tourney's schema; returns the version it was at. */
export function migrate(db: Db): number {
  const before = schemaVersion(db);
  if (before === MIGRATIONS.length) return before;
  // Every pending migration in one transaction: an upgrade lands whole or not at all,
  // and a new database pays one commit, not one per migration. The version is read again
  // once the write lock is held: another process opening the same new file at the same
  // moment may have migrated it while this one waited for the lock.
  db.transaction(() => {
    const current = schemaVersion(db);
    for (let version = current; version < MIGRATIONS.length; version++)
      db.exec(MIGRATIONS[version]!);
    if (current < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
  return before;
}
