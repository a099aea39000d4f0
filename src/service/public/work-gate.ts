/**
 * The one queue through which serve's long public work runs (issue 24): a tournament's
 * snapshot made page by page, a history computed, a backlog of events written to a
 * stream. Each piece of work is a short synchronous unit; the gate runs queued units
 * one after another for at most BUDGET_MS of one turn of the event loop, then lets
 * the loop take its I/O (every other request) before the next turn. A unit never runs
 * while a write transaction is open (serve's commit group, commit-group.ts): what it
 * reads is committed. So a 50,000-player bracket's 100 pages of matches cost every
 * other request at most one budget of waiting, not the 3-6 s of reading them at once.
 */

/** Work one turn of the loop may do before other requests are answered (ms). */
const BUDGET_MS = 8;

/** Steps of a generator one unit of `steps` runs: as many as fit in this time (ms). */
const STEPS_UNIT_MS = 4;

interface Job {
  readonly unit: () => unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

export class WorkGate {
  readonly #queue: Job[] = [];
  #scheduled = false;

  /** `busy()`: whether a write transaction is open (units wait for its commit). */
  constructor(private readonly busy: () => boolean = () => false) {}

  /** Runs `unit` in its turn; resolves with what it returns (rejects with what it throws). */
  run<T>(unit: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  /**
   * Runs `steps` (a generator that yields where it may pause) as units in their turns, each
   * taking as many steps as fit in `unitMs`, one at least; resolves with what they return.
   */
  async steps<T>(steps: Generator<void, T>, unitMs = STEPS_UNIT_MS): Promise<T> {
    for (;;) {
      const next = await this.run(() => {
        const until = performance.now() + unitMs;
        let step = steps.next();
        while (step.done !== true && performance.now() < until) step = steps.next();
        return step;
      });
      if (next.done === true) return next.value;
    }
  }

  /** Units waiting for their turn. */
  get waiting(): number {
    return this.#queue.length;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#pump());
  }

  #pump(): void {
    this.#scheduled = false;
    if (this.busy()) {
      // The group commits at its own setImmediate, queued before this one ran again.
      this.#schedule();
      return;
    }
    const start = performance.now();
    while (this.#queue.length > 0 && performance.now() - start < BUDGET_MS) {
      const job = this.#queue.shift()!;
      try {
        job.resolve(job.unit());
      } catch (error) {
        job.reject(error);
      }
    }
    if (this.#queue.length > 0) this.#schedule();
  }
}
