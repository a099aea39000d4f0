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
import { acceptSnapshot } from "../model/watch-accept.js";
import { orderEvents, type WatchEvent } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { RateLimitError } from "./errors.js";
import { snapshotReader, tornLooks, type WatchSubject } from "./watch-reads.js";

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
  const held = heldBack();
  while (!options.signal.aborted) {
    let next: WatchSnapshot | undefined;
    const began = options.now();
    try {
      next = await look(began);
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      const wait = Math.max((error.retryAfterSeconds ?? 0) * 1000, 2 * options.intervalMs);
      await options.sleep(wait, options.signal);
      continue;
    }
    if (next !== undefined) {
      const torn = tornLooks.has(next);
      if (next.kind === "tournament")
        next = acceptSnapshot(snapshot?.kind === "tournament" ? snapshot : undefined, next);
      const events =
        snapshot === undefined ? history(next, options.since) : diffSnapshots(snapshot, next);
      snapshot = next;
      const bound = torn && next.kind === "tournament" ? began : undefined;
      if (onEvents(held.take(events, next, bound), next)) return;
    } else if (
      snapshot !== undefined &&
      held.waiting() &&
      onEvents(held.take([], snapshot), snapshot)
    )
      return;
    delay = next !== undefined ? options.intervalMs : Math.min(options.backoffMs, delay * 2);
    await options.sleep(delay, options.signal);
  }
}

/**
 * How long before a torn look began (watch-reads.ts tornLooks) its events stay held back: a
 * write's records are dated as it is made, a little before it commits.
 */
const SETTLE_MS = 1000;

/**
 * The events of torn looks held back until they can be told in the order the writes were
 * made: a look a write landed in may not have read a record of an earlier write yet (read
 * before it, on a page read before it committed), which the next look tells. Events dated
 * from SETTLE_MS before the look began are held (`began`); the next look's are merged with
 * them in the records' order, and once a look reads it all without a write landing (or finds
 * nothing new), all are told.
 */
function heldBack() {
  let waiting: WatchEvent[] = [];
  return {
    waiting: () => waiting.length > 0,
    take(events: readonly WatchEvent[], snapshot: WatchSnapshot, began?: string): WatchEvent[] {
      if (waiting.length === 0 && began === undefined) return [...events];
      // Held only of a tournament: in its events' order (by time, then of one instant by kind and play order).
      const all = orderEvents([...waiting, ...events], (e) =>
        e.match === undefined || snapshot.kind !== "tournament"
          ? 0
          : (snapshot.matches.get(e.match.id)?.order ?? 0),
      );
      const bound = began === undefined ? Number.POSITIVE_INFINITY : Date.parse(began) - SETTLE_MS;
      const cut = all.findIndex((e) => !(Date.parse(e.at) < bound));
      if (cut === -1) {
        waiting = [];
        return all;
      }
      waiting = all.slice(cut);
      return all.slice(0, cut);
    },
  };
}

/** The events the first snapshot's records date since `since` (none without it). */
export function history(snapshot: WatchSnapshot, since: string | undefined): WatchEvent[] {
  if (since === undefined) return [];
  const from = Date.parse(since);
  return diffSnapshots(undefined, snapshot).filter((e) => Date.parse(e.at) >= from);
}
