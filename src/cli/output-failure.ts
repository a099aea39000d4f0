/**
 * Writing to standard output failed (a full disk, `> /dev/full`, an I/O error): not a
 * reader that left (EPIPE, which exits quietly), but output lost. Thrown by the entry
 * point's writer (stdio.ts, in dist/cli.cjs) and read by the core's App (dist/core.js), two
 * bundles with a copy each of this file: the error is known by a brand from the global
 * symbol registry, not by `instanceof`. A command that wrote nothing exits 1 saying so;
 * after accepted writes, 8 with the change said to be done (app.ts, exit-codes.ts).
 */

const BRAND = Symbol.for("tourney.stdout-write-failed");

export class StdoutWriteError extends Error {
  override name = "StdoutWriteError";
  /** The system's code, e.g. "ENOSPC", "EIO". */
  readonly code: string | undefined;

  constructor(cause: unknown) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    super(`could not write to standard output: ${reasonOf(cause, code)}`, { cause });
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

/** "no space left on device (ENOSPC)" from Node's "ENOSPC: no space left on device, write". */
function reasonOf(cause: unknown, code: string | undefined): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  if (code === undefined) return message;
  const text = message.replace(/^\w+: /, "").replace(/, write\w*$/, "");
  return `${text} (${code})`;
}

/** Whether `error` is a StdoutWriteError of either bundle. */
export function isStdoutWriteError(error: unknown): error is StdoutWriteError {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[BRAND] === true;
}
