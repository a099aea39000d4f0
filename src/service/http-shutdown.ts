/**
 * Stopping `serve` (Ctrl-C, SIGTERM) while clients hold connections. server.close() alone
 * closes only idle connections and waits for the rest; it also stops Node's check for late
 * requests (the 408 after 30 s), so a client that kept a connection open with nothing sent,
 * a half-sent request or an event stream still writing its backlog kept serve running until
 * the client gave up (58 s in the review; 13-28 s for a 50,000-player tournament's stream).
 *
 * Now: the streams are ended at once, any stream opened meanwhile as soon as it opens (one
 * still writing its backlog is cut: its client resumes with Last-Event-ID), idle connections
 * closed; the requests in flight (received whole, being answered) finish; after
 * CLOSE_GRACE_MS every other connection is cut (a half-sent request, one with nothing sent),
 * and a connection whose answer is still being worked out is closed once that answer is
 * written. What it waits for is said on `note`.
 */
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How long open connections are given to finish once serve is told to stop. */
export const CLOSE_GRACE_MS = 1_500;

/** The server's open event streams: once closing, one added is ended at once. */
export class StreamSet extends Set<ServerResponse> {
  #closing = false;

  override add(res: ServerResponse): this {
    super.add(res);
    if (this.#closing) res.end();
    return this;
  }

  /** Ends every stream, and from now on every stream as it opens. */
  endAll(): void {
    this.#closing = true;
    for (const res of this) res.end();
  }
}

/** The connections and answers of a server, for its stop. */
export class Shutdown {
  readonly #sockets = new Set<Socket>();
  /** Responses not yet closed, and whether their request has arrived whole. */
  readonly #answers = new Set<{ req: { complete: boolean }; res: ServerResponse }>();

  constructor(
    private readonly server: Server,
    private readonly streams: StreamSet,
    private readonly graceMs = CLOSE_GRACE_MS,
  ) {
    server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      socket.once("close", () => this.#sockets.delete(socket));
    });
    server.on("request", (req, res: ServerResponse) => {
      const answer = { req, res };
      this.#answers.add(answer);
      res.once("close", () => this.#answers.delete(answer));
    });
  }

  /** Answers being worked out: the request received whole, not a stream. */
  #inFlight(): ServerResponse[] {
    const working: ServerResponse[] = [];
    for (const { req, res } of this.#answers)
      if (req.complete && !this.streams.has(res) && !res.writableFinished) working.push(res);
    return working;
  }

  /** Stops the server as described above; resolves once every connection is closed. */
  close(note: (line: string) => void = () => {}): Promise<void> {
    return new Promise((done) => {
      let timer: NodeJS.Timeout | undefined;
      this.server.close(() => {
        clearTimeout(timer);
        done();
      });
      this.streams.endAll();
      this.server.closeIdleConnections();
      // Those just closed are destroyed already (their close event comes later): the idle
      // ones and the streams (ended, so "finished" to closeIdleConnections, cut with any
      // backlog still unsent: the client resumes with Last-Event-ID).
      const open = [...this.#sockets].filter((socket) => !socket.destroyed).length;
      if (open === 0) return;
      const working = this.#inFlight().filter((res) => res.socket?.destroyed === false).length;
      const others = Math.max(0, open - working);
      const what = [
        working > 0 ? `${working} request${working === 1 ? "" : "s"} in flight to finish` : "",
        others > 0 ? `${others} open connection${others === 1 ? "" : "s"}` : "",
      ].filter((part) => part !== "");
      note(
        `Stopping: waiting for ${what.join(", ")}; closing the connections in ${this.graceMs / 1000} s (Ctrl-C again: at once)`,
      );
      timer = setTimeout(() => this.#cut(note), this.graceMs);
    });
  }

  /** After the grace: cuts every connection but those whose answer is being worked out. */
  #cut(note: (line: string) => void): void {
    const working = this.#inFlight();
    const kept = new Set(working.map((res) => res.socket));
    for (const res of working) {
      // Taken now: by its finish event the response has let go of its socket.
      const socket = res.socket as Socket | null;
      res.once("finish", () => socket?.destroySoon());
    }
    for (const socket of this.#sockets) if (!kept.has(socket)) socket.destroy();
    if (working.length > 0)
      note(
        `Stopping: waiting for ${working.length} request${working.length === 1 ? "" : "s"} in flight to finish (Ctrl-C again: at once)`,
      );
  }
}
