/**
 * Standard output for the entry point. When fd 1 is a pipe, a socket, a regular file or
 * /dev/null (never a terminal), data is written straight to the descriptor: creating
 * `process.stdout` for a pipe or a socket sets up a net.Socket and the whole stream stack,
 * which costs a command that prints JSON into `jq` more than the printing does, and keeps
 * the process for its handle (cli/main.ts exitWhenIdle). Node's child_process hands a
 * child's stdout over as a socket (a socketpair), as bench/startup.mjs's runs get it. On a
 * terminal or anything unusual, `process.stdout` is used as usual; a descriptor that is
 * full (non-blocking) goes over to it.
 *
 * Output lost on either way (a full disk, an I/O error: EIO from a terminal that has gone)
 * throws StdoutWriteError from the write, so the command fails as exit-codes.ts says (1, or
 * 8 with the change said to be done). The stream reports a failed write through its
 * `errored` at once (a terminal's writes are synchronous) and again by an 'error' event a
 * turn later: that event no longer throws out of the listener (Node's uncaught exception
 * and exit 1, after a write too); one the write did not already report is `onLostLater`'s.
 */
import { closeSync, fstatSync, readlinkSync, writeSync, writevSync } from "node:fs";
import type { OutputStream } from "./io.js";
import { StdoutWriteError } from "./output-failure.js";

/** The most parts one writev takes (Linux's IOV_MAX). */
const IOV_MAX = 1024;

/**
 * A pipe, a socket, a regular file, or one of Linux's memory devices (/dev/null, /dev/zero,
 * /dev/full: character devices of major number 1, never a terminal). Telling any other
 * character device from a terminal takes node:tty, which loads node:net (~5 ms): those use
 * the stream. Output to /dev/null made `process.stdout` (a SyncWriteStream with node:stream,
 * ~8 ms of a CPU profile of `tournament list --json`), to a socket a net.Socket, whose
 * handle also kept the process to Node's natural end: the list of 1 tournament into a
 * socket, this build against the same with sockets taking the stream, 168.3 -> 152.4 ms
 * of CPU (task-clock, medians of 21 alternated runs, load ~6; `node -e 0` 113 ms).
 */
function isPipeOrFile(fd: number): boolean {
  // On Linux the descriptor's link in /proc names a pipe or a socket, which tells the usual
  // cases without an fs.Stats: the process's first fstatSync made one for 0.12-0.24 ms (its
  // first call, 4 probes in new processes each), readlinkSync 0.04-0.05 ms; the built list of 1
  // from cli.cjs's start to the core's load 0.43 -> 0.33 ms (marks, paired medians of 41 runs,
  // load 3.1). A file's link is its absolute path, never `pipe:[` or `socket:[`; anything else
  // is asked to fstat.
  if (process.platform === "linux") {
    try {
      const link = readlinkSync(`/proc/self/fd/${fd}`);
      if (link.startsWith("pipe:[") || link.startsWith("socket:[")) return true;
    } catch {
      // No /proc: fstat tells.
    }
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isFIFO() || stat.isSocket() || stat.isFile()) return true;
    return (
      process.platform === "linux" && stat.isCharacterDevice() && ((stat.rdev >> 8) & 0xfff) === 1
    );
  } catch {
    return false;
  }
}

type Stream = NodeJS.WritableStream & {
  readonly isTTY?: boolean;
  readonly columns?: number;
  /** Set by a failed write, at once when the write failed synchronously (Writable.errored). */
  readonly errored?: Error | null;
};

/**
 * Closes each of descriptors 0-2 that is a terminal no more (hung up: its other side closed),
 * for the process's exit once output was lost. Node restores the settings of the terminals
 * it found at its start and aborts when that fails (node.cc ResetStdio: SIGABRT, exit 134
 * and a native stack, after the command had said what it did and chosen 1 or 8); it skips a
 * descriptor that was closed.
 */
export function releaseHungUpTerminals(): void {
  const { isatty } = process.getBuiltinModule("node:tty");
  for (const fd of [0, 1, 2]) {
    try {
      if (fstatSync(fd).isCharacterDevice() && !isatty(fd)) closeSync(fd);
    } catch {
      // Closed already.
    }
  }
}

/**
 * `stream` gives the ordinary stream, created on first use; `onBrokenPipe` is
 * called when the reader has gone (EPIPE), whichever way the data went; `onLostLater`
 * when the stream reports lost output that no write has thrown (see the top); `onLost`
 * whenever output is lost, before it is thrown or reported.
 */
export function stdoutWriter(
  fd: number,
  stream: () => Stream,
  onBrokenPipe: () => void,
  onLostLater: (error: StdoutWriteError) => void = () => {},
  onLost: () => void = () => {},
): OutputStream {
  // Once anything went through the stream, everything does: output stays in order.
  let direct = isPipeOrFile(fd);
  // The reader has gone (EPIPE): nothing more is written.
  let broken = false;
  let opened: Stream | undefined;
  // The stream's failure a write has thrown already (its 'error' event then says nothing).
  let thrown: unknown;
  const streamOnce = (): Stream => {
    if (opened !== undefined) return opened;
    opened = stream();
    opened.on?.("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") readerGone();
      else if (error !== thrown) {
        onLost();
        onLostLater(new StdoutWriteError(error));
      }
    });
    return opened;
  };
  const readerGone = (): void => {
    broken = true;
    onBrokenPipe();
  };
  /** Hands `chunk` to the stream; a write it failed at once throws (or ends, EPIPE). */
  const toStream = (chunk: string | Uint8Array): boolean => {
    const to = streamOnce();
    const written = to.write(chunk);
    const failed = to.errored;
    if (failed === undefined || failed === null) return written;
    if ((failed as NodeJS.ErrnoException).code === "EPIPE") {
      readerGone();
      return false;
    }
    thrown = failed;
    onLost();
    throw new StdoutWriteError(failed);
  };
  return {
    get isTTY(): boolean {
      return direct ? false : streamOnce().isTTY === true;
    },
    get columns(): number | undefined {
      return direct ? undefined : streamOnce().columns;
    },
    write(chunk: string): boolean {
      if (!direct) return toStream(chunk);
      writeDirect(Buffer.from(chunk, "utf8"));
      return !broken;
    },
    /** False once the reader has gone; data handed to the stream is written as it drains. */
    writeBytes(parts: readonly Uint8Array[]): boolean {
      for (let i = 0; i < parts.length && !broken; i += IOV_MAX) {
        const batch = parts.slice(i, i + IOV_MAX);
        if (!direct) for (const part of batch) toStream(part);
        else writePartsDirect(batch);
      }
      return !broken;
    },
  };

  /** `parts` with one writev; what it left unwritten goes as writeDirect writes it. */
  function writePartsDirect(parts: readonly Uint8Array[]): void {
    let written: number;
    try {
      written = writevSync(fd, parts as Uint8Array[]);
    } catch {
      // Part by part instead, which tells a closed pipe and a full descriptor apart.
      written = 0;
    }
    for (const part of parts) {
      if (broken) return;
      if (written >= part.length) {
        written -= part.length;
        continue;
      }
      const rest = part.subarray(written);
      written = 0;
      if (!direct) toStream(rest);
      else writeDirect(rest);
    }
  }

  /**
   * Writes `data` to the descriptor. A non-blocking descriptor that is full (EAGAIN) hands
   * the rest, and everything after it, to the stream, which waits for it to drain (its
   * `false` then means "buffered", never "lost"); a reader that has gone sets `broken`;
   * any other failure throws StdoutWriteError.
   */
  function writeDirect(data: Uint8Array): void {
    let offset = 0;
    try {
      while (offset < data.length) offset += writeSync(fd, data, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") {
        readerGone();
        return;
      }
      // Output lost (a full disk, /dev/full, EIO): the command fails saying so.
      if (code !== "EAGAIN") {
        onLost();
        throw new StdoutWriteError(error);
      }
      direct = false;
      toStream(data.subarray(offset));
    }
  }
}
