/** The HTTP adapter of `tourney serve`: node:http requests to the service's handler. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { HttpMethod, HttpRequest, HttpResponse } from "../model/http.js";
import { ColdLists, mayWarm } from "./cold-lists.js";
import { CommitGroup } from "./commit-group.js";
import { replacedReply, watchServedFile, writes } from "./file-replaced.js";
import { readBody } from "./http-body.js";
import { answerEvents, eventsPath } from "./http-event-stream.js";
import {
  PARSER_OPTIONS,
  type RefusedBody,
  refusals,
  refuseBody,
  requestTarget,
} from "./http-refusals.js";
import { Shutdown, StreamSet } from "./http-shutdown.js";
import { answerViewer, isViewerUrl } from "./http-viewer.js";
import { isOAuthPath } from "./oauth/index.js";
import { held, inTurn, inTurnUntilAnswered } from "./pipeline-order.js";
import { answersInParts } from "./public/standings-answer.js";
import { ReadBatch } from "./read-batch.js";
import type { HttpServerOptions, RunningServer, Service } from "./types.js";
import { WriteWorker } from "./write-worker/client.js";
import {
  type ChangedTournament,
  changedTournament,
  readsMatchesOf,
} from "./write-worker/heavy-writes.js";
import { WriteLane } from "./write-worker/lane.js";

/**
 * The request's headers, names in lower case as Node gives them. Node joins a repeated
 * header into one value, all but Set-Cookie (an array): without it, Node's own object
 * is them as they are, and no copy is made.
 */
function headersOf(req: IncomingMessage): Record<string, string> {
  if (req.headers["set-cookie"] === undefined) return req.headers as Record<string, string>;
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/**
 * Where a request is answered: the service, the open commit group, the write lane, the turn's reads.
 * `answered`: a write's release of the connection's later requests (pipeline-order.ts), called
 * once its reply is handed to be sent.
 */
interface Path {
  readonly service: Service;
  readonly group: CommitGroup;
  readonly lane: WriteLane | undefined;
  readonly reads: ReadBatch;
  /** A list of matches whose rows are not held: answered once warmed (cold-lists.ts). */
  readonly cold: ColdLists;
  /** Why the database's path no longer names the file opened (file-replaced.ts), if it does not. */
  readonly replaced: () => string | undefined;
}

function answer(
  path: Path,
  req: IncomingMessage,
  res: ServerResponse,
  body: string | RefusedBody,
  answered: (() => void) | undefined,
): void {
  const { group, lane, reads } = path;
  if (typeof body !== "string") {
    refuseBody(req.url ?? "/", res, body);
    answered?.();
    return;
  }
  // A method outside HttpMethod (PROPFIND, TRACE, ...) goes through as it is: the
  // router finds no handler for it and the service answers 405 with Allow.
  const method = (req.method ?? "GET") as HttpMethod;
  const request: HttpRequest = {
    method,
    path: req.url ?? "/",
    headers: headersOf(req),
    lowerCaseNames: true,
    ...(body === "" ? {} : { body }),
    ...(req.socket.remoteAddress === undefined ? {} : { clientAddress: req.socket.remoteAddress }),
  };
  const here = () => {
    try {
      dispatch(path, res, request, answered);
    } catch {
      failed(res, answered);
    }
  };
  // A tournament-wide write runs in the write worker; other writes wait for it (lane.ts).
  const run =
    lane === undefined
      ? here
      : () => {
          try {
            lane.take(request, here, (response) => {
              try {
                send(group, res, method, response);
              } finally {
                answered?.();
              }
            });
          } catch {
            failed(res, answered);
          }
        };
  // A flag looked at (the file is looked at on a timer): a write there would be lost.
  const replaced = writes(method) ? path.replaced() : undefined;
  if (replaced !== undefined) {
    send(group, res, method, replacedReply(request, replaced));
    answered?.();
    return;
  }
  // GET and HEAD: with the turn's other reads, after one look (read-batch.ts).
  if (method === "GET" || method === "HEAD") reads.defer(run);
  else {
    reads.flush();
    run();
  }
}

/**
 * Answers `request` on the main thread, the reply held for the group its writes joined;
 * then releases the connection's later requests (`answered`, a write's).
 */
function dispatch(
  { service, group, cold }: Path,
  res: ServerResponse,
  request: HttpRequest,
  answered: (() => void) | undefined,
): void {
  const { method } = request;
  group.before(method);
  // A sign-in answers later (its password is hashed off the event loop), and a GET of
  // standings (made in parts between other requests; its connection's later requests held
  // meanwhile: handle); the reply still waits for the group its writes joined, if any.
  const later = isOAuthPath(request.path)
    ? service.handle(request)
    : answersInParts(method, request.path)
      ? service.standings.answer(request, closedEarly(res))
      : cold.answer(request); // now, or once the rows it reads are held (cold-lists.ts)
  if (later instanceof Promise) {
    // Caught after sending too: a rejection left unhandled would stop serve.
    later
      .then((response) => {
        send(group, res, method, response);
        answered?.();
      })
      .catch(() => failed(res, answered));
    return;
  }
  send(group, res, method, later ?? service.handleSync(request));
  answered?.();
}

/** A signal that aborts when `res`'s connection closes before its reply has gone out. */
function closedEarly(res: ServerResponse): AbortSignal {
  const closed = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) closed.abort();
  });
  return closed.signal;
}

function send(group: CommitGroup, res: ServerResponse, method: string, response: HttpResponse) {
  if (method === "HEAD" || response.status === 204 || response.status === 304) {
    group.reply(res, () => res.writeHead(response.status, response.headers).end());
    return;
  }
  // With its length known the reply goes out as one write of head and body, not
  // in chunks (smaller, and no chunk framing to compute).
  const text = response.body;
  group.reply(res, () => {
    const bytes = response.bodyBytes ?? Buffer.byteLength(text, "utf8");
    res.writeHead(response.status, withLength(response.headers, bytes));
    res.end(text);
  });
}

/**
 * `headers` and Content-Length, copied key by key: `{ ...headers, "content-length": n }`
 * takes V8's slow path (a property added after a spread of a non-empty object: 2.3-2.9
 * us a reply on Node 20 here, a copy like this one 0.07 us; micro-benchmark of 10^6).
 * serve's CPU a GET of a tournament, against a build of 7a5eb9d in the same rounds
 * (bench/serve.mjs --against, 5 rounds, load 8): 44.3 -> 37.6 us; with the kept
 * text's length (reply-memo.ts ReplyText) too, at load 6-7: 61.0 -> 51.1 us, and a
 * page of 25 matches 58.4 -> 56.7 us.
 */
function withLength(headers: Readonly<Record<string, string>>, bytes: number) {
  const all: Record<string, string> = {};
  for (const name in headers) all[name] = headers[name]!;
  all["content-length"] = String(bytes);
  return all;
}

/** Answers 500 (unless a reply went out already), then releases the connection's later requests. */
function failed(res: ServerResponse, answered: (() => void) | undefined): void {
  if (!res.writableEnded) internalError(res);
  answered?.();
}

function internalError(res: ServerResponse): void {
  if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify({ errors: [{ status: 500, detail: "internal error" }] }));
}

/** `run`'s promise (of an answer that comes later), or undefined; a throw is answered 500. */
function guarded(res: ServerResponse, run: () => Promise<unknown> | undefined) {
  try {
    return run();
  } catch {
    internalError(res);
    return undefined;
  }
}

function handle(
  path: Path,
  req: IncomingMessage,
  res: ServerResponse,
  streams: Set<ServerResponse>,
): void {
  const { service, group } = path;
  const url = requestTarget(req, res);
  if (url === undefined) return;
  // The bracket viewer (issue 18) lives outside /v2.1: the API's requests pay one prefix test.
  // It and the event streams take their turn among the connection's requests (pipeline-order.ts).
  if (!url.startsWith("/v2.1/") && isViewerUrl(url)) {
    const hold = (r: ServerResponse, send: () => void) => group.reply(r, send);
    const viewer = () => answerViewer(service, streams, hold, req, res, url);
    inTurnUntilAnswered(req.socket, res, () => guarded(res, viewer));
    return;
  }
  // Event streams (issue 19) leave the request/response path at once, whatever the method
  // (http-event-stream.ts answers HEAD, OPTIONS and 405 as the service does).
  if (url.includes("/events")) {
    const target = eventsPath(url);
    if (target !== undefined) {
      const events = () => answerEvents(service, target, req, res, streams);
      inTurnUntilAnswered(req.socket, res, () => guarded(res, events));
      return;
    }
  }
  inTurn(req.socket, () => {
    // A write holds the connection's later requests until it is answered (pipeline-order.ts),
    // and so does a GET of standings, answered later (made in parts), and one that may wait
    // for a tournament's rows (a list of matches, include_matches: cold-lists.ts).
    const method = req.method;
    const read =
      (method === "GET" || method === "HEAD") &&
      !answersInParts(method, url) &&
      !mayWarm({ method, path: url, headers: {} });
    const answered = read ? undefined : held(req.socket);
    readBody(req, answered, (body) => {
      try {
        answer(path, req, res, body, answered);
      } catch {
        failed(res, answered);
      }
    });
  });
}

/** How long a request may take to arrive in full (headers and body) before it is refused 408. */
const REQUEST_TIMEOUT_MS = 30_000;

export function listen(service: Service, options: HttpServerOptions): Promise<RunningServer> {
  const streams = new StreamSet();
  const group = new CommitGroup(service, options.onCommitFailure);
  // On a database file, heavy writes run in a worker thread (write-worker/, issue 27).
  const worker = service.offload === undefined ? undefined : WriteWorker.of(service.offload);
  // And a report that ends a large swiss round (round-end.ts), told when its turn comes.
  const roundEnds = new WeakMap<HttpRequest, ChangedTournament>();
  const offloads = (request: HttpRequest) => {
    const changed = service.largeRoundEnd(request);
    if (changed !== undefined) roundEnds.set(request, changed);
    return changed !== undefined;
  };
  // After a start there (or a round's end), the main thread warms the tournament's rows a chunk
  // a turn. A read of its matches meanwhile waits for that (it would be read from SQL, sorting them all).
  const settle = (request: HttpRequest, response: HttpResponse) => {
    const changed =
      changedTournament(request, response) ??
      (response.status < 300 ? roundEnds.get(request) : undefined);
    if (changed === undefined) return undefined;
    const holds = (read: HttpRequest) => readsMatchesOf(read, changed.refs);
    let rowsHeld = () => {};
    const rows = new Promise<void>((resolve) => {
      rowsHeld = resolve;
    });
    const done = service.warmMatches(changed.id, rowsHeld);
    return { readsWait: Promise.race([rows, done]), done, holds };
  };
  const lane =
    worker === undefined
      ? undefined
      : new WriteLane(worker, service.offload?.onError, settle, offloads);
  const reads = new ReadBatch((fn) => service.oneLook(fn));
  const file = watchServedFile(service.dbPath, options.onCommitFailure);
  const cold = new ColdLists(service);
  const path: Path = { service, group, lane, reads, cold, replaced: file.replaced };
  const timeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const server = createServer(
    {
      requestTimeout: timeoutMs,
      // Node looks for late requests this often: a 408 comes 1-1.1 limits in (every limit,
      // as before, cut them 1-2 limits in, and a body ending in between was served).
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(timeoutMs / 10)),
      ...PARSER_OPTIONS,
    },
    (req, res) => handle(path, req, res, streams),
  );
  refusals(server, (req, res) => handle(path, req, res, streams), timeoutMs);
  server.keepAliveTimeout = 5_000;
  const shutdown = new Shutdown(server, streams, options.closeGraceMs);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : options.port;
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      service.listening(`http://${host}:${port}`);
      worker?.listening(`http://${host}:${port}`);
      resolve({
        host: options.host,
        port,
        // Streams ended, requests in flight finished, other connections cut after a grace
        // (http-shutdown.ts); then the write worker.
        close: async (note) => {
          file.stop();
          await shutdown.close(note);
          await worker?.close();
        },
      });
    });
  });
}
