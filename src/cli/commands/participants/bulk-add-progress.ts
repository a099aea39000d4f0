/**
 * A progress bar for a bulk add (or bulk update) of several requests, drawn on stderr and only
 * when stderr is a terminal (piped or captured, nothing is written). It
 * redraws one line and erases it when done, so the output that follows is clean.
 */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(chunk: string): unknown;
}

export interface Progress {
  /** `sent` of `total` names sent. */
  update(sent: number, total: number): void;
  /** Erases the bar (if one was drawn). */
  done(): void;
}

const WIDTH = 30;
const NONE: Progress = { update: () => {}, done: () => {} };

/** `label` starts the line: what is being sent ("Adding participants"). */
export function progressBar(stream: ProgressStream, label = "Adding participants"): Progress {
  if (stream.isTTY !== true) return NONE;
  let drawn = false;
  return {
    update(sent, total) {
      // A roster sent in one request needs no bar.
      if (!drawn && sent >= total) return;
      const filled = Math.round((WIDTH * sent) / total);
      const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
      const figures = `${sent.toLocaleString("en")}/${total.toLocaleString("en")}`;
      stream.write(`\r\x1b[2K${label} [${bar}] ${figures}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write("\r\x1b[2K");
      drawn = false;
    },
  };
}
