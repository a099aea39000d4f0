/**
 * The embedded backend: hands each request to the v2.1 service's handler in
 * this process, without a socket. The service (and SQLite) loads lazily on the
 * first request, so commands that never call the API never pay for it.
 *
 * Until the service is loaded, a list of tournaments is first offered to the
 * service's read-only path (service/reader.ts, a script a fraction of the
 * service's size): a command that only lists never loads the service. Once the
 * service is open (or inside a transaction) every request goes to it.
 *
 * The service answers synchronously (SQLite), so a run of requests is a chain of promises
 * that never lets the event loop turn: a Ctrl-C (its listener runs in the loop's poll
 * phase) was heard only once the whole command was done. So a request sent TURN_EVERY_MS
 * or more after the last turn this transport gave waits for one first (setImmediate):
 * a command of many requests hears Ctrl-C between two of them, as against a remote serve.
 * Never inside a transaction (it is one change, undone whole) nor before a command's
 * first request (a command of one request never turns the loop for it).
 */
import type { BytesSink, RecordsShape, WrittenRecords } from "../model/records-json.js";
import type { Service } from "../service/index.js";
import type { Reader } from "../service/reader.js";
import { DatabasePlaceError, type ErrorDetail, ServerError } from "./errors.js";
import { aTurn, isBusy, LOCK_SLICE_MS, LOCK_WAIT_MS, LOCKED, untilUnlocked } from "./lock-wait.js";
import type { Transport, TransportRequest, TransportResponse } from "./transport.js";

export interface InProcessTransportOptions {
  /** SQLite database file, or ":memory:". */
  readonly dbPath: string;
  /** Injected clock for the service. */
  readonly now?: (() => Date) | undefined;
  /** Told of unexpected errors the service answers as 500 (TOURNEY_DEBUG prints them). */
  readonly onError?: ((error: unknown) => void) | undefined;
  /** Told what looks wrong with the database file when it is opened (a copy without its -wal). */
  readonly onWarning?: ((message: string) => void) | undefined;
  /** How long a request waits for another process's write lock (lock-wait.ts; tests shorten it). */
  readonly lockWaitMs?: number | undefined;
  /** How long requests may run before the event loop is given a turn (TURN_EVERY_MS; tests set 0). */
  readonly turnEveryMs?: number | undefined;
}

/**
 * How long a run of requests goes on before the event loop is given a turn (above); the
 * longest a Ctrl-C waits is this and one request. Its cost, the import of a swiss of 2,000
 * players and 5,000 results into a fresh store (bench/import-interrupt.mjs, CPU of the
 * import, medians of 13 alternated runs against the build without the turn, load 8-10 on
 * 2 cores): 1870 -> 1950 ms (+4 %; every 50 ms: +3 %); the runs of each overlap. A Ctrl-C
 * 1 s in: exit 130 at 1.08 s, "stopped between two requests, after results 724/5000",
 * where it was heard at the end (2.2-5.4 s), every request sent.
 */
export const TURN_EVERY_MS = 10;

/**
 * A transaction's error as the service's answer to one request would be: the disk refusing
 * its statements or its commit (storage-failure.ts NotSavedError carries that reply) becomes
 * the ServerError a single write meets, saying what happened and what to do.
 */
function refusedAcross(error: unknown): unknown {
  const reply = (error as { reply?: NotSavedReply } | null)?.reply;
  return reply
    ? new ServerError(reply.status, reply.body.errors[0]!.detail, reply.body.errors)
    : error;
}

/** The part of storage-failure.ts's NotSavedError.reply read here (service/router.ts Reply). */
interface NotSavedReply {
  readonly status: number;
  readonly body: { readonly errors: readonly ErrorDetail[] };
}

export function createInProcessTransport(options: InProcessTransportOptions): Transport {
  let opening: Promise<Service> | undefined;
  let closed = false;
  /** The read-only path: undefined until asked, null once it cannot (or may no longer) answer. */
  let reader: Promise<Reader | undefined> | null | undefined;

  /** A tournament list, asked while the read-only path may still answer. */
  const forReader = (request: TransportRequest) =>
    reader !== null &&
    opening === undefined &&
    request.method === "GET" &&
    /^\/v2\.1\/tournaments(\?|$)/.test(request.path);

  async function readOnly(request: TransportRequest): Promise<TransportResponse | undefined> {
    if (!forReader(request)) return undefined;
    const answered = (await openedReader())?.answer(request);
    // Once the service answers, it answers everything: one connection's view of the data.
    if (answered === undefined) await closeReader();
    return answered;
  }

  function openedReader(): Promise<Reader | undefined> {
    reader ??= import("../service/reader.js").then(({ openReader }) =>
      openReader({ dbPath: options.dbPath, now: options.now }),
    );
    return reader;
  }

  /** The read-only path's text of a tournament list, while it may still answer. */
  async function records(
    request: TransportRequest,
    write: BytesSink,
    shape?: RecordsShape,
  ): Promise<WrittenRecords | undefined> {
    return forReader(request) ? (await openedReader())?.records(request, write, shape) : undefined;
  }

  async function closeReader(): Promise<void> {
    const pending = reader;
    reader = null;
    if (pending) (await pending.catch(() => undefined))?.close();
  }

  /** Busy errors the service has met (it answers them 503): a request's count moved, it met the lock. */
  let busyErrors = 0;
  const onError = (error: unknown): void => {
    if (isBusy(error)) busyErrors++;
    else options.onError?.(error);
  };

  function service(): Promise<Service> {
    if (closed) return Promise.reject(new Error("the embedded service is closed"));
    opening ??= import("../service/index.js").then(({ openService, StorePlaceError }) =>
      openService({
        dbPath: options.dbPath,
        requireAuth: false,
        busyTimeoutMs: LOCK_SLICE_MS,
        ...(options.now === undefined ? {} : { now: options.now }),
        onError,
        ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
      }).catch((error: unknown) => {
        // A folder or file that cannot be written, or not a folder: the CLI says how to choose another.
        if (!(error instanceof StorePlaceError)) throw error;
        throw new DatabasePlaceError(error.dbPath, error.message, { cause: error });
      }),
    );
    return opening;
  }

  /** The service, or LOCKED when opening it met the lock (a migration's write): opened again next time. */
  async function openedService(): Promise<Service | typeof LOCKED> {
    try {
      return await service();
    } catch (error) {
      if (!isBusy(error)) throw error;
      opening = undefined;
      return LOCKED;
    }
  }

  const lockWait = {
    dbPath: options.dbPath,
    waitMs: options.lockWaitMs ?? LOCK_WAIT_MS,
    now: () => performance.now(),
  };

  /** One try of `request`: LOCKED when the service answered that the lock stayed held (503). */
  async function handled(request: TransportRequest): Promise<TransportResponse | typeof LOCKED> {
    const opened = await openedService();
    if (opened === LOCKED) return LOCKED;
    const seen = busyErrors;
    const response = await opened.handle(request);
    return response.status === 503 && busyErrors !== seen ? LOCKED : response;
  }

  /** One try of a transaction: its BEGIN met the lock before `fn` ran. */
  async function transacted<T>(fn: () => Promise<T>): Promise<T | typeof LOCKED> {
    const opened = await openedService();
    if (opened === LOCKED) return LOCKED;
    try {
      return await opened.transaction(fn);
    } catch (error) {
      // Only the transaction's own BEGIN meets a lock: inside it, this connection holds it.
      if (isBusy(error)) return LOCKED;
      throw refusedAcross(error);
    }
  }

  const turnEveryMs = options.turnEveryMs ?? TURN_EVERY_MS;
  /** When this transport last gave the loop a turn (or its first request came). */
  let lastTurn: number | undefined;
  /** Transactions under way: their requests are one change, given no turn. */
  let transactions = 0;

  /** A turn of the loop before this request, when requests have run TURN_EVERY_MS without one. */
  async function turnIfDue(): Promise<void> {
    if (transactions > 0) return;
    const now = performance.now();
    if (lastTurn === undefined) lastTurn = now;
    else if (now - lastTurn >= turnEveryMs) {
      await aTurn();
      lastTurn = performance.now();
    }
  }

  return {
    records,
    async send(request: TransportRequest, stop?: AbortSignal): Promise<TransportResponse> {
      await turnIfDue();
      if (reader !== null) {
        const answered = await readOnly(request);
        if (answered !== undefined) return answered;
      }
      return untilUnlocked(lockWait, () => handled(request), stop);
    },
    async transaction<T>(fn: () => Promise<T>, stop?: AbortSignal): Promise<T> {
      await closeReader();
      await turnIfDue();
      transactions++;
      try {
        return await untilUnlocked(lockWait, () => transacted(fn), stop);
      } finally {
        transactions--;
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await closeReader();
      if (opening === undefined) return;
      const pending = opening;
      opening = undefined;
      // A service that failed to open has nothing to close.
      const opened = await pending.catch(() => undefined);
      opened?.close();
    },
  };
}
