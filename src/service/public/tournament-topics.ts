/**
 * Serve's tournament event streams (issue 24): one topic per tournament, whatever the
 * path's spelling (`/94`, `/0094`, its url, under a community or not) and whoever reads
 * (the API's credentials, the bracket page's anonymous and share-link readers, `tourney
 * watch`). Every reader of a tournament is given the same records (the serializers do
 * not depend on who asks), so one snapshot (tournament-snapshots.ts) and one event log
 * (event-log.ts) serve them all; what each may see is its subscriber's `allowed` check,
 * run before every batch of events it is sent (a tournament made private, a share link
 * revoked or a key deleted ends the stream).
 *
 * A timer looks at the revision of each watched tournament every 100 ms after a change,
 * backing off to 400 ms while nothing changes; a new revision takes the new snapshot and
 * sends the events of the diff. A topic nobody reads lingers a minute, so a reader that
 * reconnects finds its log.
 */
import type { HttpResponse } from "../../model/http.js";
import {
  diffTournament,
  type TournamentSnapshot,
  type WatchEvent,
} from "../../model/watch-events.js";
import { badSince, EventLog, type Resume } from "./event-log.js";
import type { TournamentSnapshots } from "./tournament-snapshots.js";
import type { WorkGate } from "./work-gate.js";

const FAST_MS = 100;
const SLOW_MS = 400;
const HEARTBEAT_MS = 15_000;
const LINGER_MS = 60_000;

export interface Subscriber {
  /** Called with each event, in order. */
  event(event: WatchEvent): void;
  heartbeat(): void;
  /** Ends the subscriber's stream (its reader may no longer see the tournament). */
  end?(): void;
}

/** A reader of one tournament: who it is for, and whether it may still look. */
export interface Reader {
  readonly subscriber: Subscriber;
  /** "owner" (the tournament's owner or a private share link) or "public". */
  readonly view: "owner" | "public";
  readonly allowed: () => boolean;
}

interface Topic {
  readonly id: number;
  watch: TournamentSnapshot;
  revision: number;
  readonly log: EventLog;
  readonly readers: Set<Reader>;
  refreshing: boolean;
  linger: NodeJS.Timeout | undefined;
}

export interface Opened {
  /** The events a subscriber missed (Last-Event-ID) or asked for (since). */
  readonly backlog: readonly WatchEvent[];
  readonly close: () => void;
}

export class TournamentTopics {
  readonly #topics = new Map<number, Topic>();
  #timer: NodeJS.Timeout | undefined;
  #delay = FAST_MS;
  #lastBeat = Date.now();

  constructor(
    /** The shared snapshots its topics read (tournament-snapshots.ts). */
    readonly snapshots: TournamentSnapshots,
    /** The work gate its long work runs through (work-gate.ts), shared with the streams' backlogs. */
    readonly gate: WorkGate,
  ) {}

  /** Topics open (what the tests count): one per tournament watched. */
  get size(): number {
    return this.#topics.size;
  }

  /** Subscribes `reader` to tournament `id`: its backlog, or the refusal (404, 503). */
  async open(id: number, reader: Reader, resume: Resume): Promise<Opened | HttpResponse> {
    const refused = badSince(resume);
    if (refused !== undefined) return refused;
    const topic = await this.#topic(id);
    if ("status" in topic) return topic;
    if (topic.log.needsHistory(resume)) {
      const watch = topic.watch;
      await this.gate.run(() => topic.log.needsHistory(resume) && topic.log.history(watch));
    }
    if (topic.linger !== undefined) clearTimeout(topic.linger);
    topic.linger = undefined;
    topic.readers.add(reader);
    this.#schedule();
    return {
      backlog: topic.log.backlog(resume),
      close: () => {
        topic.readers.delete(reader);
        if (topic.readers.size === 0) this.#lingerThenDrop(topic);
      },
    };
  }

  /** Ends every timer (subscribers are ended by the adapter). */
  close(): void {
    for (const topic of this.#topics.values()) if (topic.linger) clearTimeout(topic.linger);
    this.#topics.clear();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #topic(id: number): Promise<Topic | HttpResponse> {
    const known = this.#topics.get(id);
    if (known !== undefined) return known;
    const snapshot = await this.snapshots.current(id);
    if ("status" in snapshot) return snapshot;
    // Another reader may have opened it while this one waited.
    const raced = this.#topics.get(id);
    if (raced !== undefined) return raced;
    const topic: Topic = {
      id,
      watch: snapshot.watch,
      revision: snapshot.revision,
      log: new EventLog(),
      readers: new Set(),
      refreshing: false,
      linger: undefined,
    };
    this.#topics.set(id, topic);
    return topic;
  }

  #lingerThenDrop(topic: Topic): void {
    if (topic.linger !== undefined) return;
    topic.linger = setTimeout(() => {
      if (topic.readers.size === 0 && this.#topics.get(topic.id) === topic)
        this.#topics.delete(topic.id);
    }, LINGER_MS);
    topic.linger.unref();
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => this.#tick(), this.#delay);
    this.#timer.unref();
  }

  #tick(): void {
    this.#timer = undefined;
    let changed = false;
    for (const topic of this.#topics.values()) {
      if (topic.readers.size === 0 || topic.refreshing) continue;
      const revision = this.snapshots.revision(topic.id);
      if (revision === topic.revision) continue;
      changed = true;
      topic.refreshing = true;
      this.#refresh(topic).finally(() => {
        topic.refreshing = false;
      });
    }
    this.#delay = changed ? FAST_MS : Math.min(SLOW_MS, this.#delay * 2);
    const now = Date.now();
    if (now - this.#lastBeat >= HEARTBEAT_MS) {
      this.#lastBeat = now;
      for (const topic of this.#topics.values()) this.#send(topic, []);
    }
    if ([...this.#topics.values()].some((t) => t.readers.size > 0)) this.#schedule();
  }

  async #refresh(topic: Topic): Promise<void> {
    const next = await this.snapshots.current(topic.id);
    if ("status" in next) {
      // Gone (deleted) or refused: each reader's own check says whether it ends.
      if (next.status === 404) this.#send(topic, []);
      topic.revision = this.snapshots.revision(topic.id) ?? topic.revision;
      return;
    }
    if (next.revision === topic.revision) return;
    const prev = topic.watch;
    const events = await this.gate.run(() => diffTournament(prev, next.watch));
    topic.watch = next.watch;
    topic.revision = next.revision;
    topic.log.append(events);
    this.#send(topic, events);
  }

  /** Sends `events` (none: a heartbeat) to each reader still allowed; ends the others. */
  #send(topic: Topic, events: readonly WatchEvent[]): void {
    for (const reader of topic.readers) {
      if (!reader.allowed()) {
        topic.readers.delete(reader);
        reader.subscriber.end?.();
        continue;
      }
      if (events.length === 0) reader.subscriber.heartbeat();
      for (const event of events) reader.subscriber.event(event);
    }
    if (topic.readers.size === 0) this.#lingerThenDrop(topic);
  }
}
