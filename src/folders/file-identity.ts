/**
 * Whether a database's path still names the file this process opened. A file moved or
 * copied over it (a backup put back: `mv backup.db tourney.db`) or removed leaves the open
 * connection on the old file: serve went on answering 200 to writes no one would ever read
 * again, and an embedded `watch` never saw a later report (an outside review). Looked at on
 * a timer (unref'd, default once a second), never on a request's path: the report path's
 * cost is measured per microsecond (issue 27).
 */
import { fstatSync, readdirSync, readlinkSync, realpathSync, statSync } from "node:fs";

interface Identity {
  readonly dev: bigint;
  readonly ino: bigint;
}

export interface FileIdentityWatch {
  /** Why the path no longer names the opened file, once it was seen so; else undefined. */
  readonly replaced: () => string | undefined;
  /** Stops the timer. */
  readonly stop: () => void;
}

/** How often the path is looked at. */
export const FILE_IDENTITY_INTERVAL_MS = 1_000;

/**
 * The identity of the file this process holds open at `path`: the descriptor /proc/self/fd
 * shows for it (fstat), else (no /proc) the path's own, taken now. Undefined for no file.
 */
function openedIdentity(path: string): Identity | undefined {
  let target: string;
  try {
    target = realpathSync(path);
  } catch {
    return undefined;
  }
  try {
    for (const name of readdirSync("/proc/self/fd")) {
      let link: string;
      try {
        link = readlinkSync(`/proc/self/fd/${name}`);
      } catch {
        continue;
      }
      if (link !== target) continue;
      const s = fstatSync(Number(name), { bigint: true });
      return { dev: s.dev, ino: s.ino };
    }
  } catch {
    // No /proc (macOS): the path's identity just after the open.
  }
  const s = statSync(target, { bigint: true, throwIfNoEntry: false });
  return s === undefined ? undefined : { dev: s.dev, ino: s.ino };
}

/** Why `path` no longer names `opened`, or undefined while it does. */
function change(path: string, opened: Identity): string | undefined {
  let now: Identity | undefined;
  try {
    now = statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch (error) {
    return `${path} can no longer be looked at (${(error as Error).message})`;
  }
  if (now === undefined) return `${path} was removed (or moved away) after it was opened`;
  if (now.dev !== opened.dev || now.ino !== opened.ino)
    return `${path} was replaced by another file (moved or copied over it) after it was opened`;
  return undefined;
}

/**
 * Looks every `intervalMs` whether `path` still names the file this process opened there
 * (call it just after the open); tells `onReplaced` once, the first time it does not, and
 * stops looking. A path that names no file now (":memory:") is not watched.
 */
export function watchFileIdentity(
  path: string,
  onReplaced: (why: string) => void,
  intervalMs = FILE_IDENTITY_INTERVAL_MS,
): FileIdentityWatch {
  const opened = openedIdentity(path);
  let why: string | undefined;
  if (opened === undefined) return { replaced: () => undefined, stop: () => {} };
  const timer = setInterval(() => {
    why = change(path, opened);
    if (why === undefined) return;
    clearInterval(timer);
    onReplaced(why);
  }, intervalMs);
  timer.unref();
  return { replaced: () => why, stop: () => clearInterval(timer) };
}
