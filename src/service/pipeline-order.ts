/**
 * The requests of one connection answered in the order they came (RFC 9112 9.3.2: a
 * server may process pipelined requests out of order only when all of them are safe).
 * Node's parser hands a request over as soon as its head is parsed; one with a body is
 * answered once the body has been read, a tick later at least, and a pipelined request
 * behind it was handed over by then: a GET sent after a PUT was answered before it,
 * and saw the data the PUT was sent to change. So while a request of a connection has
 * its body read, the connection's later requests wait, then go on in order.
 *
 * Cost on a request with no body ahead of it: one look at a property of its socket and
 * a closure; serve's CPU a GET of a tournament, against a build of the commit before in
 * the same rounds (bench/serve.mjs --against, 5 rounds, load 6.4-7.1): 32.4 -> 30.9 us,
 * within the rounds' noise.
 */

const WAITING = Symbol("the requests behind one whose body is being read");

interface Ordered {
  [WAITING]?: (() => void)[] | undefined;
}

/** Runs `next` (a request of `socket`) now, or once the request ahead whose body is being read is answered. */
export function inTurn(socket: object, next: () => void): void {
  const waiting = (socket as Ordered)[WAITING];
  if (waiting === undefined) next();
  else waiting.push(next);
}

/**
 * A request of `socket` has a body to read: the connection's later requests wait
 * (`inTurn`). Call the returned function once the request has been answered (handed
 * to the service): they go on, in order, until one of them has a body to read.
 */
export function bodyAhead(socket: object): () => void {
  const ordered = socket as Ordered;
  const waiting: (() => void)[] = [];
  ordered[WAITING] = waiting;
  // Read afresh each time: a request run below may set it.
  const current = (): (() => void)[] | undefined => ordered[WAITING];
  return () => {
    if (current() !== waiting) return;
    ordered[WAITING] = undefined;
    for (let i = 0; i < waiting.length; i++) {
      const later = current();
      if (later !== undefined) {
        // The one just run reads a body of its own: the rest wait behind it.
        later.push(...waiting.slice(i));
        return;
      }
      waiting[i]!();
    }
  };
}
