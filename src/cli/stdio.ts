/**
 * Standard output for the entry point. When fd 1 is a pipe or a regular file
 * (never a terminal), data is written straight to the descriptor: creating
 * `process.stdout` for a pipe sets up a net.Socket and the whole stream stack,
 * which costs a command that prints JSON into `jq` more than the printing does.
 * On a terminal, a socket or anything unusual, `process.stdout` is used as usual.
 */
import { fstatSync, writeSync } from "node:fs";
import type { OutputStream } from "./io.js";

function isPipeOrFile(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

/**
 * `stream` gives the ordinary stream, created on first use; `onBrokenPipe` is
 * called when the reader has gone (EPIPE), whichever way the data went.
 */
export function stdoutWriter(
  fd: number,
  stream: () => NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number },
  onBrokenPipe: () => void,
): OutputStream {
  // Once anything went through the stream, everything does: output stays in order.
  let direct = isPipeOrFile(fd);
  return {
    get isTTY(): boolean {
      return direct ? false : stream().isTTY === true;
    },
    get columns(): number | undefined {
      return direct ? undefined : stream().columns;
    },
    write(chunk: string): boolean {
      return direct ? writeDirect(Buffer.from(chunk, "utf8")) : stream().write(chunk);
    },
    writeBytes(bytes: Uint8Array): boolean {
      return direct ? writeDirect(bytes) : stream().write(bytes);
    },
  };

  function writeDirect(data: Uint8Array): boolean {
    let offset = 0;
    try {
      while (offset < data.length) offset += writeSync(fd, data, offset);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") {
        onBrokenPipe();
        return false;
      }
      // A non-blocking descriptor that is full: libuv's stream waits for it.
      if (code !== "EAGAIN") throw error;
      direct = false;
      return stream().write(data.subarray(offset));
    }
  }
}
