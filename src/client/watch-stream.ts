/**
 * `tourney watch` over serve's server-sent event stream (watch.ts says why):
 * `GET /tournaments/{t}/events` or `GET /races/{r}/events`, read as it comes; a
 * dropped connection is reconnected after the stream's `retry:` (a second by
 * default; doubling up to ten while it keeps failing) with Last-Event-ID and
 * `since` (the last event's time; before any event, the time the watch began by
 * serve's clock, the first stream's `since:` line),
 * and ids already handed on are skipped, so nothing is told twice or lost. A
 * reconnect serve refuses for good (404: the tournament or race deleted; 401/403:
 * the credential revoked) ends the watch with the record's error, as polling ends
 * (exit 3, 4), never told as a lost connection.
 */

import type { HttpResponse } from "../model/http.js";
import { raceSnapshot, type WatchSnapshot } from "../model/race-watch-events.js";
import { type RecordLike, tournamentSnapshot, type WatchEvent } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { ApiError, CertificateError, NetworkError, TimeoutError } from "./errors.js";
import { resourcePath } from "./resource-path.js";
import { errorFromResponse } from "./response-errors.js";
import type { OnEvents, WatchSourceOptions } from "./watch.js";
import { type ReopenTracker, reopenTracker } from "./watch-reopens.js";

/**
 * A reconnect's answer no retry mends: a 4xx but 408 (timeout) and 429 (too many, the
 * stream budget). 499 is the transport's own (the watch stopped while connecting).
 */
const final = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 499;

/**
 * The error the record's GET (`path`) ends with when it is refused for good (polling's
 * words and exit code: NotFoundError, AuthError, ...); undefined when it is read, or the
 * GET meets what a reconnect waits out (serve gone, busy or failing).
 */
async function recordGone(client: ApiClient, path: string): Promise<ApiError | undefined> {
  try {
    await client.requester.conditional({ method: "GET", path }, undefined);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return final(error.status) ? error : undefined;
    if (error instanceof CertificateError) throw error;
    if (error instanceof NetworkError || error instanceof TimeoutError) return undefined;
    throw error;
  }
}

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
 * space is dropped; `retry:` (digits only) sets `retryMs`, serve's `since:` (a date)
 * `since`; an event without data is not one (a heartbeat).
 */
export class SseParser {
  #buffer = "";
  #carriageReturn = false;
  /** The reconnection delay the stream asked for (`retry:`), once it has. */
  retryMs: number | undefined;
  /** serve's time as the stream opened (its `since:` line, a field EventSource ignores). */
  since: string | undefined;

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
      else if (field === "since" && !Number.isNaN(Date.parse(value))) this.since = value;
    }
    return data.length === 0 ? undefined : { id, data: data.join("\n") };
  }
}

/** Tells `onConnection` once that the stream is lost (a reconnect failed), once that it is back. */
function linkOf(onConnection: WatchSourceOptions["onConnection"]) {
  let down = false;
  return {
    /** Whether a reconnect has failed since the stream was last connected. */
    down: () => down,
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
 * Where a watch's stream stands: the events taken (by id), the last one's id and time, and
 * when the watch began (ISO): by serve's clock, the first stream's `since:` line; before it
 * (a serve older than it), by this machine's clock.
 */
interface Cursor {
  readonly seen: Set<string>;
  /** A race's time (its id but the value and time it ends with) -> the value last told. */
  readonly told: Map<string, string>;
  began: string;
  lastId?: string;
  lastAt?: string | undefined;
}

const TIME_ID = /^(.+\.time\d+)\.(\d+|none)\.\d{4}-/;

/**
 * A race's time sent again with the value last told of it (true): its id ends with its
 * record's time, which a later time re-ranking it moves on, so serve's history may send a
 * time the watch has under a later id; a correction (another value, or back to an earlier
 * one after another) is told. Otherwise the value is noted.
 */
function toldAlready(cursor: Cursor, id: string): boolean {
  const time = TIME_ID.exec(id);
  if (time === null) return false;
  if (cursor.told.get(time[1]!) === time[2]) return true;
  cursor.told.delete(time[1]!);
  cursor.told.set(time[1]!, time[2]!);
  if (cursor.told.size > REMEMBERED) cursor.told.delete(cursor.told.keys().next().value as string);
  return false;
}

/** A watch's cursor before its first stream: nothing taken. */
function newCursor(since: string | undefined, began: string): Cursor {
  return { seen: new Set<string>(), told: new Map(), lastAt: since, began };
}

/** A stream's text taken in: each event not seen yet handed to `onEvents` (true: stop). */
function takeEvents(
  parser: SseParser,
  text: string,
  cursor: Cursor,
  deliver: (event: WatchEvent) => boolean,
  stop: AbortController,
): void {
  for (const { id, data } of parser.push(text)) {
    if (stop.signal.aborted) return;
    const event = JSON.parse(data) as WatchEvent;
    // Not a change (serve's word to a client resuming without `since`, which a watch always
    // sends): never printed; the next reconnect resumes from the last event printed.
    if (event.type === "stream.reload") continue;
    const key = id ?? event.id;
    if (cursor.seen.has(key) || toldAlready(cursor, key)) continue;
    cursor.seen.add(key);
    if (cursor.seen.size > REMEMBERED)
      cursor.seen.delete(cursor.seen.values().next().value as string);
    cursor.lastId = key;
    cursor.lastAt = event.at;
    if (deliver(event)) stop.abort();
  }
}

/**
 * After serve was away (a reconnect failed, watch-reopens.ts): the reopens made meanwhile,
 * read before the stream is asked again, each not told yet handed on. The cursor's last id
 * and time stay the stream's: the reconnect asks for what followed the last event it sent.
 */
async function tellReopens(
  reopens: ReopenTracker | undefined,
  cursor: Cursor,
  now: string,
  deliver: (event: WatchEvent) => boolean,
  stop: AbortController,
): Promise<void> {
  for (const event of (await reopens?.reopened(now)) ?? []) {
    if (stop.signal.aborted || cursor.seen.has(event.id)) continue;
    cursor.seen.add(event.id);
    if (deliver(event)) stop.abort();
  }
}

/**
 * The stream's request, resuming where `cursor` stands (Last-Event-ID, ?since=). A reconnect
 * (`again`) before any event (serve restarted, or the stream ended at its token's expiry)
 * asks `?since=` the time the watch began: with neither, serve answered a fresh stream and
 * what happened while it was away was never told. That time is serve's (its `since:` line):
 * this machine's clock, behind or ahead of serve's, asked for events from before the watch
 * (told as new) or from after a lost one. The first connection asks for no history unless
 * --since did.
 */
function eventsRequest(base: string, cursor: Cursor, again: boolean) {
  const since = cursor.lastAt ?? (again ? cursor.began : undefined);
  const headers = {
    Accept: "text/event-stream",
    ...(cursor.lastId === undefined ? {} : { "Last-Event-ID": cursor.lastId }),
  };
  const call = {
    method: "GET" as const,
    path: `${base}/events`,
    ...(since === undefined ? {} : { query: { since } }),
  };
  return { call, headers };
}

/**
 * A reconnect serve answered with a refusal no retry mends (404: the tournament or race
 * deleted; 401/403: the credential revoked): the watch ends as polling's does, never "lost"
 * while serve answers. The record's GET says so in the same words and exit code (it renews an
 * expired token first, which the next reconnect carries); should the record still be there,
 * the stream's own answer ends the watch the second time in a row (`before`: refusals so far).
 */
async function endIfRefused(
  client: ApiClient,
  base: string,
  answer: HttpResponse,
  before: number,
  now: string,
): Promise<void> {
  if (before > 0) throw errorFromResponse(answer, Date.parse(now));
  const gone = await recordGone(client, base);
  if (gone !== undefined) throw gone;
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
  const cursor = newCursor(options.since, options.now());
  const stop = new AbortController();
  const abort = () => stop.abort();
  options.signal.addEventListener("abort", abort);
  let retry = 1000;
  let wait = retry;
  // Reconnects refused in a row with a final status (`final`).
  let refusals = 0;
  const link = linkOf(options.onConnection);
  const reopens = reopenTracker(client, options.subject, options.now());
  const deliver = (event: WatchEvent) => {
    reopens?.told(event);
    return onEvents([event], snapshot);
  };
  try {
    for (let attempt = 0; !stop.signal.aborted; attempt++) {
      const parser = new SseParser();
      let first = true;
      const onText = (text: string) => {
        // Connected (serve's first line): told once, with no events, that the watch began.
        if (first && attempt === 0 && onEvents([], snapshot)) stop.abort();
        if (first) link.connected();
        first = false;
        takeEvents(parser, text, cursor, deliver, stop);
        if (attempt === 0 && parser.since !== undefined) cursor.began = parser.since;
      };
      if (link.down()) await tellReopens(reopens, cursor, options.now(), deliver, stop);
      if (stop.signal.aborted) break;
      const { call, headers } = eventsRequest(base, cursor, attempt > 0);
      let answer: HttpResponse | undefined;
      try {
        const sent = client.requester.stream(call, headers, onText, stop.signal);
        if (sent === undefined) return "unsupported";
        answer = await sent;
      } catch (error) {
        // Never connected at the first try: the caller hears why. A stream that was
        // flowing and dropped (a reset, serve restarting) is reconnected.
        if (attempt === 0 && first) throw error;
      }
      const status = answer?.status ?? 0;
      const connected = !first || status === 200;
      if (attempt === 0 && !connected && status !== 499) return "unsupported";
      if (connected) refusals = 0;
      else if (answer !== undefined && final(status) && !stop.signal.aborted)
        await endIfRefused(client, base, answer, refusals++, options.now());
      // A drop is reconnected at once, said nothing of; a reconnect unanswered (serve gone)
      // or answered 408, 429 or 5xx (serve busy or failing) says it is lost.
      else if (!connected && !stop.signal.aborted) link.refused();
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
