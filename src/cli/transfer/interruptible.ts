/**
 * Ctrl-C during an import (and so a publish or a pull): the first stops between two
 * requests — the one in flight finishes, nothing more is sent — and says how far it got
 * and to run the same command again (an import reads what the target has and sends
 * nothing twice); the second stops at once, as safely, since every step is re-checked.
 * Both end in CancelledError (exit 130) with that message. Before, Ctrl-C exited 130
 * and printed nothing. A request waiting for another process's lock on the embedded
 * database has not been made: the first Ctrl-C ends that wait (`run` is given the signal
 * for Factory.endLockWaitsOn), where it once waited out the 5 s and exited 1. Before the import sends anything (its document read from a file
 * or stdin and checked: `beforeSending`), Ctrl-C stops at once and says nothing was written.
 * SIGTERM and SIGHUP do all this as Ctrl-C does, exiting 143 and 129 (before, main.ts ended
 * the import on them at once, saying only which writes had been answered).
 */
import { CancelledError } from "../errors.js";
import {
  exitAs,
  listenForInterrupts,
  type SignalSource,
  STOP_SIGNALS,
  type StopSignal,
} from "../interrupts.js";
import { type Progress, type ProgressStream, progressOn } from "./progress.js";

const AGAIN =
  "run the same command again to continue: it reads what the target already has and sends nothing twice";

/** Ctrl-C, SIGTERM and SIGHUP, from the process unless a test gives its own source. */
const signalsFrom = (source?: SignalSource): [SignalSource, readonly StopSignal[]] => [
  source ?? process,
  STOP_SIGNALS,
];

/** How far the import got: the last step or count it reported. */
function reached(last: string | undefined): string {
  return last === undefined ? "before its first step" : `after "${last}"`;
}

/** A Progress that also notes the last thing said, and stops the import once `stop` is aborted. */
function stoppable(inner: Progress, stop: AbortSignal, seen: { last?: string }): Progress {
  const check = () => {
    if (stop.aborted)
      throw new CancelledError(
        `interrupted: stopped between two requests, ${reached(seen.last)}; ${AGAIN}`,
      );
  };
  return {
    step(line) {
      check();
      inner.step(line);
      seen.last = line;
    },
    count(what, done, total) {
      inner.count(what, done, total);
      seen.last = `${what} ${done}/${total}`;
      check();
    },
    end: () => inner.end(),
  };
}

/** A promise that only rejects, and the function that rejects it. */
function rejectable(): [Promise<never>, (error: CancelledError) => void] {
  let abandon: (error: CancelledError) => void = () => {};
  const abandoned = new Promise<never>((_, reject) => {
    abandon = reject;
  });
  return [abandoned, abandon];
}

/**
 * Runs `prepare` (what an import does before its first request: reading its document,
 * checking it, opening the client) so that Ctrl-C stops it at once: CancelledError saying
 * nothing was written. `stdin`, when the document is read from it, is destroyed then, so a
 * stdin still held open does not keep the process alive; `stop`, given to `prepare`, is
 * aborted then too (Factory.endLockWaitsOn: a read waiting for a lock stops waiting). Before, Ctrl-C exited 130 silently.
 */
export async function beforeSending<T>(
  prepare: (stop: AbortSignal) => Promise<T>,
  stdin?: unknown,
  source?: SignalSource,
): Promise<T> {
  const [abandoned, abandon] = rejectable();
  const interrupts = listenForInterrupts(
    () => {
      (stdin as { destroy?: () => void } | undefined)?.destroy?.();
      abandon(new CancelledError("interrupted before the import started: nothing was written"));
    },
    ...signalsFrom(source),
  );
  try {
    return await Promise.race([prepare(interrupts.stop), abandoned]);
  } catch (error) {
    throw exitAs(error, interrupts);
  } finally {
    interrupts.release();
  }
}

/**
 * Runs `run` with a progress on `stderr` that Ctrl-C stops, as described above; `stop` is
 * aborted by the first Ctrl-C (for Factory.endLockWaitsOn).
 */
export async function interruptibly<S>(
  stderr: ProgressStream,
  run: (progress: Progress, stop: AbortSignal) => Promise<S>,
  source?: SignalSource,
): Promise<S> {
  const shown = progressOn(stderr);
  const seen: { last?: string } = {};
  const [abandoned, abandon] = rejectable();
  const interrupts = listenForInterrupts(
    (count) => {
      shown.end();
      if (count === 1) {
        stderr.write("Interrupted: stopping after the request in flight (Ctrl-C again: at once)\n");
        return;
      }
      abandon(new CancelledError(`interrupted at once, ${reached(seen.last)}; ${AGAIN}`));
    },
    ...signalsFrom(source),
  );
  try {
    return await Promise.race([
      run(stoppable(shown, interrupts.stop, seen), interrupts.stop),
      abandoned,
    ]);
  } catch (error) {
    // The request waiting for another process's lock was not made: stopped before it.
    if (interrupts.stop.aborted && error === interrupts.stop.reason)
      throw exitAs(
        new CancelledError(
          `interrupted: stopped between two requests, ${reached(seen.last)}, while the next waited for another process's lock on the database; ${AGAIN}`,
        ),
        interrupts,
      );
    throw exitAs(error, interrupts);
  } finally {
    interrupts.release();
  }
}
