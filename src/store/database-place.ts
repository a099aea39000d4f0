/**
 * Where the database file lives: its folder made (private), and what to say when the place
 * cannot hold it. Node's own recursive mkdir is not used: it reports ENOENT for a folder a
 * read-only file system refuses (EROFS) or a full disk (nodejs/node#42808), and it never
 * returns for a path under /proc (a parent that exists but cannot hold children: ENOENT,
 * EEXIST, ENOENT, ... at 100 % CPU). Here every folder is made by its own mkdir, from the
 * nearest one that exists, and the first refusal is reported with its own cause and path.
 */
import { accessSync, constants, mkdirSync, type Stats, statSync } from "node:fs";
import { dirname } from "node:path";

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

const CAUSES: Readonly<Record<string, string>> = {
  EROFS: "the file system is read-only",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOTDIR: "a file is in the way where a folder is needed",
  EEXIST: "a file is in the way where a folder is needed",
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  ENOENT: "folders cannot be made there",
};

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};

/** What is at `path`, or undefined when nothing is (a file among its parents included). */
function lookup(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

/** The first of `path`'s folders, itself included, that exists (as anything), or undefined. */
function nearestExisting(path: string): string | undefined {
  for (let at = path; ; at = dirname(at)) {
    if (lookup(at) !== undefined) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** The file (not a folder) in `dir`'s way, if one is: the nearest of its parts that exists. */
function fileInTheWay(dir: string): string | undefined {
  const found = nearestExisting(dir);
  if (found === undefined) return undefined;
  return lookup(found)?.isDirectory() === false ? found : undefined;
}

/** Makes `dir` and any missing parent (mode `mode`, as mkdir -p); throws StorePlaceError. */
export function makeFolder(dbPath: string, dir: string, mode: number): void {
  try {
    if (lookup(dir)?.isDirectory()) return;
  } catch (error) {
    throw placeError(dbPath, dir, error); // a folder on the way that may not be searched (EACCES)
  }
  const missing: string[] = [];
  for (let at = dir; lookup(at) === undefined; at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if (codeOf(error) === "EEXIST" && lookup(folder)?.isDirectory()) continue; // made meanwhile
      throw placeError(dbPath, folder, error);
    }
  }
  // Nothing was missing: something that is not a folder has the name.
  if (missing.length === 0)
    throw placeError(dbPath, dir, Object.assign(new Error(), { code: "ENOTDIR" }));
}

function placeError(dbPath: string, folder: string, error: unknown): StorePlaceError {
  const code = codeOf(error) ?? "";
  const file = code === "ENOTDIR" || code === "EEXIST" ? fileInTheWay(folder) : undefined;
  const where =
    file !== undefined
      ? `${file} is a file, not a folder`
      : `cannot make the folder ${folder}: ${CAUSES[code] ?? (error as Error).message}`;
  return new StorePlaceError(dbPath, `cannot open the database ${dbPath}: ${where}`, {
    cause: error,
  });
}

/** Why the folder `dir` cannot be written, if it cannot (EROFS, EACCES): from access(2). */
function unwritable(dir: string): string | undefined {
  try {
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return CAUSES[codeOf(error) ?? ""];
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
  if (code === "EISDIR" || (code.startsWith("SQLITE_CANTOPEN") && lookup(dbPath)?.isDirectory()))
    return new StorePlaceError(
      dbPath,
      `cannot open the database ${dbPath}: it is a folder`,
      options,
    );
  const sqlite = code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_READONLY");
  if (!sqlite && CAUSES[code] === undefined) return undefined;
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
  const inFile = code.startsWith("E") ? CAUSES[code] : unwritable(dbPath);
  if (inFile === undefined) return undefined;
  return new StorePlaceError(
    dbPath,
    `cannot open the database ${dbPath}: the file cannot be written (${inFile})`,
    options,
  );
}
