/**
 * The requests of one connection answered in the order they came (RFC 9112 9.3.2: a
 * server may process pipelined requests out of order only when all of them are safe).
 * Node's parser hands a request over as soon as its head is parsed, and the pipelined
 * requests behind it right after. A write is answered later than that: once its body
 * has been read (a tick later at least), or later still when it runs in the write
 * worker (a start, a deletion, a bulk add: write-worker/lane.ts), waits for one there,
 * or is an OAuth request (hashed off the event loop). A GET sent after it and answered
 * at once saw the data the write was sent to change (a pipelined PUT change_state
 * start, then a GET: the GET said "pending").
 *
 * So while a request of a connection is held (`held`: a write until it is answered,
 * that is its reply handed to be sent; a GET or HEAD while its body is read), the
 * connection's later requests wait, then go on in order. GETs and HEADs queued in the
 * turn's reads (read-batch.ts) keep their order against writes there (`flush`).
 *
 * Cost on a request of a connection where nothing is held (no pipelining: one request
 * in flight): one or two looks at a property of its socket. A write adds a hold: one
 * small object and a closure. A connection's waiting requests are one queue, run
 * front to back, however many holds they meet on the way (linear in their number).
 * Against a build of 1423015 (holds only while a body was read) in the same rounds
 * (bench/serve.mjs --pairs 5 --against, --only "GET tournament" then "PUT report"):
 * serve's CPU a GET 33.6 -> 29.9 us (load 5.3-5.8), a PUT report 57.6 -> 59.1 us (load
 * 3.8-5.8): both within the rounds' noise.
 */

const TURNS = Symbol("the order of one connection's requests");

interface Turns {
  /** Set once the connection carries a response that never ends: what its later requests meet. */
  ended?: (() => void) | undefined;
  /** The hold in force (its number), or 0. */
  held: number;
  /** Holds taken so far: the next one's number. */
  count: number;
  /** The requests waiting; those before `next` have run. */
  readonly waiting: ((() => void) | undefined)[];
  next: number;
  /** Whether `waiting` is being run (a release inside one of them does not run it again). */
  running: boolean;
}

interface Ordered {
  [TURNS]?: Turns;
}

/**
 * Requests of one connection that may wait behind a held one; one more cuts the connection.
 * While a request is held no reply goes out, so Node's parser, which stops reading only
 * when replies queue up unsent, read on: 4.8 MB of pipelined GETs of a bracket page sent
 * behind a data.json whose snapshot was being built (a 128-player round robin) queued
 * 100,000 requests whose pages then waited in memory for the socket, serve's heap 35 ->
 * 322 MB (-> 55 MB with nothing held ahead of them). No client pipelines 128 requests.
 */
export const MAX_WAITING = 128;

/** Runs `next` (a request of `socket`) now, or once the requests held ahead of it are answered. */
export function inTurn(socket: object, next: () => void): void {
  const turns = (socket as Ordered)[TURNS];
  if (turns?.ended !== undefined) turns.ended();
  else if (turns === undefined || (turns.held === 0 && !turns.running)) next();
  else if (turns.waiting.length - turns.next < MAX_WAITING) turns.waiting.push(next);
  else {
    const cut = () => (socket as { destroy?: () => void }).destroy?.();
    turns.ended = cut;
    cut();
  }
}

/**
 * `socket` now carries a response that never ends (an event stream): a request behind it
 * could never be answered, so its arrival (or its turn, if it came before) calls `refuse`
 * instead (serve cuts the connection: a client that pipelines behind its own stream is not
 * an EventSource). Before, such requests ran in their turn and were answered into Node's
 * queue behind the stream: 32 GETs of data.json pipelined behind one stream held the
 * address's data.json budget (public/budgets.ts) for as long as the stream lived, past
 * the drop of a stalled transfer (a queued response has no socket to watch), and 8 such
 * connections held everyone's. The returned function lifts it when the stream ends.
 */
export function noMoreRequests(socket: object, refuse: () => void): () => void {
  const turns = turnsOf(socket);
  turns.ended = refuse;
  // The stream ended and the connection lives on (keep-alive): its next request is answered.
  return () => {
    if (turns.ended === refuse) turns.ended = undefined;
  };
}

/** What `inTurnUntilAnswered` hears close: the request's response (a ServerResponse). */
export interface Closing {
  once(event: "close", listener: () => void): unknown;
}

/**
 * `inTurn` for a request (a viewer page, data.json, an event stream) that `run` may answer
 * later: when it gives a promise, the connection's later requests wait for it to settle,
 * as they wait for a write. Before, these ran as soon as they came: a viewer page pipelined
 * behind a write showed the data from before it.
 *
 * The hold is taken before `run` and every way out releases it: `run` answering at once
 * (a refusal, a page, a HEAD, a 304) or throwing, its promise settling either way, and
 * `response` closing (answered, or its connection gone) even if the promise never settles.
 */
export function inTurnUntilAnswered(
  socket: object,
  response: Closing,
  run: () => PromiseLike<unknown> | undefined,
): void {
  inTurn(socket, () => {
    const answered = held(socket);
    response.once("close", answered);
    let later: PromiseLike<unknown> | undefined;
    try {
      later = run();
    } finally {
      if (later === undefined) answered();
      else later.then(answered, answered);
    }
  });
}

/**
 * The request of `socket` being run (by `inTurn`) holds the connection's later
 * requests until the returned function is called (more calls do nothing): once it has
 * been answered. They go on, in order, until one of them is held.
 */
export function held(socket: object): () => void {
  const turns = turnsOf(socket);
  const number = ++turns.count;
  turns.held = number;
  const them = turns;
  return () => {
    if (them.held !== number) return;
    them.held = 0;
    if (!them.running) runWaiting(them);
  };
}

function turnsOf(socket: object): Turns {
  const ordered = socket as Ordered;
  ordered[TURNS] ??= { held: 0, count: 0, waiting: [], next: 0, running: false };
  return ordered[TURNS];
}

/** Runs the waiting requests, front to back, until one of them is held. */
function runWaiting(turns: Turns): void {
  turns.running = true;
  try {
    while (turns.held === 0 && turns.next < turns.waiting.length) {
      const next = turns.waiting[turns.next]!;
      turns.waiting[turns.next++] = undefined;
      if (turns.ended === undefined) next();
      else turns.ended();
    }
  } finally {
    turns.running = false;
    if (turns.next === turns.waiting.length) {
      turns.waiting.length = 0;
      turns.next = 0;
    }
  }
}
