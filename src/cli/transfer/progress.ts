/**
 * Progress of an import (and so of publish and pull) on stderr, only at a
 * terminal: a step on a line of its own ("lan_cup: start"), and a count
 * rewritten in place ("results 37/120"). Piped or in CI nothing is written:
 * stderr then carries the errors alone.
 */

export interface Progress {
  /** A step, printed on a line of its own. */
  step(line: string): void;
  /** How far a long step has gone, rewritten in place: `${what} ${done}/${total}`. */
  count(what: string, done: number, total: number): void;
  /** Ends a count left on the line. */
  end(): void;
}

export const SILENT: Progress = { step() {}, count() {}, end() {} };

/** Where the lines go, and whether it is a terminal. */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(text: string): unknown;
}

/** Carriage return and "erase the line": the next text replaces the count. */
const REWRITE = "\r\x1b[K";

/** A renderer on `stream` when it is a terminal, else SILENT. */
export function progressOn(stream: ProgressStream): Progress {
  if (stream.isTTY !== true) return SILENT;
  let counting = false;
  return {
    step(line) {
      stream.write(`${counting ? REWRITE : ""}${line}\n`);
      counting = false;
    },
    count(what, done, total) {
      stream.write(`${REWRITE}${what} ${done}/${total}`);
      counting = true;
    },
    end() {
      if (counting) stream.write("\n");
      counting = false;
    },
  };
}
