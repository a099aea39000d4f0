/**
 * The entry point's stdout (src/cli/stdio.ts): into a pipe, a file or /dev/null it writes
 * to the descriptor without making `process.stdout` (issue 27: on /dev/null that stream cost
 * a list ~8 ms), records in parts as one text.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { isStdoutWriteError, type StdoutWriteError } from "../../src/cli/output-failure.js";
import { stdoutWriter } from "../../src/cli/stdio.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-stdio-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A writer on `path` whose stream must never be made. */
function writerOn(path: string) {
  const fd = openSync(path, "w");
  const made = { stream: 0 };
  const writer = stdoutWriter(
    fd,
    () => {
      made.stream++;
      throw new Error("the stream was made");
    },
    () => {},
  );
  return { fd, made, writer };
}

describe("stdoutWriter", () => {
  it.runIf(process.platform === "linux")("writes to /dev/null without the stream", () => {
    const { fd, made, writer } = writerOn("/dev/null");
    expect(writer.isTTY).toBe(false);
    expect(writer.columns).toBeUndefined();
    writer.write("text\n");
    writer.writeBytes!([Buffer.from("[1"), Buffer.from(",2]\n")]);
    closeSync(fd);
    expect(made.stream).toBe(0);
  });

  it.runIf(process.platform === "linux")(
    "fails on /dev/full with a StdoutWriteError naming standard output, text or parts",
    () => {
      const { fd, made, writer } = writerOn("/dev/full");
      const lost = "could not write to standard output: no space left on device (ENOSPC)";
      for (const write of [
        () => writer.write("text\n"),
        () => writer.writeBytes!([Buffer.from("[1"), Buffer.from(",2]\n")]),
      ]) {
        let thrown: unknown;
        try {
          write();
        } catch (error) {
          thrown = error;
        }
        expect(isStdoutWriteError(thrown)).toBe(true);
        expect((thrown as StdoutWriteError).message).toBe(lost);
        expect((thrown as StdoutWriteError).code).toBe("ENOSPC");
      }
      closeSync(fd);
      expect(made.stream).toBe(0);
      // Known by its brand, as the core (another bundle, another copy of the class) knows it.
      expect(isStdoutWriteError(new Error(lost))).toBe(false);
    },
  );

  /** A stream whose writes fail with `code` as a terminal's do: at once (errored), the event a turn later. */
  function failingStream(code: string) {
    const failure = Object.assign(new Error(`${code}: i/o error, write`), { code });
    return new Writable({
      write: (_chunk, _encoding, done) => done(failure),
    }) as Writable & { isTTY: boolean };
  }

  it("a terminal's write that fails (EIO): StdoutWriteError thrown from the write, no uncaught event", async () => {
    const tty = failingStream("EIO");
    tty.isTTY = true;
    const late: unknown[] = [];
    const writer = stdoutWriter(
      -1,
      () => tty,
      () => late.push("reader left"),
      (lost) => late.push(lost),
    );
    expect(writer.isTTY).toBe(true);
    for (const write of [
      () => writer.write("text\n"),
      () => writer.writeBytes!([Buffer.from("[1"), Buffer.from(",2]\n")]),
    ]) {
      let thrown: unknown;
      try {
        write();
      } catch (error) {
        thrown = error;
      }
      expect(isStdoutWriteError(thrown)).toBe(true);
      expect((thrown as StdoutWriteError).message).toBe(
        "could not write to standard output: i/o error (EIO)",
      );
    }
    // The stream's 'error' event comes a turn later: already said, it says nothing more.
    await new Promise((resolve) => setImmediate(resolve));
    expect(late).toEqual([]);
  });

  it("a failure the stream reports later (no write threw it) goes to onLostLater; EPIPE is the reader leaving", async () => {
    for (const [code, expected] of [
      ["EIO", "could not write to standard output: i/o error (EIO)"],
      ["EPIPE", "reader left"],
    ] as const) {
      const stream = new Writable({ write: (_c, _e, done) => setImmediate(() => done()) });
      const late: unknown[] = [];
      const writer = stdoutWriter(
        -1,
        () => stream,
        () => late.push("reader left"),
        (lost) => late.push(lost.message),
      );
      expect(writer.write("text\n")).toBe(true);
      stream.destroy(Object.assign(new Error(`${code}: i/o error, write`), { code }));
      await new Promise((resolve) => setImmediate(resolve));
      expect(late).toEqual([expected]);
    }
  });

  it("writes a file's text and parts in order, past one writev's 1,024 parts", () => {
    const path = join(dir, "out.txt");
    const { fd, made, writer } = writerOn(path);
    writer.write("a");
    const parts = Array.from({ length: 2500 }, (_, i) => Buffer.from(`${i},`));
    writer.writeBytes!(parts);
    writer.write("z");
    closeSync(fd);
    expect(made.stream).toBe(0);
    expect(readFileSync(path, "utf8")).toBe(`a${parts.join("")}z`);
  });

  it.runIf(process.platform === "linux")(
    "writes to a socket (a child's stdin, as child_process makes it) without the stream",
    async () => {
      // /proc/self/fd/N names it `socket:[inode]`: told without an fstat (stdio.ts isPipeOrFile).
      const child = spawn("cat", [], { stdio: ["pipe", "pipe", "inherit"] });
      const fd = (child.stdin as unknown as { _handle: { fd: number } })._handle.fd;
      expect(readlinkSync(`/proc/self/fd/${fd}`)).toMatch(/^socket:\[/);
      const made = { stream: 0 };
      const writer = stdoutWriter(
        fd,
        () => {
          made.stream++;
          throw new Error("the stream was made");
        },
        () => {},
      );
      const echoed: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => echoed.push(chunk));
      const closed = new Promise((resolve) => child.on("close", resolve));
      writer.write("text\n");
      writer.writeBytes!([Buffer.from("[1"), Buffer.from(",2]\n")]);
      child.stdin.end();
      await closed;
      expect(made.stream).toBe(0);
      expect(Buffer.concat(echoed).toString()).toBe("text\n[1,2]\n");
    },
  );

  it.runIf(process.platform === "linux")(
    "hands everything after a full non-blocking pipe to the stream, in order, none lost",
    () => {
      // As a parent that gives its child a non-blocking pipe and reads it later: the pipe
      // fills (EAGAIN) and the rest must go through the stream, which buffers (write gives
      // false) until it drains. Before the fix, that false was taken for a gone reader and
      // every later part was dropped, exit 0: a 1.6 MB list kept 105 KB.
      const fifo = join(dir, "full.fifo");
      execFileSync("mkfifo", [fifo]);
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      const streamed: Buffer[] = [];
      let gone = 0;
      const writer = stdoutWriter(
        fd,
        () =>
          ({
            write: (chunk: string | Uint8Array) => {
              streamed.push(Buffer.from(chunk));
              return false;
            },
          }) as unknown as NodeJS.WritableStream,
        () => gone++,
      );
      const parts = Array.from({ length: 3000 }, (_, i) => Buffer.from(`${"x".repeat(100)}${i},`));
      expect(writer.writeBytes!(parts)).toBe(true);
      writer.write("end\n");
      const piped: Buffer[] = [];
      const buffer = Buffer.alloc(65536);
      for (;;) {
        let n = 0;
        try {
          n = readSync(reader, buffer);
        } catch {
          break; // EAGAIN: the pipe is empty
        }
        if (n === 0) break;
        piped.push(Buffer.from(buffer.subarray(0, n)));
      }
      closeSync(fd);
      closeSync(reader);
      expect(gone).toBe(0);
      expect(streamed.length).toBeGreaterThan(0);
      expect(Buffer.concat([...piped, ...streamed]).toString()).toBe(`${parts.join("")}end\n`);
    },
  );
});
