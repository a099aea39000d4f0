/** A file named on the command line (`--file roster.csv`), read whole as UTF-8 text. */
import { readFileSync } from "node:fs";
import { UsageError } from "./errors.js";

/** Reads `file`; a missing or unreadable one is a usage error naming the flag. */
export function readInputFile(file: string, flag = "--file"): string {
  try {
    // Read synchronously: node:fs/promises would load with every command.
    return readFileSync(file, "utf8");
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === "ENOENT") throw new UsageError(`${flag} ${file}: no such file`);
    if (e.code === "EISDIR") throw new UsageError(`${flag} ${file}: is a folder, not a file`);
    throw error;
  }
}
