/**
 * Where an export's `--output FILE` leads, and the writing of the document there:
 *
 * - `-`, `/dev/stdout` (and `/dev/fd/1`): standard output, as without --output;
 * - a regular file, or a new name: replaced whole, through a name of its own beside it
 *   (`.FILE.<pid>.<random>.partial`, partialBeside) and a rename in its folder, so that a Ctrl-C, a SIGTERM or SIGHUP (held meanwhile: held-signals.ts) or a full
 *   disk never leaves half a document;
 * - a symbolic link: followed, and its target replaced so (in the target's folder); the link
 *   stays;
 * - anything else that exists (a FIFO, a character device, a socket) and `/dev/fd/N` (the
 *   shell's `>(...)`, `3> FILE`): written into as it is, as a shell's `>` does, since a rename
 *   would replace it with a regular file that no reader reads. A write it refuses (ENOSPC,
 *   EPIPE) fails the command (exit 1: an export writes nothing to the service).
 *
 * Its writing is asynchronous: a FIFO's open waits for a reader, and Ctrl-C (main.ts's SIGINT
 * handler) must still stop the command meanwhile.
 */

import { randomBytes } from "node:crypto";
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  write,
  writeFileSync,
} from "node:fs";
import { createConnection, Socket } from "node:net";
import { basename, dirname, join, resolve, sep } from "node:path";
import { causeOf, codeOf, entryAt, fileInTheWay } from "../../folders/make-folder.js";
import { CommandError } from "../errors.js";
import { holdingSignals } from "./held-signals.js";

/** Where the document goes. */
export type OutputTarget =
  /** Standard output (`-`, /dev/stdout). */
  | { readonly kind: "stdout" }
  /** A regular file or a new name (a link's target for a link): replaced through a partial file. */
  | { readonly kind: "file"; readonly path: string }
  /** A FIFO, a device or a socket: written into. */
  | { readonly kind: "stream"; readonly path: string; readonly socket: boolean }
  /** A file descriptor the command was given (/dev/fd/N): written into; a pipe's closed after. */
  | { readonly kind: "fd"; readonly fd: number };

/** A link leading to a link ... past this many is a loop (Linux's own limit). */
const MAX_LINKS = 40;

/** The file descriptor that `path` names (/dev/fd/N, /proc/self/fd/N, /dev/stderr), if it does. */
function descriptorOf(path: string): number | undefined {
  if (path === "/dev/stdout") return 1;
  if (path === "/dev/stderr") return 2;
  const fd = /^\/(?:dev\/fd|proc\/(?:self|thread-self|(\d+))\/fd)\/(\d+)$/.exec(path);
  if (fd === null || (fd[1] !== undefined && Number(fd[1]) !== process.pid)) return undefined;
  return Number(fd[2]);
}

/** `path` with its folder's links resolved (as it is when its folder does not exist). */
function inRealFolder(path: string): string {
  const folder = dirname(path);
  return entryAt(folder)?.isDirectory() ? join(realpathSync(folder), basename(path)) : path;
}

/** What is at `path` itself (a link not followed), or undefined. */
function linkAt(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

/** A reason --output cannot be written, told before anything is read. */
export class OutputProblem {
  constructor(readonly message: string) {}
}

/**
 * Where `output` leads (its links followed), or the problem in the way: a folder, a loop of
 * links. Throws a file system error for the caller to word.
 */
function locate(output: string): OutputTarget | OutputProblem {
  if (output === "-") return { kind: "stdout" };
  const folderProblem = new OutputProblem(
    `it is a folder, not a file; name a file to write, such as --output ${join(output, "export.json")}`,
  );
  if (output.endsWith(sep)) return folderProblem;
  let path = resolve(output);
  for (let links = 0; links <= MAX_LINKS; links++) {
    let fd = descriptorOf(path);
    if (fd === undefined) {
      path = inRealFolder(path);
      fd = descriptorOf(path);
    }
    if (fd !== undefined) return fd === 1 ? { kind: "stdout" } : { kind: "fd", fd };
    const entry = linkAt(path);
    if (entry?.isSymbolicLink()) {
      path = resolve(dirname(path), readlinkSync(path));
      continue;
    }
    if (entry === undefined || entry.isFile()) return { kind: "file", path };
    if (entry.isDirectory()) return folderProblem;
    return { kind: "stream", path, socket: entry.isSocket() };
  }
  return new OutputProblem(
    "its symbolic links lead round in a loop (or past 40 links); name the file itself",
  );
}

/** What stands in the way of replacing the file at `path` through a partial file, or undefined. */
function fileProblem(path: string): OutputProblem | undefined {
  const dir = dirname(path);
  const folder = entryAt(dir);
  if (folder === undefined) {
    const file = fileInTheWay(dir);
    return new OutputProblem(
      file === undefined
        ? `the folder ${dir} does not exist; make it first (mkdir -p ${dir}), or name a file in a folder that exists`
        : `${file} is a file, not a folder; name a file in a folder`,
    );
  }
  if (!folder.isDirectory())
    return new OutputProblem(`${dir} is a file, not a folder; name a file in a folder`);
  try {
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    return new OutputProblem(
      `its folder ${dir} cannot be written (${cause}); name a file in a folder you can write`,
    );
  }
}

/** What stands in the way of writing into `target` (a FIFO, device, socket or descriptor). */
function streamProblem(target: OutputTarget): OutputProblem | undefined {
  try {
    if (target.kind === "stream") accessSync(target.path, constants.W_OK);
    else if (target.kind === "fd" && fstatSync(target.fd).isDirectory())
      return new OutputProblem(
        `file descriptor ${target.fd} is a folder, not a file; name a file to write`,
      );
    return undefined;
  } catch (error) {
    if (target.kind === "fd" && codeOf(error) === "EBADF")
      return new OutputProblem(
        `file descriptor ${target.fd} is not open; open it for the command (as 3> FILE does), or give - for standard output`,
      );
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    return new OutputProblem(`it cannot be written (${cause}); name a file you can write`);
  }
}

/**
 * Where `output` leads, or the problem in the way of writing there (a folder, a folder that
 * does not exist or cannot be written, a FIFO that cannot be written, a descriptor not open).
 */
export function outputTarget(output: string): OutputTarget | OutputProblem {
  let target: OutputTarget | OutputProblem;
  try {
    target = locate(output);
  } catch (error) {
    const cause = causeOf(error);
    if (cause === undefined) throw error;
    return new OutputProblem(
      `it cannot be reached (${cause}); name a file in a folder you can write`,
    );
  }
  if (target instanceof OutputProblem) return target;
  if (target.kind === "file") return fileProblem(target.path) ?? target;
  return streamProblem(target) ?? target;
}

/** Why writing into a FIFO, device, socket or descriptor failed, in words. */
const STREAM_CAUSES: Readonly<Record<string, string>> = {
  EPIPE: "its reader closed it before the end (EPIPE)",
  ECONNRESET: "its reader closed it before the end (ECONNRESET)",
  ECONNREFUSED: "nothing listens on it (ECONNREFUSED)",
  ENXIO: "nothing listens on it (ENXIO)",
  ENOSPC: "no space left on the device (ENOSPC)",
  EIO: "an input/output error (EIO)",
  EBADF: "the descriptor is not open for writing (EBADF)",
};

/**
 * The name FILE is written through before its rename: beside it (a rename stays in its
 * folder), hidden, and this write's own (the pid and 48 random bits), made with O_EXCL.
 * Before, FILE.partial: a user's file of that name was overwritten and renamed away, and two
 * exports to one FILE at once wrote into the same file. A long name is cut to 64 characters.
 */
function partialBeside(path: string): string {
  const name = [...basename(path)].slice(0, 64).join("");
  return join(dirname(path), `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.partial`);
}

/**
 * Writes `text` to the file at `path` through partialBeside, which is never left behind;
 * `recheck` says what changed under the write, if the place did (a folder made at FILE).
 */
function replaceFile(output: string, path: string, text: string, recheck: () => void): void {
  const partial = partialBeside(path);
  let made = false;
  try {
    holdingSignals(() => {
      const fd = openSync(partial, "wx");
      made = true;
      try {
        writeFileSync(fd, text);
      } finally {
        closeSync(fd);
      }
      renameSync(partial, path);
    });
  } catch (error) {
    // Only the file this write made (O_EXCL) is removed, never one that was there.
    try {
      if (made) rmSync(partial, { force: true });
    } catch {
      // Its folder taken away or made read-only meanwhile: the write's own error is told.
    }
    recheck();
    const cause = causeOf(error) ?? (error as Error).message;
    throw new CommandError(
      `--output ${output}: the document could not be written (${cause}); nothing was written there`,
      { cause: error },
    );
  }
}

const later = (ms: number): Promise<void> => new Promise((wake) => setTimeout(wake, ms));

/**
 * Writes all of `bytes` into the open descriptor `fd` (a device, a file given as 3> FILE),
 * through the thread pool, whose write a device may take in parts or refuse for now (EAGAIN:
 * opened non-blocking) until its reader has taken more.
 */
async function writeAll(fd: number, bytes: Uint8Array): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    try {
      done += await new Promise<number>((took, failed) =>
        write(fd, bytes, done, bytes.length - done, null, (error, n) =>
          error === null ? took(n) : failed(error),
        ),
      );
    } catch (error) {
      if (codeOf(error) !== "EAGAIN") throw error;
      await later(10);
    }
  }
}

/**
 * Writes `text` into the pipe or socket open at `fd`, then closes it (its reader sees the end):
 * as Node writes stdout, through the event loop, never a thread blocked on a slow reader (a
 * blocked thread holds up the process's exit, so Ctrl-C could not end the command).
 */
function writeStream(fd: number, text: string): Promise<void> {
  return new Promise<void>((done, failed) => {
    const stream = new Socket({ fd, readable: false, writable: true });
    // Once closed, not at 'finish': a write refused (EPIPE) is told after 'finish'.
    stream.on("error", failed);
    stream.on("close", () => done());
    stream.end(text);
  });
}

/** Writes `text` into the socket at `path`, as a client of whoever listens there. */
function writeSocket(path: string, text: string): Promise<void> {
  return new Promise<void>((done, failed) => {
    const socket = createConnection({ path });
    socket.on("error", failed);
    socket.end(text, () => {
      socket.destroy();
      done();
    });
  });
}

/**
 * Opens the FIFO or device at `path` for writing, without creating or truncating it. A FIFO
 * opens once something reads it: asked again every 50 ms until then, not waited for in a
 * blocking open(2), which would hold a thread that Ctrl-C's exit then waits for for ever.
 */
async function openForWriting(path: string): Promise<number> {
  const flags = constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK;
  for (;;) {
    try {
      return openSync(path, flags);
    } catch (error) {
      // ENXIO: a FIFO that nothing reads yet.
      if (codeOf(error) !== "ENXIO") throw error;
    }
    await later(50);
  }
}

/** Writes `text` into the FIFO, device or socket at `path`, or into the descriptor `fd`. */
async function writeInto(target: OutputTarget, text: string): Promise<void> {
  if (target.kind === "stream" && target.socket) return writeSocket(target.path, text);
  if (target.kind !== "stream" && target.kind !== "fd") return;
  const fd = target.kind === "fd" ? target.fd : await openForWriting(target.path);
  const kind = fstatSync(fd);
  // Not stderr (/dev/stderr, /dev/fd/2): still the command's, for its messages after.
  if ((kind.isFIFO() || kind.isSocket()) && fd > 2) return writeStream(fd, text);
  try {
    await writeAll(fd, Buffer.from(text));
  } finally {
    if (target.kind === "stream") closeSync(fd);
  }
}

/**
 * Writes `text` to `target` (not stdout, which the caller writes): a file replaced whole, or
 * the stream written into. `recheck` refuses the place if it changed under a file's write.
 */
export async function writeTo(
  output: string,
  target: Exclude<OutputTarget, { kind: "stdout" }>,
  text: string,
  recheck: () => void,
): Promise<void> {
  if (target.kind === "file") return replaceFile(output, target.path, text, recheck);
  try {
    await writeInto(target, text);
  } catch (error) {
    const code = codeOf(error);
    const cause = STREAM_CAUSES[code ?? ""] ?? causeOf(error) ?? (error as Error).message;
    throw new CommandError(
      `--output ${output}: the document could not be written whole (${cause}); its reader may have got part of it`,
      { cause: error },
    );
  }
}
