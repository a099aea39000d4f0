/**
 * Serve's event streams (issue 19). A tournament's are public/tournament-topics.ts's
 * (issue 24: one topic per tournament, whatever the path's spelling or the credential,
 * fed by the tournament's shared snapshot); this file resolves the path as the caller
 * and hands the stream over. A race's: one topic per race path (and credential) watched,
 * fed by one timer for all of them.
 * The timer looks at the store's generation (which reads PRAGMA data_version, so
 * another process's commit is seen) every 100 ms after a change, backing off to
 * 400 ms while nothing changes; on a change each topic takes a new snapshot
 * through the service's own GET routes (so access checks and serializers are the
 * ones clients see) and fans the events of model/watch-events.ts's diff
 * (race-watch-events.ts's for a race) out to its subscribers. Each topic keeps its
 * last events so that a reconnecting client's Last-Event-ID resumes without loss
 * or duplicates.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import {
  diffSnapshots,
  type RaceSnapshot,
  raceSnapshot,
  type WatchSnapshot,
} from "../model/race-watch-events.js";
import { MAX_PER_PAGE } from "../model/resource.js";
import { type RecordLike, tournamentSnapshot, type WatchEvent } from "../model/watch-events.js";
import type { Budget } from "./public/budgets.js";
import { badSince } from "./public/event-log.js";
import type { Subscriber, TournamentTopics } from "./public/tournament-topics.js";

export type { Subscriber } from "./public/tournament-topics.js";

const FAST_MS = 100;
const SLOW_MS = 400;
const HEARTBEAT_MS = 15_000;
/** Events a topic keeps for resuming clients. */
const KEPT_EVENTS = 1024;

interface Topic {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Where its snapshots are read: the service's handler, or a reader of its own. */
  readonly deps: HubDeps;
  snapshot: WatchSnapshot;
  readonly kept: WatchEvent[];
  readonly subscribers: Set<Subscriber>;
}

export interface HubDeps {
  readonly handle: (request: HttpRequest) => HttpResponse;
  /** The store's change marker after a look at other connections' commits; undefined: untracked. */
  readonly generation: () => string | undefined;
  readonly now: () => string;
  /** The service's base path (/v2.1). */
  readonly basePath: string;
}

export interface Opened {
  /** The events a subscriber missed (Last-Event-ID) or asked for (since). */
  readonly backlog: readonly WatchEvent[];
  readonly close: () => void;
}

function get(deps: HubDeps, path: string, headers: Record<string, string>): HttpResponse {
  return deps.handle({ method: "GET", path, headers });
}

function jsonOf(response: HttpResponse): Record<string, unknown> {
  return (response.json ?? JSON.parse(response.body)) as Record<string, unknown>;
}

/** Every record of the list at `path`, all its pages (no cut: issue 24). */
export function allRecords(
  handle: HubDeps["handle"],
  path: string,
  headers: Record<string, string>,
): RecordLike[] {
  const records: RecordLike[] = [];
  for (let page = 1; ; page++) {
    const url = `${path}?per_page=${MAX_PER_PAGE}&page=${page}`;
    const response = handle({ method: "GET", path: url, headers });
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`);
    const document = jsonOf(response);
    records.push(...(document.data as RecordLike[]));
    const meta = document.meta as { total_pages?: number } | undefined;
    if (meta === undefined || page >= (meta.total_pages ?? 1)) return records;
  }
}

const RACE_PATH = /^\/v2\.1\/races\/[^/?]+$/;

/**
 * The race at `path` (`/v2.1/races/{r}`) as `headers` may see it: its record,
 * participants, rounds and the elapsed times of every round begun.
 */
function takeRaceSnapshot(
  deps: HubDeps,
  path: string,
  headers: Record<string, string>,
): RaceSnapshot | HttpResponse {
  const one = get(deps, path, headers);
  if (one.status !== 200) return one;
  const race = jsonOf(one).data as RecordLike;
  const participants = allRecords(deps.handle, `${path}/participants`, headers);
  const rounds = allRecords(deps.handle, `${path}/rounds`, headers);
  const times = rounds
    .filter((round) => round.attributes.state !== "pending")
    .flatMap((round) =>
      allRecords(deps.handle, `${path}/rounds/${round.id}/elapsed_times`, headers),
    );
  return raceSnapshot(race, participants, rounds, times, deps.now());
}

/** The tournament (or race) at `path` as `headers` may see it, or the response refusing it. */
export function takeSnapshot(
  deps: HubDeps,
  path: string,
  headers: Record<string, string>,
): WatchSnapshot | HttpResponse {
  if (RACE_PATH.test(path)) return takeRaceSnapshot(deps, path, headers);
  const one = get(deps, path, headers);
  if (one.status !== 200) return one;
  const tournament = jsonOf(one).data as RecordLike;
  const participants = allRecords(deps.handle, `${path}/participants`, headers);
  const matches = allRecords(deps.handle, `${path}/matches`, headers);
  return tournamentSnapshot(tournament, participants, matches, deps.now());
}

export class EventHub {
  readonly #topics = new Map<string, Topic>();
  #timer: NodeJS.Timeout | undefined;
  #delay = FAST_MS;
  #seen: string | undefined;
  #lastBeat = 0;

  constructor(
    private readonly deps: HubDeps,
    /** The tournament topics (public/tournament-topics.ts), shared with the bracket viewer. */
    readonly tournaments: TournamentTopics,
    /** Open streams per client address and in all (public/budgets.ts). */
    readonly streams: Budget,
  ) {}

  /**
   * Subscribes to the tournament (or race) at `path` with the request's headers;
   * answers the refusing response (400, 401, 403, 404) instead. A tournament's stream
   * is its one topic, found by the id the caller's own GET of `path` resolves.
   */
  async open(
    path: string,
    headers: Record<string, string>,
    subscriber: Subscriber,
    resume: { readonly lastEventId?: string; readonly since?: string },
  ): Promise<Opened | HttpResponse> {
    const refused = badSince(resume);
    if (refused !== undefined) return refused;
    if (RACE_PATH.test(path)) return this.#openRace(path, headers, subscriber, resume);
    const one = get(this.deps, path, headers);
    if (one.status !== 200) return one;
    const record = jsonOf(one).data as RecordLike;
    const id = Number(record.id);
    const own = `${this.deps.basePath}/tournaments/${id}`;
    return this.tournaments.open(
      id,
      {
        subscriber,
        view: record.attributes.private === true ? "owner" : "public",
        // The same check as a GET, as this caller, before each batch of events.
        allowed: () => get(this.deps, own, headers).status === 200,
      },
      resume,
    );
  }

  #openRace(
    path: string,
    headers: Record<string, string>,
    subscriber: Subscriber,
    resume: { readonly lastEventId?: string; readonly since?: string },
  ): Opened | HttpResponse {
    const key = `${path}\n${headers.authorization ?? ""}\n${headers["authorization-type"] ?? ""}`;
    let topic = this.#topics.get(key);
    if (topic === undefined) {
      this.#seen = this.deps.generation();
      const taken = takeSnapshot(this.deps, path, headers);
      if (!("kind" in taken)) return taken;
      topic = { path, headers, deps: this.deps, snapshot: taken, kept: [], subscribers: new Set() };
      this.#topics.set(key, topic);
    }
    topic.subscribers.add(subscriber);
    this.#schedule();
    const backlog = backlogOf(topic, resume);
    const held = topic;
    return {
      backlog,
      close: () => {
        held.subscribers.delete(subscriber);
        if (held.subscribers.size === 0) this.#topics.delete(key);
        if (this.#topics.size === 0) this.#stop();
      },
    };
  }

  /** Ends every timer (subscribers are ended by the adapter). */
  close(): void {
    this.tournaments.close();
    this.#topics.clear();
    this.#stop();
  }

  #stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#tick(), this.#delay);
    this.#timer.unref();
  }

  #tick(): void {
    this.#timer = undefined;
    if (this.#topics.size === 0) return;
    const generation = this.deps.generation();
    const changed = generation === undefined || generation !== this.#seen;
    this.#seen = generation;
    if (changed) for (const topic of this.#topics.values()) this.#refresh(topic);
    // Untracked (the plain store): a snapshot each time, at the slow pace.
    const fast = changed && generation !== undefined;
    this.#delay = fast ? FAST_MS : Math.min(SLOW_MS, this.#delay * 2);
    const now = Date.now();
    if (now - this.#lastBeat >= HEARTBEAT_MS) {
      this.#lastBeat = now;
      for (const topic of this.#topics.values()) for (const s of topic.subscribers) s.heartbeat();
    }
    this.#schedule();
  }

  #refresh(topic: Topic): void {
    let next: WatchSnapshot | HttpResponse;
    try {
      next = takeSnapshot(topic.deps, topic.path, topic.headers);
    } catch {
      return; // busy or mid-change: the next tick looks again
    }
    if (!("kind" in next)) return;
    const events = diffSnapshots(topic.snapshot, next);
    topic.snapshot = next;
    for (const event of events) {
      topic.kept.push(event);
      for (const s of topic.subscribers) s.event(event);
    }
    if (topic.kept.length > KEPT_EVENTS) topic.kept.splice(0, topic.kept.length - KEPT_EVENTS);
  }
}

function backlogOf(
  topic: Topic,
  resume: { readonly lastEventId?: string; readonly since?: string },
): readonly WatchEvent[] {
  if (resume.lastEventId !== undefined) {
    const at = topic.kept.findIndex((e) => e.id === resume.lastEventId);
    if (at !== -1) return topic.kept.slice(at + 1);
  }
  if (resume.since === undefined) return [];
  // History as the current snapshot tells it: every event from nothing, those since then.
  const since = Date.parse(resume.since);
  const past = diffSnapshots(undefined, topic.snapshot).filter((e) => Date.parse(e.at) >= since);
  if (resume.lastEventId === undefined) return past;
  const at = past.findIndex((e) => e.id === resume.lastEventId);
  return at === -1 ? past : past.slice(at + 1);
}
