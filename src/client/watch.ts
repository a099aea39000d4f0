/**
 * How `tourney watch` learns of changes (issue 19), one way per backend, each
 * handing on the events of model/watch-events.ts:
 * - polling: conditional GETs (If-None-Match) of the tournament at an interval; only
 *   when it changed, its participants and matches (conditional too), then a snapshot
 *   and its diff. Embedded: every 100 ms after a change, backing off to 400 ms (the
 *   in-process service looks at PRAGMA data_version at each request, so another
 *   process's commit is seen within 500 ms; an unchanged look costs no serialising).
 *   A hosted service: every `intervalMs` (10 s by default), a 429 waiting its
 *   Retry-After (at least twice the interval) before the next look.
 * - stream: serve's server-sent events (`GET /tournaments/{t}/events`), resumed
 *   after a dropped connection with Last-Event-ID (and `since`, the last event's
 *   time, should serve have restarted); ids already seen are skipped.
 */
import { MAX_PER_PAGE } from "../model/resource.js";
import {
  diffTournament,
  type RecordLike,
  type TournamentSnapshot,
  tournamentSnapshot,
  type WatchEvent,
} from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { RateLimitError } from "./errors.js";
import { resourcePath } from "./resource-path.js";

export interface WatchSourceOptions {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Wait between looks; `backoffMs` the longest while nothing changes. */
  readonly intervalMs: number;
  readonly backoffMs: number;
  /** ISO time: first the events the records date since then. */
  readonly since?: string;
  readonly signal: AbortSignal;
  readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** ISO time of now, for events no record dates. */
  readonly now: () => string;
}

/** Told of each batch of events in order, with the tournament as last seen; true stops the watch. */
export type OnEvents = (events: readonly WatchEvent[], snapshot: TournamentSnapshot) => boolean;

interface Held {
  etag: string | undefined;
  records: RecordLike[];
}

function dataOf(body: unknown): RecordLike[] {
  const data = Array.isArray(body) ? body : (body as { data?: unknown }).data;
  return (Array.isArray(data) ? data : [data]) as RecordLike[];
}

/** One resource (or list's first page at the largest size), refreshed only when changed. */
async function refresh(
  client: ApiClient,
  path: string,
  held: Held,
  list: boolean,
): Promise<boolean> {
  const query = list ? { per_page: MAX_PER_PAGE } : undefined;
  const call = { method: "GET" as const, path, ...(query === undefined ? {} : { query }) };
  const got = await client.requester.conditional(call, held.etag);
  if (got === undefined) return false;
  held.etag = got.etag;
  held.records = dataOf(got.body);
  const pages = (got.body as { meta?: { total_pages?: number } }).meta?.total_pages ?? 1;
  // A list longer than one page: the rest unconditionally (the first page's tag guards them).
  if (list && pages > 1) held.records = await client.requester.listAll({ method: "GET", path });
  return true;
}

export async function pollTournament(
  client: ApiClient,
  options: WatchSourceOptions,
  onEvents: OnEvents,
): Promise<void> {
  const base = resourcePath("tournaments", options.tournament);
  const tournament: Held = { etag: undefined, records: [] };
  const participants: Held = { etag: undefined, records: [] };
  const matches: Held = { etag: undefined, records: [] };
  let snapshot: TournamentSnapshot | undefined;
  let delay = options.intervalMs;
  while (!options.signal.aborted) {
    let changed = false;
    try {
      changed = await refresh(client, base, tournament, false);
      if (changed || snapshot === undefined) {
        await refresh(client, `${base}/participants`, participants, true);
        await refresh(client, `${base}/matches`, matches, true);
      }
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      const wait = Math.max((error.retryAfterSeconds ?? 0) * 1000, 2 * options.intervalMs);
      await options.sleep(wait, options.signal);
      continue;
    }
    if (changed || snapshot === undefined) {
      const next = tournamentSnapshot(
        tournament.records[0]!,
        participants.records,
        matches.records,
        options.now(),
      );
      const events =
        snapshot === undefined ? history(next, options.since) : diffTournament(snapshot, next);
      snapshot = next;
      if (onEvents(events, next)) return;
    }
    delay = changed ? options.intervalMs : Math.min(options.backoffMs, delay * 2);
    await options.sleep(delay, options.signal);
  }
}

/** The events the first snapshot's records date since `since` (none without it). */
export function history(snapshot: TournamentSnapshot, since: string | undefined): WatchEvent[] {
  if (since === undefined) return [];
  const from = Date.parse(since);
  return diffTournament(undefined, snapshot).filter((e) => Date.parse(e.at) >= from);
}
