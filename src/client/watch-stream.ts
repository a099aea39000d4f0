/**
 * `tourney watch` over serve's server-sent event stream (watch.ts says why):
 * `GET /tournaments/{t}/events` or `GET /races/{r}/events`, read as it comes; a
 * dropped connection is reconnected after a second (up to ten while it keeps
 * failing) with Last-Event-ID and `since` (the last event's time), and ids already
 * handed on are skipped, so nothing is told twice or lost.
 */
import { raceSnapshot, type WatchSnapshot } from "../model/race-watch-events.js";
import { type RecordLike, tournamentSnapshot, type WatchEvent } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { resourcePath } from "./resource-path.js";
import type { OnEvents, WatchSourceOptions } from "./watch.js";

/** Ids remembered against duplicates after a reconnect. */
const REMEMBERED = 4096;

/** Splits SSE text into events' data; keeps the unfinished tail. */
export class SseParser {
  #buffer = "";

  push(text: string): { id: string | undefined; data: string }[] {
    this.#buffer += text.replace(/\r\n?/g, "\n");
    const out: { id: string | undefined; data: string }[] = [];
    let end = this.#buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      let id: string | undefined;
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
        else if (line.startsWith("id:")) id = line.slice(3).replace(/^ /, "");
      }
      if (data.length > 0) out.push({ id, data: data.join("\n") });
      end = this.#buffer.indexOf("\n\n");
    }
    return out;
  }
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
  let wait = 1000;
  try {
    for (let attempt = 0; !stop.signal.aborted; attempt++) {
      const parser = new SseParser();
      let first = true;
      const onText = (text: string) => {
        // Connected (serve's first line): told once, with no events, that the watch began.
        if (first && attempt === 0 && onEvents([], snapshot)) stop.abort();
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
        if (attempt === 0) throw error;
      }
      if (attempt === 0 && status !== 200 && status !== 499) return "unsupported";
      if (status === 200) wait = 1000;
      if (stop.signal.aborted) break;
      await options.sleep(wait, stop.signal);
      wait = Math.min(10_000, wait * 2);
    }
    return undefined;
  } finally {
    options.signal.removeEventListener("abort", abort);
  }
}
