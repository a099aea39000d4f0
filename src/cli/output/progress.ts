/**
 * Progress on long work, drawn on stderr and only when stderr is a terminal (piped or
 * captured, nothing is written): a bar when the amount of work is known (bulk add, bulk
 * updates), a spinner when it is not (`api --paginate`, `demo`, login's polling). Both
 * redraw one line and erase it when done, so the output that follows is clean. The one
 * progress module: every command reuses it.
 */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(chunk: string): unknown;
}

export interface Progress {
  /** `sent` of `total` done. */
  update(sent: number, total: number): void;
  /** Erases the bar (if one was drawn). */
  done(): void;
}

export interface Spinner {
  /** Changes what the spinner says ("Fetching page 3"). */
  label(text: string): void;
  /** Erases the line and stops the timer. */
  stop(): void;
}

const CLEAR = "\r\x1b[2K";
const WIDTH = 30;
const NONE: Progress = { update: () => {}, done: () => {} };
const FRAMES = ["|", "/", "-", "\\"];
const FRAME_MS = 120;

/** `label` starts the line: what is being sent ("Adding participants"). */
export function progressBar(stream: ProgressStream, label = "Adding participants"): Progress {
  if (stream.isTTY !== true) return NONE;
  let drawn = false;
  return {
    update(sent, total) {
      // Work done in one step needs no bar.
      if (!drawn && sent >= total) return;
      const filled = Math.round((WIDTH * sent) / total);
      const bar = `${"#".repeat(filled)}${"-".repeat(WIDTH - filled)}`;
      const figures = `${sent.toLocaleString("en")}/${total.toLocaleString("en")}`;
      stream.write(`${CLEAR}${label} [${bar}] ${figures}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write(CLEAR);
      drawn = false;
    },
  };
}

/** A spinner saying `label`, until stopped; nothing when `stream` is no terminal. */
export function startSpinner(stream: ProgressStream, label: string): Spinner {
  if (stream.isTTY !== true) return { label: () => {}, stop: () => {} };
  let frame = 0;
  let text = label;
  let running = true;
  const draw = () => {
    stream.write(`${CLEAR}${FRAMES[frame % FRAMES.length]} ${text}`);
    frame++;
  };
  draw();
  const timer = setInterval(draw, FRAME_MS);
  // The spinner never keeps the process alive on its own.
  timer.unref();
  return {
    label(next) {
      text = next;
      if (running) draw();
    },
    stop() {
      if (!running) return;
      running = false;
      clearInterval(timer);
      stream.write(CLEAR);
    },
  };
}
