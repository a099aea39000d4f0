/** A file named on the command line (`--file roster.csv`), read whole as UTF-8 text. */
import { readFileSync } from "node:fs";
import { UsageError } from "./errors.js";
import { decodeInput } from "./utf8-input.js";

/** Reads `file`; a missing or unreadable one, or one not UTF-8, is a usage error naming the flag. */
export function readInputFile(file: string, flag = "--file"): string {
  let bytes: Buffer;
  try {
    // Read synchronously: node:fs/promises would load with every command.
    bytes = readFileSync(file);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === "ENOENT") throw new UsageError(`${flag} ${file}: no such file`);
    if (e.code === "EISDIR") throw new UsageError(`${flag} ${file}: is a folder, not a file`);
    throw error;
  }
  return decodeInput(bytes, `${flag} ${file}`, file);
}
