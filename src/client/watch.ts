/**
 * How `tourney watch` learns of changes (issue 19), one way per backend, each
 * handing on the events of model/watch-events.ts (a tournament's) or
 * model/race-watch-events.ts (a race's):
 * - polling: conditional GETs (If-None-Match) of the tournament or race at an
 *   interval; only when it changed, the rest of it (watch-reads.ts), then a
 *   snapshot and its diff. Embedded: every 100 ms after a change, backing off to
 *   400 ms (the in-process service looks at PRAGMA data_version at each request, so
 *   another process's commit is seen within 500 ms; an unchanged look costs no
 *   serialising). A hosted service: every `intervalMs` (10 s by default), a 429
 *   waiting its Retry-After (at least twice the interval) before the next look.
 * - stream: serve's server-sent events (`GET /tournaments/{t}/events`,
 *   `GET /races/{r}/events`), resumed after a dropped connection with
 *   Last-Event-ID (and `since`, the last event's time or, before any, the
 *   watch's start, should serve have restarted); ids already seen are skipped
 *   (watch-stream.ts).
 */
import { diffSnapshots, type WatchSnapshot } from "../model/race-watch-events.js";
import type { WatchEvent } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { RateLimitError } from "./errors.js";
import { snapshotReader, type WatchSubject } from "./watch-reads.js";

export type { WatchSubject } from "./watch-reads.js";

export interface WatchSourceOptions {
  readonly subject: WatchSubject;
  /** Wait between looks; `backoffMs` the longest while nothing changes. */
  readonly intervalMs: number;
  readonly backoffMs: number;
  /** ISO time: first the events the records date since then. */
  readonly since?: string;
  readonly signal: AbortSignal;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** ISO time of now, for events no record dates. */
  readonly now: () => string;
  /**
   * The stream's connection (watch-stream.ts): `lost` once a reconnect has failed after the
   * stream dropped (serve gone, busy or failing), `back` when one succeeds again after that.
   * A reconnect refused for good (404, 401, 403) is no `lost`: the watch ends with its error.
   */
  readonly onConnection?: (state: "lost" | "back") => void;
}

/** Told of each batch of events in order, with the subject as last seen; true stops the watch. */
export type OnEvents = (events: readonly WatchEvent[], snapshot: WatchSnapshot) => boolean;

export async function pollWatch(
  client: ApiClient,
  options: WatchSourceOptions,
  onEvents: OnEvents,
): Promise<void> {
  const look = snapshotReader(client, options.subject);
  let snapshot: WatchSnapshot | undefined;
  let delay = options.intervalMs;
  while (!options.signal.aborted) {
    let next: WatchSnapshot | undefined;
    try {
      next = await look(options.now());
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      const wait = Math.max((error.retryAfterSeconds ?? 0) * 1000, 2 * options.intervalMs);
      await options.sleep(wait, options.signal);
      continue;
    }
    if (next !== undefined) {
      const events =
        snapshot === undefined ? history(next, options.since) : diffSnapshots(snapshot, next);
      snapshot = next;
      if (onEvents(events, next)) return;
    }
    delay = next !== undefined ? options.intervalMs : Math.min(options.backoffMs, delay * 2);
    await options.sleep(delay, options.signal);
  }
}

/** The events the first snapshot's records date since `since` (none without it). */
export function history(snapshot: WatchSnapshot, since: string | undefined): WatchEvent[] {
  if (since === undefined) return [];
  const from = Date.parse(since);
  return diffSnapshots(undefined, snapshot).filter((e) => Date.parse(e.at) >= from);
}
