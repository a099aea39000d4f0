/** A file named on the command line (`--file roster.csv`), read whole as UTF-8 text. */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { UsageError } from "./errors.js";
import { decodeInput, MAX_INPUT_BYTES, tooMuchInput } from "./utf8-input.js";

/**
 * The bytes of `file`, at most MAX_INPUT_BYTES (a usage error naming `source` past them):
 * a regular file by its size first, anything else (a FIFO, /dev/zero) read in parts up to
 * the bound, never to an end that may not come.
 */
export function readBoundedFile(file: string, source: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > MAX_INPUT_BYTES) throw tooMuchInput(source);
    const parts: Buffer[] = [];
    let size = 0;
    for (;;) {
      // A regular file in one read (and one to see its end); one whose size says less than it
      // holds (procfs, a file still being written) and anything else 64 KiB at a time.
      const part = Buffer.allocUnsafe(Math.max(65_536, stat.isFile() ? stat.size + 1 - size : 0));
      const n = readSync(fd, part, 0, part.length, null);
      if (n === 0) break;
      size += n;
      if (size > MAX_INPUT_BYTES) throw tooMuchInput(source);
      parts.push(part.subarray(0, n));
    }
    return Buffer.concat(parts, size);
  } finally {
    closeSync(fd);
  }
}

/** Reads `file`; a missing or unreadable one, or one not UTF-8, is a usage error naming the flag. */
export function readInputFile(file: string, flag = "--file"): string {
  let bytes: Buffer;
  try {
    // Read synchronously: node:fs/promises would load with every command.
    bytes = readBoundedFile(file, `${flag} ${file}`);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === "ENOENT") throw new UsageError(`${flag} ${file}: no such file`);
    if (e.code === "EISDIR") throw new UsageError(`${flag} ${file}: is a folder, not a file`);
    throw error;
  }
  return decodeInput(bytes, `${flag} ${file}`, file);
}
