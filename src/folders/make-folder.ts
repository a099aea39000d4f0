/**
 * Making a folder and its missing parents (as mkdir -p), with the cause of a refusal said
 * plainly: the one way a folder is made, for the database's place (store), config.json
 * (config), credentials.json (auth) and the completion cache (cli).
 *
 * Node's own recursive mkdir is not used: it reports ENOENT for a folder a read-only file
 * system refuses (EROFS) or a full disk (nodejs/node#42808), and it never returns for a path
 * under /proc (a parent that exists but cannot hold children: ENOENT, EEXIST, ENOENT, ... at
 * 100 % CPU). Here every folder is made by its own mkdir, from the nearest one that exists,
 * and the first refusal is reported with its own cause and path.
 */
import { mkdirSync, type Stats, statSync } from "node:fs";
import { dirname } from "node:path";

/** A folder could not be made; the message names the folder (or the file in its way) and why. */
export class FolderError extends Error {
  override readonly name = "FolderError";
  constructor(
    /** The folder that could not be made, or the file in the way of one. */
    readonly folder: string,
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

export const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
};

/** A file system refusal (EROFS, EACCES, ENOSPC, ...) in words, or undefined for another error. */
export const causeOf = (error: unknown): string | undefined => CAUSES[codeOf(error) ?? ""];

/** What is at `path`, or undefined when nothing is (a file among its parents included). */
export function entryAt(path: string): Stats | undefined {
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
    if (entryAt(at) !== undefined) return at;
    if (dirname(at) === at) return undefined;
  }
}

/** The file (not a folder) in `dir`'s way, if one is: the nearest of its parts that exists. */
export function fileInTheWay(dir: string): string | undefined {
  const found = nearestExisting(dir);
  if (found === undefined) return undefined;
  return entryAt(found)?.isDirectory() === false ? found : undefined;
}

/**
 * Makes `dir` and any missing parent, each with mode `mode` (as mkdir -p); nothing when `dir`
 * is a folder already. Throws FolderError: "cannot make the folder F: the file system is
 * read-only" (permission denied, folders cannot be made there, ...) or "F is a file, not a
 * folder".
 */
export function makeFolder(dir: string, mode: number): void {
  try {
    if (entryAt(dir)?.isDirectory()) return;
  } catch (error) {
    throw folderError(dir, error); // a folder on the way that may not be searched (EACCES)
  }
  const missing: string[] = [];
  for (let at = dir; entryAt(at) === undefined; at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if (codeOf(error) === "EEXIST" && entryAt(folder)?.isDirectory()) continue; // made meanwhile
      throw folderError(folder, error);
    }
  }
  // Nothing was missing: another process made it since the first look (several commands
  // opening a new data folder at once: e2e/first-open-race, one CI run in four), or
  // something that is not a folder has the name.
  if (missing.length === 0 && !entryAt(dir)?.isDirectory())
    throw folderError(dir, Object.assign(new Error(), { code: "ENOTDIR" }));
}

function folderError(folder: string, error: unknown): FolderError {
  const code = codeOf(error) ?? "";
  const file = code === "ENOTDIR" || code === "EEXIST" ? fileInTheWay(folder) : undefined;
  if (file !== undefined)
    return new FolderError(file, `${file} is a file, not a folder`, { cause: error });
  const cause = CAUSES[code] ?? (error as Error).message;
  return new FolderError(folder, `cannot make the folder ${folder}: ${cause}`, { cause: error });
}
