/**
 * Ctrl-C for a command that must clean up before it exits. main.ts exits 130
 * at once on SIGINT unless a command listens itself; while these listeners are
 * in force, the first Ctrl-C aborts `stop` and the second aborts `abandon`, and
 * the command ends by throwing CancelledError (exit 130) in the usual place.
 */

/** The part of `process` this needs (tests pass an EventEmitter). */
export interface SignalSource {
  on(event: "SIGINT", listener: () => void): unknown;
  off(event: "SIGINT", listener: () => void): unknown;
}

export interface Interrupts {
  readonly stop: AbortSignal;
  readonly abandon: AbortSignal;
  /** Removes the listener: Ctrl-C exits at once again. */
  release(): void;
}

/** `notify(n)` is called on the n-th Ctrl-C (1 or 2), e.g. to say what happens next. */
export function listenForInterrupts(
  notify: (count: 1 | 2) => void,
  source: SignalSource = process,
): Interrupts {
  const stop = new AbortController();
  const abandon = new AbortController();
  const onSigint = () => {
    if (!stop.signal.aborted) {
      stop.abort();
      notify(1);
    } else if (!abandon.signal.aborted) {
      abandon.abort();
      notify(2);
    }
  };
  source.on("SIGINT", onSigint);
  return {
    stop: stop.signal,
    abandon: abandon.signal,
    release: () => source.off("SIGINT", onSigint),
  };
}

/**
 * Resolves after a turn of the event loop, once a Ctrl-C that came during synchronous work
 * (an embedded write, a print) has reached the listeners: the signal waits for the loop, and
 * a chain of promises never gives it one. Look at `stop` after this, before `release`.
 */
export const signalsDelivered = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));
