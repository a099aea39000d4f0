/**
 * The streaming hook of serve's HTTP adapter: `GET .../tournaments/{t}/events` as
 * server-sent events (text/event-stream), apart from the request/response fast path
 * (http-server.ts asks `eventsPath` first, a regular expression on the URL, and
 * only then comes here). Each event is one `id:` line and one `data:` line of the
 * event's JSON (model/watch-events.ts; no `event:` line, so EventSource's
 * `onmessage` gets them all); a comment line every 15 s keeps proxies from closing
 * an idle stream; `retry:` asks clients to reconnect after 1 s, sending
 * `Last-Event-ID`, from which the stream resumes (`?since=ISO` replays the history
 * the tournament's records tell); `since:` says the service's time as it opened.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpResponse } from "../model/http.js";
import type { WatchEvent } from "../model/watch-events.js";
import type { Opened, Subscriber } from "./event-hub.js";
import { noMoreRequests } from "./pipeline-order.js";
import type { WorkGate } from "./public/work-gate.js";
import { queryRefusal } from "./query-string.js";
import { admitStream, credentialRefusal } from "./stream-admission.js";
import { BACKLOG_BATCH, framedBatch, framedPiece } from "./stream-frames.js";
import type { Service } from "./types.js";
import { viewerFailure } from "./viewer/failure.js";

export { backlogFraming, liveFraming } from "./stream-frames.js";

/** An event stream's path, with or without `.json` (as every v2.1 path: docs/serve.md). */
const EVENTS_PATH =
  /^((\/v2\.1(?:(?:\/communities\/[^/?]+)?\/tournaments|\/races)\/[^/?]+)\/events(?:\.json)?\/?)(?:\?(.*))?$/;

/** The methods of an event stream's path. */
export const EVENTS_ALLOW = "GET, HEAD, OPTIONS";

/** An event stream asked for: the tournament's (or race's) GET path, the query, the path asked. */
export interface EventsTarget {
  readonly path: string;
  readonly query: string;
  /** The stream's path as the request spelled it (no query): what a 405 names. */
  readonly asked: string;
}

/** The tournament's (or race's) GET path when `url` names its event stream. */
export function eventsPath(url: string): EventsTarget | undefined {
  const found = EVENTS_PATH.exec(url);
  return found === null ? undefined : { path: found[2]!, query: found[3] ?? "", asked: found[1]! };
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === "if-none-match") continue;
    headers[key] = Array.isArray(value) ? value.join(", ") : value;
  }
  // The stream's own Accept (text/event-stream) is not the GET routes' business.
  headers.accept = "application/json";
  return headers;
}

/** A reader this far behind the live events (bytes unsent) is ended; it resumes with Last-Event-ID. */
const MAX_UNSENT_BYTES = 4 * 1024 * 1024;

/**
 * Answers a request of an event stream's path by its method, as every v2.1 path answers
 * (docs/serve.md): GET streams, HEAD answers the GET's head, OPTIONS 204 with Allow by the
 * path's shape alone (no credential, no lookup: as a CORS preflight asks it; before, 401
 * without a key), others 405 with Allow in v2.1's error shape once the credential is checked
 * (`credentialRefusal`). Before, all but GET were 404 "no such path". A promise when the
 * answer comes later.
 */
export function answerEvents(
  service: Service,
  target: EventsTarget,
  req: IncomingMessage,
  res: ServerResponse,
  streams: Set<ServerResponse>,
): Promise<unknown> | undefined {
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD")
    return streamEvents(service, target, req, res, streams);
  if (method === "OPTIONS") {
    res.writeHead(204, { allow: EVENTS_ALLOW }).end();
    return undefined;
  }
  const refused = credentialRefusal(service, target.path, headersOf(req));
  if (refused !== undefined) sendResponse(res, refused);
  else {
    const detail = `${method} is not allowed on ${target.asked}; use ${EVENTS_ALLOW}`;
    sendResponse(res, {
      status: 405,
      headers: { allow: EVENTS_ALLOW, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ errors: [{ status: 405, detail }] }),
    });
  }
  return undefined;
}

/**
 * Answers an event stream request (GET, or HEAD: the same checks, then the stream's head
 * alone, no stream held); open streams are ended by `streams`' owner on close. A promise
 * when the stream is opened (or refused) later: http-server.ts holds the connection's
 * later requests until then.
 */
export function streamEvents(
  service: Service,
  target: { path: string; query: string },
  req: IncomingMessage,
  res: ServerResponse,
  streams: Set<ServerResponse>,
): Promise<unknown> | undefined {
  // A bad percent escape is a 400 naming its parameter, as on every v2.1 route (query-string.ts).
  const refused = queryRefusal(target.query);
  if (refused !== undefined) {
    sendResponse(res, refused);
    return undefined;
  }
  // The credential first, then its own budget (stream-admission.ts); before, a place in the
  // anonymous streams' budget, so spectators filling it refused the organiser's watch.
  const hub = service.events;
  const admitted = admitStream(service, target.path, req, headersOf(req));
  if (typeof admitted !== "function") {
    sendResponse(res, admitted);
    return undefined;
  }
  if (req.method === "HEAD") {
    // The GET's checks (the caller, the scopes, since, the budget) and its head, nothing
    // opened: before, the stream was opened and let go (its snapshot built, with `since`
    // its history computed, its topic left lingering a minute).
    const checked = hub.check(target.path, headersOf(req), resumeOf(req, target.query));
    admitted();
    if ("status" in checked) sendResponse(res, checked);
    else res.writeHead(200, STREAM_HEADERS).end();
    return undefined;
  }
  const subscriber = streamSubscriber(res);
  return hub.open(target.path, headersOf(req), subscriber, resumeOf(req, target.query)).then(
    (opened) => {
      if ("status" in opened) {
        admitted();
        sendResponse(res, opened);
      } else {
        const gate = hub.tournaments.gate;
        const out = { label: target.path, req, res, streams, release: admitted, subscriber, gate };
        sendStream(opened, out);
      }
    },
    (error: unknown) => {
      admitted();
      // As the bracket page's stream answers it (viewer/failure.ts): the v2.1 routes' 503 with
      // Retry-After or 500, with their words. Before, a bare 500 "internal error".
      sendResponse(res, viewerFailure(error, "events"));
    },
  );
}

/** Where a stream resumes: the request's Last-Event-ID, or `?since=ISO`. */
export function resumeOf(
  req: IncomingMessage,
  query: string,
): { readonly lastEventId?: string; readonly since?: string } {
  const since = new URLSearchParams(query).get("since") ?? undefined;
  const last = req.headers["last-event-id"];
  const lastEventId = typeof last === "string" && last !== "" ? last : undefined;
  return {
    ...(lastEventId === undefined ? {} : { lastEventId }),
    ...(since === undefined ? {} : { since }),
  };
}

/** A subscriber whose events wait while the backlog is written (`replayed` lets them go). */
export interface StreamSubscriber extends Subscriber {
  replayed(): void;
}

/**
 * Writes each event and heartbeat to `res` as server-sent events; until `replayed`, live
 * events are kept to follow the backlog. A reader more than MAX_UNSENT_BYTES behind is
 * ended rather than buffered for.
 */
export function streamSubscriber(res: ServerResponse): StreamSubscriber {
  // Until `replayed`: the pieces given, kept as given (their frames are shared).
  let waiting: (readonly WatchEvent[])[] | undefined = [];
  const write = (bytes: Buffer | string) => {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_UNSENT_BYTES) res.destroy();
    else res.write(bytes);
  };
  const events = (piece: readonly WatchEvent[]) => {
    if (waiting !== undefined) waiting.push(piece);
    else write(framedPiece(piece));
  };
  return {
    event: (event: WatchEvent) => events([event]),
    events,
    open: () => !res.writableEnded && !res.destroyed,
    heartbeat: () => {
      if (waiting === undefined) write(": heartbeat\n\n");
    },
    // A comment line, which EventSource and tourney watch pass over: an event with data would be
    // taken for a change by clients that read every event (tourney watch's parser).
    end: (why?: string) => {
      if (res.writableEnded) return;
      if (why === undefined) res.end();
      else res.end(`: ended: ${why.replace(/[\r\n]+/g, " ")}\n\n`);
    },
    replayed: () => {
      const held = waiting ?? [];
      waiting = undefined;
      for (const piece of held) write(framedPiece(piece));
    },
  };
}

/**
 * A whole response in one write (a refusal instead of a stream). A failure (5xx) is never
 * kept by a cache: the API's error reply carries no Cache-Control, which the stream's
 * opening failures (as the bracket page's, viewer/failure.ts) must.
 */
export function sendResponse(res: ServerResponse, response: HttpResponse): void {
  const body = response.body;
  const failed = response.status >= 500 && response.headers["cache-control"] === undefined;
  res.writeHead(response.status, {
    ...response.headers,
    ...(failed ? { "cache-control": "no-store" } : {}),
    "content-length": String(Buffer.byteLength(body, "utf8")),
  });
  res.end(body);
}

/** Resolves when `res` drains or closes (listened to at once: a drain can follow a write within the same tick). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Writes `backlog` to `res` a batch per unit of `gate`, waiting for the socket to drain. */
async function replay(
  gate: WorkGate,
  backlog: readonly WatchEvent[],
  res: ServerResponse,
): Promise<void> {
  for (let at = 0; at < backlog.length; at += BACKLOG_BATCH) {
    if (res.writableEnded || res.destroyed) return;
    const wait = await gate.run(() => {
      if (res.writableEnded || res.destroyed) return undefined;
      return res.write(framedBatch(backlog, at)) ? undefined : { drained: drained(res) };
    });
    if (wait !== undefined) await wait.drained;
  }
}

/** Where a stream goes, and what it holds. */
export interface StreamOut {
  /** What the stream's first comment says it watches. */
  readonly label: string;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The server's open streams (ended when it closes). */
  readonly streams: Set<ServerResponse>;
  /** Gives the stream's place in the budget back. */
  readonly release: () => void;
  readonly subscriber: StreamSubscriber;
  /** The work gate the backlog is written through. */
  readonly gate: WorkGate;
}

/** Opens the stream on `res`: its head, the backlog (backpressure), then what the hub sends. */
export function sendStream(opened: Opened, out: StreamOut): void {
  const { req, res, streams, release } = out;
  res.writeHead(200, STREAM_HEADERS);
  // `since:` (a field EventSource ignores): the service's time as the stream was asked for,
  // what a client that has had no event yet asks `?since=` on its reconnect (its own clock may
  // be behind or ahead of the service's: events lost or told twice).
  const since = opened.since === undefined ? "" : `since: ${opened.since}\n`;
  res.write(`retry: 1000\n${since}: watching ${out.label}\n\n`);
  streams.add(res);
  const carried = noMoreRequests(req.socket, () => req.socket.destroy()); // until it ends
  // `release` gives its place in the stream budget back when it closes.
  const end = () => {
    carried();
    streams.delete(res);
    opened.close();
    release();
  };
  res.on("close", end);
  req.socket.setTimeout(0);
  replay(out.gate, opened.backlog, res).then(
    () => out.subscriber.replayed(),
    () => res.destroy(),
  );
}

export const STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
};
