/**
 * The streaming hook of serve's HTTP adapter: `GET .../tournaments/{t}/events` as
 * server-sent events (text/event-stream), apart from the request/response fast path
 * (http-server.ts asks `eventsPath` first, a regular expression on the URL, and
 * only then comes here). Each event is one `id:` line and one `data:` line of the
 * event's JSON (model/watch-events.ts; no `event:` line, so EventSource's
 * `onmessage` gets them all); a comment line every 15 s keeps proxies from closing
 * an idle stream; `retry:` asks clients to reconnect after 1 s, sending
 * `Last-Event-ID`, from which the stream resumes (`?since=ISO` replays the history
 * the tournament's records tell).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpResponse } from "../model/http.js";
import type { WatchEvent } from "../model/watch-events.js";
import type { EventHub, Opened, Subscriber } from "./event-hub.js";

const EVENTS_PATH =
  /^(\/v2\.1(?:(?:\/communities\/[^/?]+)?\/tournaments|\/races)\/[^/?]+)\/events\/?(?:\?(.*))?$/;

/** The tournament's (or race's) GET path when `url` names its event stream. */
export function eventsPath(url: string): { path: string; query: string } | undefined {
  const found = EVENTS_PATH.exec(url);
  return found === null ? undefined : { path: found[1]!, query: found[2] ?? "" };
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

const frame = (event: WatchEvent): string => `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;

/** Answers an event stream request; open streams are ended by `streams`' owner on close. */
export function streamEvents(
  hub: EventHub,
  target: { path: string; query: string },
  req: IncomingMessage,
  res: ServerResponse,
  streams: Set<ServerResponse>,
): void {
  const subscriber = streamSubscriber(res);
  const opened = hub.open(target.path, headersOf(req), subscriber, resumeOf(req, target.query));
  if ("status" in opened) sendResponse(res, opened);
  else sendStream(opened, target.path, req, res, streams);
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

/** Writes each event and heartbeat to `res` as server-sent events. */
export function streamSubscriber(res: ServerResponse): Subscriber {
  return {
    event: (event: WatchEvent) => res.write(frame(event)),
    heartbeat: () => res.write(": heartbeat\n\n"),
  };
}

/** A whole response in one write (a refusal instead of a stream). */
export function sendResponse(res: ServerResponse, response: HttpResponse): void {
  const body = response.body;
  res.writeHead(response.status, {
    ...response.headers,
    "content-length": String(Buffer.byteLength(body, "utf8")),
  });
  res.end(body);
}

/** Opens the stream on `res`: its head, the backlog, then whatever the hub sends. */
export function sendStream(
  opened: Opened,
  label: string,
  req: IncomingMessage,
  res: ServerResponse,
  streams: Set<ServerResponse>,
): void {
  res.writeHead(200, STREAM_HEADERS);
  res.write(`retry: 1000\n: watching ${label}\n\n`);
  for (const event of opened.backlog) res.write(frame(event));
  streams.add(res);
  const end = () => {
    streams.delete(res);
    opened.close();
  };
  res.on("close", end);
  req.socket.setTimeout(0);
}

export const STREAM_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache",
  "x-accel-buffering": "no",
};
