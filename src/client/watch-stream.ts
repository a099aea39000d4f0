/**
 * `tourney watch` over serve's server-sent event stream (watch.ts says why):
 * `GET /tournaments/{t}/events` or `GET /races/{r}/events`, read as it comes; a
 * dropped connection is reconnected after the stream's `retry:` (a second by
 * default; doubling up to ten while it keeps failing) with Last-Event-ID and
 * `since` (the last event's time), and ids already handed on are skipped, so
 * nothing is told twice or lost.
 */
import { raceSnapshot, type WatchSnapshot } from "../model/race-watch-events.js";
import { type RecordLike, tournamentSnapshot, type WatchEvent } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { resourcePath } from "./resource-path.js";
import type { OnEvents, WatchSourceOptions } from "./watch.js";

/** Ids remembered against duplicates after a reconnect. */
const REMEMBERED = 4096;

/** One event of the stream: its `id:` (if it had one) and its `data:` lines joined. */
export interface SseEvent {
  readonly id: string | undefined;
  readonly data: string;
}

/**
 * Splits server-sent event text (as it comes, in chunks cut anywhere) into events,
 * as the WHATWG EventSource parser does: lines end with LF, CRLF or CR (a CR ending
 * a chunk waits for the next, which may start with its LF); a blank line ends an
 * event; `data:` lines join with LF; `:` lines are comments; a field's one leading
 * space is dropped; `retry:` (digits only) sets `retryMs`; an event without data is
 * not one (a heartbeat).
 */
export class SseParser {
  #buffer = "";
  #carriageReturn = false;
  /** The reconnection delay the stream asked for (`retry:`), once it has. */
  retryMs: number | undefined;

  push(text: string): SseEvent[] {
    let raw = this.#carriageReturn ? `\r${text}` : text;
    this.#carriageReturn = raw.endsWith("\r");
    if (this.#carriageReturn) raw = raw.slice(0, -1);
    this.#buffer += raw.replace(/\r\n?/g, "\n");
    const out: SseEvent[] = [];
    let end = this.#buffer.indexOf("\n\n");
    while (end !== -1) {
      const event = this.#event(this.#buffer.slice(0, end));
      if (event !== undefined) out.push(event);
      this.#buffer = this.#buffer.slice(end + 2);
      end = this.#buffer.indexOf("\n\n");
    }
    return out;
  }

  #event(block: string): SseEvent | undefined {
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") data.push(value);
      else if (field === "id" && !value.includes("\0")) id = value;
      else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    return data.length === 0 ? undefined : { id, data: data.join("\n") };
  }
}

/** Tells `onConnection` once that the stream is lost (a reconnect refused), once that it is back. */
function linkOf(onConnection: WatchSourceOptions["onConnection"]) {
  let down = false;
  return {
    connected(): void {
      if (down) onConnection?.("back");
      down = false;
    },
    refused(): void {
      if (!down) onConnection?.("lost");
      down = true;
    },
  };
}

/**
 * Watches through the event stream until `onEvents` says stop or the signal aborts;
 * `record` is the tournament's or race's, as read before.
 * "unsupported" when the first connection is not answered with a stream (a hosted
 * service without one): the caller polls instead.
 */
export async function streamWatch(
  client: ApiClient,
  options: WatchSourceOptions,
  record: RecordLike,
  onEvents: OnEvents,
): Promise<"unsupported" | undefined> {
  const { kind, ref } = options.subject;
  const base = resourcePath(kind === "race" ? "races" : "tournaments", ref);
  // The record as first read: its name and notification flags for every batch.
  const snapshot: WatchSnapshot =
    kind === "race"
      ? raceSnapshot(record, [], [], [], options.now())
      : tournamentSnapshot(record, [], [], options.now());
  const seen = new Set<string>();
  const stop = new AbortController();
  const abort = () => stop.abort();
  options.signal.addEventListener("abort", abort);
  let lastId: string | undefined;
  let lastAt = options.since;
  let retry = 1000;
  let wait = retry;
  const link = linkOf(options.onConnection);
  try {
    for (let attempt = 0; !stop.signal.aborted; attempt++) {
      const parser = new SseParser();
      let first = true;
      const onText = (text: string) => {
        // Connected (serve's first line): told once, with no events, that the watch began.
        if (first && attempt === 0 && onEvents([], snapshot)) stop.abort();
        if (first) link.connected();
        first = false;
        for (const { id, data } of parser.push(text)) {
          if (stop.signal.aborted) return;
          const event = JSON.parse(data) as WatchEvent;
          const key = id ?? event.id;
          if (seen.has(key)) continue;
          seen.add(key);
          if (seen.size > REMEMBERED) seen.delete(seen.values().next().value as string);
          lastId = key;
          lastAt = event.at;
          if (onEvents([event], snapshot)) stop.abort();
        }
      };
      const headers = {
        Accept: "text/event-stream",
        ...(lastId === undefined ? {} : { "Last-Event-ID": lastId }),
      };
      const call = {
        method: "GET" as const,
        path: `${base}/events`,
        ...(lastAt === undefined ? {} : { query: { since: lastAt } }),
      };
      let status = 0;
      try {
        const sent = client.requester.stream(call, headers, onText, stop.signal);
        if (sent === undefined) return "unsupported";
        status = (await sent).status;
      } catch (error) {
        // Never connected at the first try: the caller hears why. A stream that was
        // flowing and dropped (a reset, serve restarting) is reconnected.
        if (attempt === 0 && first) throw error;
      }
      const connected = !first || status === 200;
      if (attempt === 0 && !connected && status !== 499) return "unsupported";
      // A drop is reconnected at once, said nothing of; a reconnect refused says it is lost.
      if (!connected && !stop.signal.aborted) link.refused();
      retry = parser.retryMs ?? retry;
      if (connected) wait = retry;
      if (stop.signal.aborted) break;
      await options.sleep(wait, stop.signal);
      wait = Math.min(10_000, wait * 2);
    }
    return undefined;
  } finally {
    options.signal.removeEventListener("abort", abort);
  }
}
