/**
 * Serve's race event streams (issue 24, as public/tournament-topics.ts does for
 * tournaments): one topic per race, whatever the path's spelling (`/94`, `/0094`, its
 * url) and whoever reads (any credential). A race's records are the same for every
 * reader who may see it (the serializers do not depend on who asks), so the topic's
 * snapshot is read once as the race's owner; what each reader may see is its `allowed`
 * check, the same GET of the race as that reader, run before every batch of events it
 * is sent (a race made private, deleted, or a key revoked ends the stream).
 *
 * A timer looks at the store's generation (which reads PRAGMA data_version, so another
 * process's commit is seen) every 100 ms after a change, backing off to 400 ms while
 * nothing changes; on a change each watched race takes one new snapshot and sends the
 * events of race-watch-events.ts's diff. A topic keeps its last events so that a
 * reconnecting client's Last-Event-ID resumes without loss or duplicates; one nobody
 * reads lingers a minute for that. An id no longer kept resumes through the race's
 * history, or the client is told to read the race again (race-resume.ts).
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { diffSnapshots, type RaceSnapshot, raceSnapshot } from "../model/race-watch-events.js";
import { MAX_PER_PAGE } from "../model/resource.js";
import type { RecordLike, WatchEvent } from "../model/watch-events.js";
import { OWNER_ID } from "../store/credentials.js";
import type { Caller } from "./caller.js";
import type { ServiceContext } from "./context.js";
import { type Reader, TopicTimer } from "./public/topic-timer.js";
import { reloadEvent, resumedRace } from "./race-resume.js";

/** Events a topic keeps for resuming clients. */
const KEPT_EVENTS = 1024;

/** A GET of the v2.1 routes, answered as the race's owner. */
export type Get = (path: string) => HttpResponse;

export interface RaceTopicDeps {
  readonly basePath: string;
  /** Runs `fn` as one request of race `id`'s owner; undefined when the race is gone. */
  readonly read: <T>(id: number, fn: (get: Get) => T) => T | undefined;
  /** The store's change marker after a look at other connections' commits; undefined: untracked. */
  readonly generation: () => string | undefined;
  readonly now: () => string;
}

export interface Resume {
  readonly lastEventId?: string;
  readonly since?: string;
}

export interface Opened {
  readonly backlog: readonly WatchEvent[];
  readonly close: () => void;
}

interface Topic {
  readonly id: number;
  snapshot: RaceSnapshot;
  readonly kept: WatchEvent[];
  readonly readers: Set<Reader>;
  linger: NodeJS.Timeout | undefined;
  /** The store's generation read just before its snapshot was taken: what it has looked at. */
  seen: string | undefined;
}

function jsonOf(response: HttpResponse): Record<string, unknown> {
  return (response.json ?? JSON.parse(response.body)) as Record<string, unknown>;
}

/** Every record of the list at `path`, all its pages (no cut: issue 24). */
export function allRecords(
  handle: (request: HttpRequest) => HttpResponse,
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

/** Race `path` (`/v2.1/races/{id}`) read through `get`: its record, participants, rounds, times. */
function readRace(get: Get, path: string, now: string): RaceSnapshot | undefined {
  const one = get(path);
  if (one.status !== 200) return undefined;
  const race = jsonOf(one).data as RecordLike;
  const handle = (request: HttpRequest) => get(request.path);
  const participants = allRecords(handle, `${path}/participants`, {});
  const rounds = allRecords(handle, `${path}/rounds`, {});
  const times = rounds
    .filter((round) => round.attributes.state !== "pending")
    .flatMap((round) => allRecords(handle, `${path}/rounds/${round.id}/elapsed_times`, {}));
  return raceSnapshot(race, participants, rounds, times, now);
}

export class RaceTopics {
  /** The topics open and their timer (public/topic-timer.ts). */
  readonly #timer = new TopicTimer<Topic>(() => this.#tick());
  readonly #topics = this.#timer.topics;
  /** Snapshots taken since the service opened (what the tests count). */
  snapshots = 0;

  constructor(private readonly deps: RaceTopicDeps) {}

  /** Topics open (what the tests count): one per race watched. */
  get size(): number {
    return this.#topics.size;
  }

  /** Subscribes `reader` to race `id` (already resolved as the reader): its backlog. */
  open(id: number, reader: Reader, resume: Resume): Opened | undefined {
    let topic = this.#topics.get(id);
    if (topic === undefined) {
      // Each topic has its own marker: a new one's never moves another's past a change
      // that topic's readers have not been told of yet (the next tick tells them).
      const seen = this.deps.generation();
      const snapshot = this.#take(id);
      if (snapshot === undefined) return undefined;
      topic = { id, snapshot, kept: [], readers: new Set(), linger: undefined, seen };
      this.#topics.set(id, topic);
    } else {
      this.#timer.hold(topic);
      // A lingering topic (or one with a change its timer has not looked at yet) catches up
      // first: a resuming reader's backlog holds what it missed, and a fresh reader is not
      // sent as news what happened before it came.
      const generation = this.deps.generation();
      if (topic.readers.size === 0 || generation !== topic.seen) this.#refresh(topic, generation);
    }
    topic.readers.add(reader);
    this.#timer.schedule();
    const held = topic;
    return {
      backlog: backlogOf(held, resume, this.deps.now()),
      close: () => {
        held.readers.delete(reader);
        if (held.readers.size === 0) this.#timer.lingerThenDrop(held);
      },
    };
  }

  /** Ends every timer (subscribers are ended by the adapter). */
  close(): void {
    this.#timer.close();
  }

  #take(id: number): RaceSnapshot | undefined {
    this.snapshots++;
    const path = `${this.deps.basePath}/races/${id}`;
    return this.deps.read(id, (get) => readRace(get, path, this.deps.now()));
  }

  #tick(): void {
    const watched = [...this.#topics.values()].filter((t) => t.readers.size > 0);
    if (watched.length === 0) return;
    const generation = this.deps.generation();
    // Each watched topic behind the store (every one, untracked) is read again.
    const behind = watched.filter((t) => generation === undefined || generation !== t.seen);
    const changed = behind.length > 0;
    for (const topic of behind) this.#refresh(topic, generation);
    // Untracked (the plain store): a snapshot each time, at the slow pace.
    const fast = changed && generation !== undefined;
    this.#timer.pace(fast);
    if (this.#timer.heartbeatDue()) for (const topic of watched) this.#send(topic, []);
    this.#timer.schedule();
  }

  /** Reads `topic`'s race again at the store's `generation` (read before) and sends the diff. */
  #refresh(topic: Topic, generation: string | undefined): void {
    // Marked before the read (as a tick's look was): a failed read is tried again at the next change.
    topic.seen = generation;
    let next: RaceSnapshot | undefined;
    try {
      next = this.#take(topic.id);
    } catch {
      return; // busy or mid-change: the next tick looks again
    }
    // Gone: each reader's own check ends its stream.
    if (next === undefined) {
      this.#send(topic, []);
      return;
    }
    const events = diffSnapshots(topic.snapshot, next);
    topic.snapshot = next;
    topic.kept.push(...events);
    if (topic.kept.length > KEPT_EVENTS) topic.kept.splice(0, topic.kept.length - KEPT_EVENTS);
    if (events.length > 0) this.#send(topic, events);
  }

  /** Sends `events` (none: a heartbeat) to each reader still allowed; ends the others. */
  #send(topic: Topic, events: readonly WatchEvent[]): void {
    this.#timer.send(topic, events);
  }
}

/**
 * The events a reader missed (Last-Event-ID) or asked for (since). An id no longer kept
 * (serve started again, or pushed out of the last KEPT_EVENTS) resumes through the history
 * (race-resume.ts), or is told to read the race again (`now`: serve's time).
 */
function backlogOf(topic: Topic, resume: Resume, now: string): readonly WatchEvent[] {
  // History as the current snapshot tells it (a race is small): every event from nothing.
  const history = () => diffSnapshots(undefined, topic.snapshot);
  if (resume.lastEventId !== undefined) {
    const at = topic.kept.findIndex((e) => e.id === resume.lastEventId);
    if (at !== -1) return topic.kept.slice(at + 1);
    const resumed = resumedRace(topic.snapshot, history(), resume.lastEventId, resume.since);
    return resumed === "reload" ? [reloadEvent(topic.snapshot.tournament, now)] : resumed;
  }
  if (resume.since === undefined) return [];
  const since = Date.parse(resume.since);
  return history().filter((e) => Date.parse(e.at) >= since);
}

/** `RaceTopicDeps.read` over the service: race `id`'s owner as the caller, through `readAs`. */
export function raceReader(
  context: ServiceContext,
  readAs: <T>(caller: Caller, fn: (get: Get) => T) => T,
): RaceTopicDeps["read"] {
  return (id, fn) => {
    const row = context.inRequest(() => context.race.races.findById(id));
    if (row === undefined) return undefined;
    const owner = { user_id: row.owner_id ?? OWNER_ID, username: `race:${id}`, scopes: null };
    return readAs(owner, fn);
  };
}
