/**
 * The write lane of `serve` (issue 27): the order in which write requests are
 * answered once some of them run off the event loop.
 *
 * A tournament-wide write (heavy-writes.ts) runs in the write worker (client.ts), on
 * its own connection to the same WAL file, in its own transaction; meanwhile the main
 * thread goes on answering reads, which WAL lets proceed (they see the database as it
 * was before the write, then as it is after its commit: never half of it).
 *
 * SQLite has one writer at a time, and the worker holds the write lock until it
 * commits. So while it runs, every other write request (any method but GET, HEAD and
 * OPTIONS), whatever its tournament, waits here in arrival order, and is answered
 * after the worker's reply, as if the heavy write had run on the main thread at its
 * place in the sequence: a report sent during a start meets the started tournament
 * (or the state machine's refusal), never half of it, and the main thread never
 * blocks in SQLite's busy wait for the worker's lock. A heavy write that arrives
 * while another runs waits its turn too.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { isHeavyWrite } from "./heavy-writes.js";

/**
 * What serve does after a heavy write's reply (warms the tournament it started: http-server.ts):
 * done when settled (the writes after it wait for that); the reads `holds` names wait until
 * `readsWait` (they would read what it warms; they need the rows, not the indexes built after).
 */
export interface Settling {
  readonly readsWait: Promise<void>;
  readonly done: Promise<void>;
  holds(request: HttpRequest): boolean;
}

/** Runs a request in the worker; rejects when the worker failed (crashed, could not start). */
export interface WorkerRunner {
  run(request: HttpRequest): Promise<HttpResponse>;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

const INTERNAL: HttpResponse = {
  status: 500,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({
    errors: [{ status: 500, detail: "internal error: the request could not be completed" }],
  }),
};

export class WriteLane {
  /** Whether a heavy write is in the worker. */
  #busy = false;
  /** What waits for it, in arrival order. */
  readonly #waiting: (() => void)[] = [];
  /** While a heavy write settles: the reads that wait for it, and those waiting. */
  #holds: ((request: HttpRequest) => boolean) | undefined;
  readonly #heldReads: (() => void)[] = [];

  /**
   * `onFailure` hears why the worker could not answer (the request is answered 500).
   * `settle` runs after a heavy write's reply is delivered and before the writes that
   * waited for it go on (serve warms the started tournament's rows in its cache:
   * http-server.ts): awaited, the lane still held, the reads it holds waiting too.
   */
  constructor(
    private readonly worker: WorkerRunner,
    private readonly onFailure?: (error: unknown) => void,
    private readonly settle?: (
      request: HttpRequest,
      response: HttpResponse,
    ) => Settling | undefined,
    private readonly offloads?: (request: HttpRequest) => boolean,
  ) {}

  /**
   * Answers `request`: a heavy write in the worker, its reply given to `deliver`; any
   * other request by `here` (the main thread's own handling), at once, or after the
   * heavy writes before it when it is a write. A write `offloads` names when its turn
   * comes (from what the main thread holds then: a report ending a large swiss round,
   * round-end.ts) goes to the worker too.
   */
  take(request: HttpRequest, here: () => void, deliver: (response: HttpResponse) => void): void {
    if (isHeavyWrite(request)) this.#enqueue(() => this.#offload(request, deliver));
    else if (READS.has(request.method)) {
      if (this.#holds?.(request) === true) this.#heldReads.push(here);
      else here();
    } else if (this.offloads === undefined) this.#enqueue(here);
    else this.#enqueue(() => this.#write(request, here, deliver));
  }

  #write(request: HttpRequest, here: () => void, deliver: (response: HttpResponse) => void) {
    if (this.offloads?.(request) === true) this.#offload(request, deliver);
    else here();
  }

  /** Heavy writes in the worker or waiting for it, and writes waiting behind them. */
  get pending(): number {
    return (this.#busy ? 1 : 0) + this.#waiting.length + this.#heldReads.length;
  }

  #enqueue(step: () => void): void {
    if (this.#busy) this.#waiting.push(step);
    else step();
  }

  #offload(request: HttpRequest, deliver: (response: HttpResponse) => void): void {
    this.#busy = true;
    this.worker
      .run(request)
      .catch((error: unknown) => {
        this.onFailure?.(error);
        return INTERNAL;
      })
      .then(async (response) => {
        try {
          deliver(response);
          await this.#settled(request, response);
        } catch (error) {
          this.onFailure?.(error);
        }
        this.#busy = false;
        this.#drain();
      });
  }

  /** Settles a heavy write (`settle`), holding the reads it names meanwhile, then runs them. */
  async #settled(request: HttpRequest, response: HttpResponse): Promise<void> {
    const settling = this.settle?.(request, response);
    if (settling === undefined) return;
    this.#holds = (read) => settling.holds(read);
    try {
      await settling.readsWait;
    } finally {
      this.#holds = undefined;
      for (const read of this.#heldReads.splice(0)) this.#run(read);
    }
    // The writes still wait for the indexes: built at once by a report, they were one
    // 580 ms turn at 50,000 players (warm-matches.ts).
    await settling.done;
  }

  #run(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.onFailure?.(error);
    }
  }

  /** Runs what waited, in order, until a heavy write takes the worker again. */
  #drain(): void {
    while (!this.#busy) {
      const next = this.#waiting.shift();
      if (next === undefined) return;
      this.#run(next);
    }
  }
}
