/**
 * A signal that would end the process at once (SIGTERM: `kill`, `timeout`, a service manager;
 * SIGHUP: the terminal closed), held while a file is written and renamed into place, then
 * acted on as before. Ctrl-C needs no holding: main.ts handles SIGINT in JavaScript, which
 * runs only between synchronous steps. Before, a SIGTERM in the middle of an export's
 * `--output FILE` left a cut-off FILE.partial beside FILE (1 run in 120 of a 1.5 MB export
 * killed at varied moments).
 */

/** The signals held: those whose default action ends the process and that Node can listen to. */
const HELD: readonly NodeJS.Signals[] = process.platform === "win32" ? [] : ["SIGTERM", "SIGHUP"];

/**
 * Runs the synchronous `write`, with HELD signals caught meanwhile; one that came is raised
 * again once the write is done or undone (main.ts then ends the process, 143 or 129).
 * A signal that comes during a synchronous step is dispatched at the event loop's next poll:
 * the listeners stay two turns of the loop (two immediates, a poll between them) to see it.
 */
export function holdingSignals<T>(write: () => T): T {
  const came: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => {
    came.push(signal);
  };
  for (const signal of HELD) process.on(signal, hold);
  try {
    return write();
  } finally {
    setImmediate(() =>
      setImmediate(() => {
        for (const signal of HELD) process.off(signal, hold);
        if (came[0] !== undefined) process.kill(process.pid, came[0]);
      }),
    );
  }
}
