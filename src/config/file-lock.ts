/**
 * A lock beside a file (`config.json.lock` beside config.json), held across processes for a
 * read-modify-write of the whole file: tourney processes run side by side (parallel CI jobs
 * sharing a configuration folder) each read the file, change their part and write it back;
 * without the lock, the last writer dropped the others' changes (profiles, settings, keys).
 *
 * The lock file is created with O_EXCL ('wx') and holds the holder's pid, host and time. A
 * process that finds it waits (short sleeps) up to LOCK_WAIT_MS (a renewal: its request's
 * timeout and more), then gives up with ConfigLockedError, which names the lock file. A lock
 * is stale, and taken over, when its holder is a process of this host that no longer runs, or
 * when it has not been touched for LOCK_STALE_MS: a synchronous holder keeps it for
 * milliseconds, and an asynchronous one (a token renewal awaiting its request) touches it
 * every LOCK_TOUCH_MS while it works. Before, a lock older than LOCK_STALE_MS was taken over
 * however alive its holder: a renewal whose token endpoint took 45 s had its lock taken at
 * 30 s, and the refresh token was sent twice (serve then revokes the whole sign-in). A live
 * pid on a lock untouched that long is another program that got the pid (after a reboot,
 * say), or a holder stopped. Taking over is done under a second file (`<lock>.takeover`,
 * also O_EXCL) and only when the lock still holds what was judged
 * stale, so two processes never both remove it and one of them a fresh lock. The lock is let
 * go in `finally`, and on process exit.
 *
 * Reads need no lock: files are replaced whole by rename, so a reader sees the old or the new.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { codeOf } from "../folders/make-folder.js";

/** How long a process waits for another's lock before giving up. */
export const LOCK_WAIT_MS = 5_000;
/** A lock not touched for this long is taken over, whoever holds it. */
export const LOCK_STALE_MS = 30_000;
/** How often an asynchronous holder touches its lock (its mtime) while it works. */
export const LOCK_TOUCH_MS = 5_000;

/**
 * Another process held the lock of a file for longer than LOCK_WAIT_MS: nothing was written.
 * Not a usage error: exit 1 ("other failure", as a locked database), with a hint saying how
 * to go on (cli/exit-codes.ts).
 */
export class ConfigLockedError extends Error {
  override readonly name = "ConfigLockedError";
  constructor(
    /** The file that was to be changed. */
    readonly file: string,
    /** The lock file in the way. */
    readonly lockFile: string,
    message: string,
  ) {
    super(message);
  }
}

interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly time: number;
}

/** The locks this process holds (lock file -> its content), let go on exit if still held. */
const held = new Map<string, string>();
let exitHook = false;

/** Runs `change` holding the lock of `file`; `change` should read the file itself, inside. */
export function withFileLockSync<T>(file: string, change: () => T): T {
  const lockFile = `${file}.lock`;
  if (held.has(lockFile)) return change();
  const started = Date.now();
  let pause = 2;
  while (!tryLock(lockFile)) {
    if (Date.now() - started >= LOCK_WAIT_MS) throw lockedError(file, lockFile, LOCK_WAIT_MS);
    sleepSync(pause);
    pause = Math.min(pause * 2, 50);
  }
  try {
    return change();
  } finally {
    release(lockFile);
  }
}

export interface LockOptions {
  /** How long to wait for another process's lock (LOCK_WAIT_MS when not given). */
  readonly waitMs?: number;
  /** What the holder does, for the error of a lock not let go ("change <file>" when not given). */
  readonly doing?: string;
}

/**
 * Per lock file, the end of the turn of the last asynchronous holder in this process: the
 * lock file tells processes apart, not the tasks of one (its pid is theirs alike), so they
 * take turns here before trying it. Two renewals of one sign-in in one process each read,
 * sent and stored the same refresh token otherwise.
 */
const turns = new Map<string, Promise<void>>();

/**
 * withFileLockSync for an asynchronous change (one that awaits a request while holding the
 * lock): the wait sleeps without blocking the loop. `change` must not call withFileLock on
 * the same file (it would wait for itself); withFileLockSync inside it runs at once.
 */
export async function withFileLock<T>(
  file: string,
  change: () => Promise<T> | T,
  options: LockOptions = {},
): Promise<T> {
  const lockFile = `${file}.lock`;
  const before = turns.get(lockFile);
  // Called from inside a synchronous holder's change: its lock covers this one.
  if (before === undefined && held.has(lockFile)) return change();
  let endTurn = (): void => {};
  const turn = new Promise<void>((resolve) => {
    endTurn = resolve;
  });
  const mine = before === undefined ? turn : before.then(() => turn);
  turns.set(lockFile, mine);
  let locked = false;
  let beat: NodeJS.Timeout | undefined;
  try {
    await before;
    await lockAsync(file, lockFile, options);
    locked = true;
    // Touched while the change awaits (a request may take the profile's timeout): alive.
    beat = setInterval(touch, LOCK_TOUCH_MS, lockFile).unref();
    return await change();
  } finally {
    clearInterval(beat);
    if (locked) release(lockFile);
    if (turns.get(lockFile) === mine) turns.delete(lockFile);
    endTurn();
  }
}

async function lockAsync(file: string, lockFile: string, options: LockOptions): Promise<void> {
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const started = Date.now();
  let pause = 2;
  while (!tryLock(lockFile)) {
    if (Date.now() - started >= waitMs) throw lockedError(file, lockFile, waitMs, options.doing);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 50);
  }
}

/** A synchronous sleep (the credential store is synchronous). */
function sleepSync(ms: number): void {
  // Jitter, so that waiting processes do not all try again at the same instant.
  const jittered = ms + Math.floor(Math.random() * ms);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, jittered);
}

function hostName(): string {
  return process.getBuiltinModule("node:os").hostname();
}

/** Marks the lock as still held (its mtime now), if it is still this process's. */
function touch(lockFile: string): void {
  try {
    if (readText(lockFile) === held.get(lockFile)) utimesSync(lockFile, new Date(), new Date());
  } catch {
    // Gone or not writable: the next waiter judges it by what it finds.
  }
}

/**
 * One attempt: creates the lock file, or takes over a stale one (and tries once more).
 * Errors other than "it exists" (a folder that cannot be written) are thrown as they are.
 */
function tryLock(lockFile: string): boolean {
  if (create(lockFile)) return true;
  const seen = readText(lockFile);
  if (seen === undefined) return create(lockFile); // let go in between
  if (!isStale(lockFile, seen)) return false;
  takeOver(lockFile, seen);
  return create(lockFile);
}

function create(lockFile: string): boolean {
  const content = JSON.stringify({
    pid: process.pid,
    host: hostName(),
    time: Date.now(),
    // Two locks taken by the same process in the same millisecond still differ.
    nonce: Math.random().toString(36).slice(2),
  } satisfies Holder & { nonce: string });
  let fd: number;
  try {
    fd = openSync(lockFile, "wx", 0o600);
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } catch (error) {
    rmSync(lockFile, { force: true }); // a full disk: no empty lock left behind
    throw error;
  } finally {
    closeSync(fd);
  }
  held.set(lockFile, content);
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => {
      for (const lock of [...held.keys()]) release(lock);
    });
  }
  return true;
}

/** Removes the lock if it is still this process's (not taken over as stale meanwhile). */
function release(lockFile: string): void {
  const content = held.get(lockFile);
  held.delete(lockFile);
  if (content !== undefined && readText(lockFile) === content) rmSync(lockFile, { force: true });
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

function holderOf(text: string): Holder | undefined {
  try {
    const data = JSON.parse(text) as Partial<Holder>;
    const { pid, host, time } = data;
    if (typeof pid !== "number" || typeof host !== "string" || typeof time !== "number")
      return undefined;
    return { pid, host, time };
  } catch {
    return undefined; // being written (created, not yet filled), or not ours: judged by its age
  }
}

/** Milliseconds since the file was last touched (taken, or touched by its holder). */
function ageOf(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0; // gone: the next attempt will see
  }
}

function isStale(lockFile: string, text: string): boolean {
  const holder = holderOf(text);
  // Its holder touches it while it works: untouched this long, no one is working under it.
  const quiet = ageOf(lockFile) > LOCK_STALE_MS;
  if (holder === undefined || holder.host !== hostName()) return quiet;
  // This process's pid on a lock it does not hold: a process before it that had the same pid.
  if (holder.pid === process.pid) return true;
  return quiet || !isRunning(holder.pid);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) !== "ESRCH"; // EPERM: it runs, as another user
  }
}

/**
 * Removes a stale lock, under `<lock>.takeover` so that only one process does it, and only
 * if it still holds what was seen (another process may have taken it over and locked again).
 */
function takeOver(lockFile: string, seen: string): void {
  const guard = `${lockFile}.takeover`;
  try {
    closeSync(openSync(guard, "wx", 0o600));
  } catch (error) {
    if (codeOf(error) !== "EEXIST") throw error;
    // Another process is taking over; one that died doing so left its guard: clear it.
    if (ageOf(guard) > LOCK_STALE_MS) rmSync(guard, { force: true });
    return;
  }
  try {
    if (readText(lockFile) === seen) rmSync(lockFile, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

function lockedError(
  file: string,
  lockFile: string,
  waitMs: number,
  doing = `change ${file}`,
): ConfigLockedError {
  const text = readText(lockFile);
  const holder = text === undefined ? undefined : holderOf(text);
  const by =
    holder === undefined
      ? "another process"
      : `process ${holder.pid}${holder.host === hostName() ? "" : ` on ${holder.host}`} since ${new Date(holder.time).toISOString()}`;
  // The CLI adds the ways out (cli/exit-codes.ts): wait, or delete the lock file.
  const message =
    `cannot ${doing}: its lock ${lockFile} is held by ${by}, ` +
    `not let go within ${Math.round(waitMs / 100) / 10} s; nothing was changed`;
  return new ConfigLockedError(file, lockFile, message);
}
