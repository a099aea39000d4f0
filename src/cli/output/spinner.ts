/**
 * A spinner on stderr while the CLI waits (login's polling), drawn only when stderr is a
 * terminal: piped or captured, nothing is written. It redraws one line and erases it when
 * stopped, so the output that follows is clean.
 */
export interface SpinnerStream {
  readonly isTTY?: boolean | undefined;
  write(chunk: string): unknown;
}

export interface Spinner {
  /** Erases the line and stops the timer. */
  stop(): void;
}

const FRAMES = ["|", "/", "-", "\\"];
const FRAME_MS = 120;

export function startSpinner(stream: SpinnerStream, label: string): Spinner {
  if (stream.isTTY !== true) return { stop: () => {} };
  let frame = 0;
  const draw = () => {
    stream.write(`\r\x1b[2K${FRAMES[frame % FRAMES.length]} ${label}`);
    frame++;
  };
  draw();
  const timer = setInterval(draw, FRAME_MS);
  // The spinner never keeps the process alive on its own.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stream.write("\r\x1b[2K");
    },
  };
}
