/**
 * Where the database file lives: its folder made (private, by folders/make-folder.ts, which
 * does not spin under /proc nor say ENOENT for EROFS as Node's recursive mkdir does), and
 * what to say when the place cannot hold it.
 */
import { accessSync, constants } from "node:fs";
import { dirname } from "node:path";
import {
  causeOf,
  codeOf,
  entryAt,
  FolderError,
  makeFolder as makeAnyFolder,
} from "../folders/make-folder.js";

export class StoreError extends Error {
  override readonly name: string = "StoreError";
}

/** The database's place cannot be written or is not a folder: the message names it and why. */
export class StorePlaceError extends StoreError {
  override readonly name = "StorePlaceError";
  constructor(
    readonly dbPath: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The file at `dbPath` is not an SQLite database, or a damaged one (SQLite's SQLITE_NOTADB,
 * SQLITE_CORRUPT): the message names the path and SQLite's words; `code` is SQLite's, which
 * the CLI maps to its exit code (cli/exit-codes.ts: it cannot import the store), printing the
 * hint after the message.
 */
export class StoreDamagedError extends StoreError {
  override readonly name = "StoreDamagedError";
  /** What to do, printed by the CLI after the message. */
  readonly hint =
    "move the file aside, then put back a copy of it, or let tourney make a new one and bring " +
    "the tournaments back from their exports (`tourney tournament import FILE`); another " +
    "database file: TOURNEY_DATA_DIR=FOLDER (the data folder), `tourney config set db_path " +
    "FILE`, or `tourney serve --db FILE`";
  constructor(
    readonly dbPath: string,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** SQLite's codes for a file that is not a database, or is a damaged one. */
export function isDamageCode(code: string | undefined): boolean {
  return code !== undefined && (code === "SQLITE_NOTADB" || code.startsWith("SQLITE_CORRUPT"));
}

/**
 * The failure to open the database at `dbPath`, said with its path, when the file is not a
 * database or is damaged (a file of junk: "file is not a database"; a truncated copy:
 * "database disk image is malformed"). Undefined for any other failure.
 */
export function damageFailure(dbPath: string, error: unknown): StoreDamagedError | undefined {
  const code = codeOf(error);
  if (!isDamageCode(code)) return undefined;
  return new StoreDamagedError(
    dbPath,
    code!,
    `the database ${dbPath} is damaged or is not a tourney database (${(error as Error).message})`,
    { cause: error },
  );
}

/**
 * The database's disk refused SQLite at the open (SQLITE_FULL, SQLITE_IOERR_*): the first
 * connection to a WAL database writes its -shm index beside it, and a full disk refuses
 * that, so even a command that only reads fails. `code` and `hint` as StoreDamagedError's
 * (cli/exit-codes.ts prints the hint). Before: "error: disk I/O error", naming no file.
 */
export class StoreDiskError extends StoreError {
  override readonly name = "StoreDiskError";
  readonly hint: string;
  constructor(
    readonly dbPath: string,
    readonly code: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.hint = `make room on the disk holding ${dbPath} (or check that it is not failing), then run the command again`;
  }
}

/** The failure to open the database at `dbPath`, said with its path, when its disk refused. */
export function diskFailure(dbPath: string, error: unknown): StoreDiskError | undefined {
  const code = codeOf(error);
  if (code === undefined || !/^SQLITE_(FULL|IOERR)/.test(code)) return undefined;
  return new StoreDiskError(
    dbPath,
    code,
    `cannot open the database ${dbPath}: the disk refused a write SQLite makes on opening it (${dbPath}-shm, its index, or an upgrade of the file) (${(error as Error).message} [${code}]): is the disk full, or failing? Nothing was changed`,
    { cause: error },
  );
}

/** Makes `dir` and any missing parent (mode `mode`, as mkdir -p); throws StorePlaceError. */
export function makeFolder(dbPath: string, dir: string, mode: number): void {
  try {
    makeAnyFolder(dir, mode);
  } catch (error) {
    if (!(error instanceof FolderError)) throw error;
    throw new StorePlaceError(dbPath, `cannot open the database ${dbPath}: ${error.message}`, {
      cause: error.cause,
    });
  }
}

/** Why the folder `dir` cannot be written, if it cannot (EROFS, EACCES): from access(2). */
function unwritable(dir: string): string | undefined {
  try {
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return causeOf(error);
  }
}

/**
 * The failure to open the database at `dbPath`, said with its place and cause, when the place
 * is the cause: the file's creation refused (EROFS, EACCES, EISDIR), or SQLite unable to open
 * or write it (SQLITE_CANTOPEN, SQLITE_READONLY: "unable to open database file" names no
 * path) where its folder or the file cannot be written. Undefined for any other failure.
 */
export function placeFailure(dbPath: string, error: unknown): StorePlaceError | undefined {
  if (error instanceof StorePlaceError) return error;
  const code = codeOf(error) ?? "";
  const options = { cause: error };
  if (code === "EISDIR" || (code.startsWith("SQLITE_CANTOPEN") && entryAt(dbPath)?.isDirectory()))
    return new StorePlaceError(
      dbPath,
      `cannot open the database ${dbPath}: it is a folder`,
      options,
    );
  const sqlite = code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_READONLY");
  if (!sqlite && causeOf(error) === undefined) return undefined;
  const dir = dirname(dbPath);
  const inFolder = unwritable(dir);
  if (inFolder !== undefined) {
    // SQLite writes its -wal and -shm files beside the database, so the folder must be writable.
    return new StorePlaceError(
      dbPath,
      `cannot open the database ${dbPath}: its folder ${dir} cannot be written (${inFolder})`,
      options,
    );
  }
  const inFile = code.startsWith("E") ? causeOf(error) : unwritable(dbPath);
  if (inFile === undefined) return undefined;
  return new StorePlaceError(
    dbPath,
    `cannot open the database ${dbPath}: the file cannot be written (${inFile})`,
    options,
  );
}
