/**
 * The main thread's side of `serve`'s write worker (issue 27): a worker_threads
 * worker running entry.ts (bundled as dist/write-worker.cjs), which opens the service
 * on its own connection to the same database file and answers the requests posted
 * to it, one at a time. Started on the first heavy write (nothing of it is loaded
 * before), stopped after IDLE_MS without one (its heap and its connection's cache go
 * with it), started again when needed.
 *
 * Only for a database file: `:memory:` is private to its connection, and a service
 * with an injected clock cannot hand it to another thread (offloadSetup is undefined).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import type { OffloadSetup, ServiceOptions, WorkerServiceOptions } from "../types.js";
import type { WorkerRunner } from "./lane.js";

/** A message from the worker. */
export type WorkerMessage =
  | { readonly kind: "reply"; readonly id: number; readonly response: HttpResponse }
  | {
      readonly kind: "error";
      readonly message: string;
      /** The worker's stack of the error, for TOURNEY_DEBUG (serve.ts): never in a terminal line. */
      readonly stack?: string;
      readonly code?: string;
    };

/** What the worker is started with (its workerData). */
export interface WorkerStart {
  readonly options: WorkerServiceOptions;
  readonly origin: string | undefined;
}

/**
 * How long the worker stays up without a request. Short (issue 24): after a start its heap
 * (the rows of the tournament it made, about 140 MB for a 50,000-player double elimination)
 * is only freed when it stops, while the main thread holds the same rows and serves them;
 * the heavy writes it takes (starts, large bulk adds) come one after another or rarely.
 */
export const IDLE_MS = 3_000;

/**
 * How long the worker waits for the write lock: a write group the main thread opened in
 * the same turn commits at the turn's end, which a loaded machine may push past serve's
 * 250 ms. Waiting here holds no reader up (serve's own short wait is for its event loop).
 */
const WORKER_BUSY_TIMEOUT_MS = 5_000;

/**
 * The setup of a service's write worker, or undefined when it cannot have one: a
 * database in memory, an injected clock, or `writeWorker: false`.
 */
export function offloadSetup(options: ServiceOptions): OffloadSetup | undefined {
  if (options.dbPath === ":memory:" || options.now !== undefined) return undefined;
  if (options.writeWorker === false) return undefined;
  const { now: _now, onError, onWarning: _onWarning, ...rest } = options;
  const busyTimeoutMs = Math.max(rest.busyTimeoutMs ?? 0, WORKER_BUSY_TIMEOUT_MS);
  const worker = { ...rest, busyTimeoutMs };
  return onError === undefined ? { options: worker } : { options: worker, onError };
}

/**
 * dist/write-worker.cjs: beside the bundled service (dist/service.js), or, when the
 * service runs from its sources (the tests), in the build's dist/ folder.
 */
function workerFile(): string | undefined {
  for (const relative of ["./write-worker.cjs", "../../../dist/write-worker.cjs"]) {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** An Error carrying SQLite's code, as the service's onError expects it (storage-failure.ts). */
function rebuilt(message: Extract<WorkerMessage, { kind: "error" }>): Error {
  const error = new Error(message.message) as Error & { code?: string };
  if (message.stack !== undefined) error.stack = message.stack;
  if (message.code !== undefined) error.code = message.code;
  return error;
}

export class WriteWorker implements WorkerRunner {
  #worker: Worker | undefined;
  #origin: string | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(r: HttpResponse): void; reject(e: Error): void }>();
  #idle: NodeJS.Timeout | undefined;

  private constructor(
    private readonly file: string,
    private readonly setup: OffloadSetup,
    private readonly idleMs: number,
  ) {}

  /** The worker of `setup` (stopped `idleMs` after its last reply), or undefined when the build has no worker file. */
  static of(setup: OffloadSetup, idleMs = IDLE_MS): WriteWorker | undefined {
    const file = workerFile();
    return file === undefined ? undefined : new WriteWorker(file, setup, idleMs);
  }

  /** Whether the worker thread is up. */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** The origin serve listens on (link-base.ts), for links of requests without a valid Host. */
  listening(origin: string): void {
    this.#origin = origin;
    this.#worker?.postMessage({ kind: "origin", origin });
  }

  run(request: HttpRequest): Promise<HttpResponse> {
    if (this.#idle !== undefined) clearTimeout(this.#idle);
    const worker = this.#started();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ kind: "request", id, request });
    });
  }

  /** Stops the worker; a request still in it fails (its transaction rolls back). */
  async close(): Promise<void> {
    if (this.#idle !== undefined) clearTimeout(this.#idle);
    const worker = this.#worker;
    if (worker === undefined) return;
    this.#ended(worker, new Error("the write worker was stopped"));
    await worker.terminate();
  }

  #started(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const start: WorkerStart = { options: this.setup.options, origin: this.#origin };
    const worker = new Worker(this.file, { workerData: start });
    // Never what keeps serve's process alive: its sockets and server do that.
    worker.unref();
    worker.on("message", (message: WorkerMessage) => this.#heard(message));
    worker.on("error", (error) => this.#ended(worker, error));
    worker.on("exit", (code) =>
      this.#ended(worker, new Error(`the write worker exited (${code})`)),
    );
    this.#worker = worker;
    return worker;
  }

  #heard(message: WorkerMessage): void {
    if (message.kind === "error") {
      this.setup.onError?.(rebuilt(message));
      return;
    }
    const waiting = this.#pending.get(message.id);
    this.#pending.delete(message.id);
    waiting?.resolve(message.response);
    if (this.#pending.size === 0) {
      this.#idle = setTimeout(() => void this.close(), this.idleMs);
      this.#idle.unref();
    }
  }

  /** The worker is gone: what it had not answered fails (its transaction rolled back). */
  #ended(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
