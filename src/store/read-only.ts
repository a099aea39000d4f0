/**
 * A connection for the embedded read-only path (service/reader.ts): the database as
 * it is, without the store's set-up (openDatabase: the folder and file made private,
 * the pragmas, the migrations), for a command that only reads. Undefined when that
 * path cannot answer: no database yet, one of another schema version (the store
 * migrates it first), or one that cannot be opened; the caller then opens the store.
 */
import Database from "better-sqlite3";
import type { Db } from "./database.js";
import { nativeAddon } from "./native-binding.js";
import { SCHEMA_VERSION } from "./schema-version.js";

/** How much of the file the read-only connection maps (SQLite maps no more than the file). */
const READ_MAP_BYTES = 256 * 1024 * 1024;

/**
 * A lock in the way (another process's exclusive lock: reads of a WAL database wait for no
 * writer) is waited for briefly here: past that, the service answers, and the CLI waits for it
 * there in slices a Ctrl-C can come between (client/lock-wait.ts), not in one blocking wait.
 */
export function openForReading(path: string, busyTimeoutMs = 50): Db | undefined {
  if (path === ":memory:") return undefined;
  let db: Db | undefined;
  try {
    const native = nativeAddon();
    // Read-write, not `readonly`: the last connection to close removes the WAL's -wal
    // and -shm files, which a read-only one leaves behind. query_only forbids writing.
    // The busy timeout as better-sqlite3 sets it at the open (sqlite3_busy_timeout, as
    // PRAGMA busy_timeout does), and the two pragmas in one exec: no statement object is made
    // for them. The pragmas of the list of 1 in the built binary 0.32 -> 0.26 ms (marks around
    // them, medians of 21 runs, load ~4).
    db = new Database(path, {
      fileMustExist: true,
      timeout: Math.max(0, Math.trunc(busyTimeoutMs)),
      ...(native === null ? {} : { nativeBinding: native }),
    });
    // Pages read through a memory map, not a read() each: a list of 1,000 tournaments reads
    // ~600 pages; reading their settings took 20 -> 6.5 ms of CPU here (issue 27, the store
    // never shrinks its file: no VACUUM).
    db.exec(`PRAGMA query_only = 1; PRAGMA mmap_size = ${READ_MAP_BYTES}`);
    if (db.pragma("user_version", { simple: true }) === SCHEMA_VERSION) return db;
  } catch {
    // No file, not a database, locked past the timeout: the store says why, if it must.
  }
  db?.close();
  return undefined;
}
