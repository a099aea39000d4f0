/**
 * The reads of one turn of the event loop, answered together after one look at what
 * other connections committed (serve's HTTP adapter, issue 27).
 *
 * Every served request must see every commit that finished before it was sent: a key
 * revoked by `tourney serve key revoke`, a report made by the CLI on the same file.
 * The look (`PRAGMA data_version`) starts a WAL read transaction: lock and unlock
 * syscalls on the -shm and database files, 9.6 us on this machine (a micro-benchmark
 * on a WAL file: 200,000 looks; `select 1`, which starts no transaction, 0.07 us),
 * 10 % of serve's CPU samples under autocannon -c 32 GET of a tournament (--cpu-prof),
 * the largest single cost of a served GET after the socket's own write.
 *
 * So a GET or HEAD is not answered where Node's parser hands it over (inside the poll
 * phase, while libuv is still reading sockets) but queued, and the queue is answered
 * at `setImmediate`, in the check phase that follows the poll phase: by then every
 * read of the turn has been done. One look is taken at the queue's first use of the
 * cache (ServiceContext.oneLook) and serves all of it. Why no request sees less than
 * it must:
 *
 * - a request is queued only once its bytes have been read (Node parses what libuv
 *   read; a paused socket parses later, which only queues it later);
 * - the look is taken after the queue began to be answered, so after every request in
 *   it was queued: a commit that finished before a request's bytes were sent finished
 *   before they were read, before the request was queued, before the look;
 * - requests read while the queue is answered (none in the check phase) or after it
 *   go to the next queue, with a look of its own.
 *
 * The look is not shared more widely than that. Taken at the first request of a turn
 * and kept for the turn, it would miss a commit that lands between that request and a
 * later read of the same turn (libuv reads a socket again in the same phase when a read
 * filled its buffer; test/service/read-batch.test.ts makes that happen).
 *
 * A cheaper look was not found: a pread of the -shm file's header (SQLite's wal-index,
 * compared instead of starting a transaction) costs 7.3 us here, syscalls being ~4 us
 * on this VM; inside an open transaction the look is 0.12 us, which writes already use
 * (store-cache.ts). Requests a queue holds under autocannon GETs of a tournament:
 * 1.0 at -c 1, 5.6 at -c 8, 18.8 at -c 32, 66 at -c 100.
 *
 * Measured gain (`node bench/serve.mjs --only "GET tournament" --against
 * /work/base-0fa2e3a`, the commit before, in the same rounds; 2 shared cores): CPU a
 * served GET 75.1 -> 44.7 us, bare/serve 0.39x -> 0.66x, throughput ratio 0.50x ->
 * 0.67x (3 rounds, load average 3.0-3.8); at load 7.1-7.4, 51.8 -> 33.3 us, CPU ratio
 * 0.45x -> 0.70x (5 rounds). Under autocannon -c 32 a queue holds several requests.
 *
 * Writes keep arrival order: a request that is not a GET or HEAD answers the queued
 * reads first (`flush`: one look, taken then), then itself, as before (its own look
 * inside its write transaction; commit-group.ts). So a pipelined GET never sees a
 * PUT sent after it, nor a write the worker thread started after it.
 */
export class ReadBatch {
  #queued: (() => void)[] = [];
  #scheduled = false;

  /** `oneLook`: Service.oneLook, the look shared by the requests `fn` answers. */
  constructor(private readonly oneLook: (fn: () => void) => void) {}

  /** Answers `run` (a read, which catches its own errors) with the turn's other reads. */
  defer(run: () => void): void {
    this.#queued.push(run);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.flush();
    });
  }

  /** Answers every read queued so far, in arrival order, after one look. */
  flush(): void {
    if (this.#queued.length === 0) return;
    const runs = this.#queued;
    this.#queued = [];
    this.oneLook(() => {
      for (const run of runs) run();
    });
  }
}
