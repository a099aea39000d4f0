/**
 * What a `tourney serve key|app|user|community` verb made in the database, when printing
 * it fails afterwards (`--jq` failing on it, stdout on a full disk): these verbs write the
 * file themselves, not through a request the write log sees, so they say what they made
 * (exit 8, `done:` first, exit-codes.ts) and, for a secret shown once, how to undo it.
 * Their `--json` fields are checked before the write (checkJsonFieldsOf).
 */
import { HintedError, OutputError, PrintedAfterWriteError } from "../../errors.js";
import type { Factory } from "../../factory.js";
import { isStdoutWriteError } from "../../output-failure.js";

/**
 * Prints what `print` prints, --jq run over it now; a failure to print is told as
 * `made` done (exit 8), with `hint` after it when given.
 */
export async function printMade(
  f: Factory,
  made: string,
  hint: string | undefined,
  print: () => void,
): Promise<void> {
  try {
    print();
    await f.flush();
  } catch (error) {
    if (!(error instanceof OutputError) && !isStdoutWriteError(error)) throw error;
    const done = new PrintedAfterWriteError([made], error);
    throw hint === undefined ? done : new HintedError(done, hint);
  }
}

/** ` --db FILE` as typed, for a command naming the same database (quoted when needed). */
export function dbWords(db: string): string {
  return ` --db ${/^[\w./:@%+=,-]+$/.test(db) ? db : `'${db.replaceAll("'", `'\\''`)}'`}`;
}
