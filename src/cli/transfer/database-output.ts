/**
 * An --output that is the tourney database: refused by every command with an --output
 * (document-file.ts), since writing a document there would replace every tournament.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  openSync,
  readSync,
  realpathSync,
  statSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { OutputProblem, type OutputTarget } from "./output-target.js";

/** The files SQLite keeps for a database: itself, its write-ahead log and shared memory, its journal. */
const DATABASE_FILES = [
  ["", "the tourney database"],
  ["-wal", "the write-ahead log of the tourney database"],
  ["-shm", "the shared memory file of the tourney database"],
  ["-journal", "the rollback journal of the tourney database"],
] as const;

/** `path` with its links resolved, as far as it exists (its real folder, else as it is). */
function realPlace(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(resolve(path))), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** The device and inode of what `path` (links followed) or `fd` is, when it exists. */
function identityOf(at: string | number): string | undefined {
  try {
    const stats = typeof at === "number" ? fstatSync(at) : statSync(at);
    return `${stats.dev}:${stats.ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The problem when `target` is the database at `database` or one of its files (-wal, -shm,
 * -journal): the same path once links are resolved, or the same file (device and inode: a
 * hard link, another mount) when both exist. Writing a document there would replace or
 * overwrite the database that holds every tournament (a reviewer's export onto tourney.db
 * left `tournament list` saying the database is damaged).
 */
export function databaseProblem(target: OutputTarget, database: string): OutputProblem | undefined {
  if (target.kind === "stdout") return undefined;
  const place = target.kind === "fd" ? undefined : realPlace(target.path);
  const identity = identityOf(target.kind === "fd" ? target.fd : target.path);
  for (const [suffix, what] of DATABASE_FILES) {
    const file = `${database}${suffix}`;
    const same =
      (place !== undefined && place === realPlace(file)) ||
      (identity !== undefined && identity === identityOf(file));
    if (same)
      return new OutputProblem(
        `it is ${suffix === "" ? `${what} ${database}` : `${file}, ${what} ${database}`}, which holds every tournament; writing the document there would destroy it. Name another file, such as --output export.json`,
      );
  }
  return undefined;
}

/** The first 16 bytes of every SQLite database file (sqlite.org/fileformat.html). */
const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/** Whether the file at `path` starts with SQLite's header (false when it cannot be read). */
function startsAsDatabase(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The problem when a file `target` is any SQLite database, not only a profile's (a `tourney
 * serve --db FILE`'s, another program's): it starts with SQLite's header, or has a -wal or
 * -shm beside it (a database in use). Before, `export --output srv.db` replaced a running
 * serve's database with the document (exit 0, "exported to srv.db").
 */
export function anyDatabaseProblem(target: OutputTarget): OutputProblem | undefined {
  if (target.kind !== "file") return undefined;
  const companion = ["-wal", "-shm"].find((suffix) => existsSync(`${target.path}${suffix}`));
  if (!startsAsDatabase(target.path) && companion === undefined) return undefined;
  const why =
    companion === undefined
      ? 'it is an SQLite database (it starts with "SQLite format 3")'
      : `it has ${target.path}${companion} beside it, as an SQLite database in use has`;
  return new OutputProblem(
    `${why}, such as a tourney serve --db's; writing the document there would destroy it. Name another file, such as --output export.json`,
  );
}
