/**
 * Ctrl-C for a command that must clean up before it exits. main.ts exits 130
 * at once on SIGINT unless a command listens itself; while these listeners are
 * in force, the first Ctrl-C aborts `stop` and the second aborts `abandon`, and
 * the command ends by throwing CancelledError (exit 130) in the usual place.
 *
 * A command that undoes its work when stopped (a remote bulk add, an import, publish or
 * pull, a sign-in's wait) listens to SIGTERM and SIGHUP the same way (`STOP_SIGNALS`): they
 * take the same path, and `exitAs` gives its CancelledError their exit code (143, 129).
 * Before, main.ts ended the command on them at once: a remote bulk add's names stayed added.
 */
/** A signal that stops a command: Ctrl-C, SIGTERM (`kill`, `timeout`), SIGHUP (the terminal closed). */
export type StopSignal = "SIGINT" | "SIGTERM" | "SIGHUP";

/** The part of `process` this needs (tests pass an EventEmitter). */
export interface SignalSource {
  on(event: StopSignal, listener: () => void): unknown;
  off(event: StopSignal, listener: () => void): unknown;
}

/** The exit code of a command a signal stopped (exit-codes.ts EXIT.interrupted, terminated, hungUp). */
const EXIT_OF: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/** Every signal a command can stop and undo on (Windows has only Ctrl-C). */
export const STOP_SIGNALS: readonly StopSignal[] =
  process.platform === "win32" ? ["SIGINT"] : ["SIGINT", "SIGTERM", "SIGHUP"];

export interface Interrupts {
  readonly stop: AbortSignal;
  readonly abandon: AbortSignal;
  /** The signal that aborted `stop`, once one has. */
  readonly signal: StopSignal | undefined;
  /** Removes the listener: Ctrl-C exits at once again. */
  release(): void;
}

/**
 * `notify(n)` is called on the n-th signal (1 or 2), e.g. to say what happens next. Only
 * Ctrl-C is listened to unless `signals` says more (STOP_SIGNALS).
 */
export function listenForInterrupts(
  notify: (count: 1 | 2) => void,
  source: SignalSource = process,
  signals: readonly StopSignal[] = ["SIGINT"],
): Interrupts {
  const stop = new AbortController();
  const abandon = new AbortController();
  let first: StopSignal | undefined;
  const on = (signal: StopSignal) => {
    if (!stop.signal.aborted) {
      first = signal;
      // The terminal gone: what the undo says on stderr may be lost, not thrown at it.
      if (signal === "SIGHUP" && source === process) process.stderr.on("error", () => {});
      stop.abort();
      notify(1);
    } else if (!abandon.signal.aborted) {
      abandon.abort();
      notify(2);
    }
  };
  const listeners = signals.map((signal) => [signal, () => on(signal)] as const);
  for (const [signal, listener] of listeners) source.on(signal, listener);
  return {
    stop: stop.signal,
    abandon: abandon.signal,
    get signal() {
      return first;
    },
    release: () => {
      for (const [signal, listener] of listeners) source.off(signal, listener);
    },
  };
}

/**
 * `error` as the command ends on it: a CancelledError (an object with `exitCode`) after a
 * SIGTERM or SIGHUP exits 143 or 129, not Ctrl-C's 130. Anything else unchanged.
 */
export function exitAs(error: unknown, interrupts: Interrupts): unknown {
  const signal = interrupts.signal;
  if (signal !== undefined && error instanceof Error && "exitCode" in error)
    (error as { exitCode: number }).exitCode = EXIT_OF[signal];
  return error;
}

/**
 * Resolves after a turn of the event loop, once a Ctrl-C that came during synchronous work
 * (an embedded write, a print) has reached the listeners: the signal waits for the loop, and
 * a chain of promises never gives it one. Look at `stop` after this, before `release`.
 */
export const signalsDelivered = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));
