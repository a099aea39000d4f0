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
 * reconnects finds its log; a reader joining it brings it up to date first (#catchUp), so
 * a stream without Last-Event-ID or since carries only changes made after it opened.
 */
import type { HttpResponse } from "../../model/http.js";
import { acceptSnapshot } from "../../model/watch-accept.js";
import { diffSteps, type TournamentSnapshot, type WatchEvent } from "../../model/watch-events.js";
import { badSince, DIFF_PART, EventLog, type Resume } from "./event-log.js";
import { type Reader, TopicTimer } from "./topic-timer.js";
import type { TournamentSnapshots } from "./tournament-snapshots.js";
import type { WorkGate } from "./work-gate.js";

export type { Reader, Subscriber } from "./topic-timer.js";

interface Topic {
  readonly id: number;
  watch: TournamentSnapshot;
  revision: number;
  /** The change log's mark its version was read from, and its shape (topic-delta.ts). */
  mark: number | undefined;
  shape: string;
  readonly log: EventLog;
  readonly readers: Set<Reader>;
  /** The refresh under way (#refresh), which a joining reader waits for. */
  refreshing: Promise<void> | undefined;
  linger: NodeJS.Timeout | undefined;
  /** Snapshots passed over in a row because a write landed while they were read. */
  torn: number;
}

/** Where a version a topic takes was read from (a snapshot, or a delta: topic-delta.ts). */
interface Version {
  readonly revision: number;
  readonly mark: number | undefined;
  readonly shape: string;
}

/** Snapshots a write landed in that a topic passes over in a row before it takes one. */
const TORN_SKIPS = 3;

export interface Opened {
  /** The events a subscriber missed (Last-Event-ID) or asked for (since). */
  readonly backlog: readonly WatchEvent[];
  readonly close: () => void;
}

const FAILED: unique symbol = Symbol("failed");

function unlessFailed<T>(read: () => T): T | typeof FAILED {
  try {
    return read();
  } catch {
    return FAILED;
  }
}

export class TournamentTopics {
  /** The topics open and their timer (topic-timer.ts). */
  readonly #timer = new TopicTimer<Topic>(() => this.#tick());
  readonly #topics = this.#timer.topics;

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
    // Computed a few steps a unit of the gate (at 50,000 players 136 ms in one piece).
    if (topic.log.needsHistory(resume))
      await topic.log.history(topic.watch, (steps) => this.gate.steps(steps));
    this.#timer.hold(topic);
    // A fresh reader only: one that resumes (Last-Event-ID, since) wants the changes it did
    // not see anyway, sent by the timer's next look, and is answered at once, as before
    // 5e646be. Waiting for a snapshot of its own under a report every 500 ms, a crowd of
    // bracket pages (they open with since) got no head within 5 s, then 429 (bench/public-load.mjs).
    if (resume.lastEventId === undefined && resume.since === undefined) await this.#catchUp(topic);
    topic.readers.add(reader);
    this.#timer.schedule();
    return {
      backlog: topic.log.backlog(resume, (m) => topic.watch.matches.get(m)?.order ?? 0),
      close: () => {
        topic.readers.delete(reader);
        if (topic.readers.size === 0) this.#timer.lingerThenDrop(topic);
      },
    };
  }

  /** Ends every timer (subscribers are ended by the adapter). */
  close(): void {
    this.#timer.close();
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
      mark: snapshot.mark,
      shape: snapshot.shape,
      log: new EventLog(),
      readers: new Set(),
      refreshing: undefined,
      linger: undefined,
      torn: 0,
    };
    this.#topics.set(id, topic);
    return topic;
  }

  #tick(): void {
    let changed = false;
    for (const topic of this.#topics.values()) {
      if (topic.readers.size === 0 || topic.refreshing !== undefined) continue;
      // A look the database failed (an I/O error) is taken again at the next tick.
      const revision = unlessFailed(() => this.snapshots.revision(topic.id));
      if (revision === topic.revision || revision === FAILED) continue;
      changed = true;
      this.#startRefresh(topic);
    }
    this.#timer.pace(changed);
    if (this.#timer.heartbeatDue())
      for (const topic of this.#topics.values()) this.#send(topic, []);
    if ([...this.#topics.values()].some((t) => t.readers.size > 0)) this.#timer.schedule();
  }

  /**
   * Brings `topic` to the tournament's revision before a reader joins it: the changes made
   * since its last look (while nobody read it, the timer does not look: it lingers unread)
   * go to its log and its readers, so a joining reader's backlog holds them when it resumes
   * (Last-Event-ID, since) and a fresh reader is not sent them as news by the next look.
   * Before, a reader opening a stream with neither was sent every change made since the
   * last reader left (1,999 events after 1,000 reports), dated before its own `since:` line.
   * A few refreshes at most: a refresh passes over a snapshot a write landed in (TORN_SKIPS).
   * The revision caught up to is the one read as the reader joins (revisions never go back):
   * a change made after it is news to this reader, sent as the timer's looks find it. Until
   * 2026-11-28 the join chased the revision read after each refresh: with a write landing as
   * each refresh ended it waited for five (test/service/topic-join-catch-up.test.ts).
   */
  async #catchUp(topic: Topic): Promise<void> {
    const target = unlessFailed(() => this.snapshots.revision(topic.id));
    // Failed or gone: the timer's next look takes it up (a gone tournament ends its readers).
    if (target === FAILED || target === undefined) return;
    for (let tries = 0; tries < TORN_SKIPS + 2 && topic.revision < target; tries++)
      await (topic.refreshing ?? this.#startRefresh(topic));
  }

  /** Starts a refresh of `topic` (one at a time: `refreshing` holds it until it ends). */
  #startRefresh(topic: Topic): Promise<void> {
    const done = this.#refresh(topic)
      .catch(() => {}) // the revision stays: the next tick builds again (#refresh)
      .finally(() => {
        topic.refreshing = undefined;
      });
    topic.refreshing = done;
    return done;
  }

  async #refresh(topic: Topic): Promise<void> {
    // A few matches written by serve: their records alone (topic-delta.ts), not a snapshot.
    const delta = await this.snapshots.delta(topic.id, topic);
    if (delta !== undefined) return this.#take(topic, delta, delta.watch);
    const next = await this.snapshots.current(topic.id);
    if ("status" in next) {
      // The database failed the read (503, 500): the topic's revision stays, so the next tick
      // builds again and the change is sent once it can be read. Before, it was taken as seen
      // and its events never sent.
      if (next.status >= 500) return;
      // Gone (deleted): each reader's own check says whether it ends.
      this.#send(topic, []);
      topic.revision = this.snapshots.revision(topic.id) ?? topic.revision;
      return;
    }
    // Not older than the version a delta made (a snapshot held is answered after MAX_WAIT_MS).
    if (next.revision <= topic.revision) return;
    // Read page by page between other requests, a snapshot a write landed in may mix records
    // from before and after it (tournament-snapshots.ts): its events came out of order (a
    // final stage's matches opened before the start that made them, told at the next look).
    // The next tick builds again; after TORN_SKIPS in a row (written faster than it is read)
    // it is taken as far as its records agree (model/watch-accept.ts, as `tourney watch` takes
    // a torn look): a match it cannot have read whole is held as the last look held it and
    // told at a later look, under the id and time every other watcher gives it. Before, it
    // was taken as it was: the matches a start made opened before the start.
    const torn = this.snapshots.revision(topic.id) !== next.revision;
    if (torn && topic.torn++ < TORN_SKIPS) return;
    topic.torn = 0;
    await this.#take(topic, next, torn ? acceptSnapshot(topic.watch, next.watch) : next.watch);
  }

  /** Takes `watch` (of `version`) as `topic`'s version: its events to the log and the readers. */
  async #take(topic: Topic, version: Version, watch: TournamentSnapshot): Promise<void> {
    // A few steps a unit: a pass over every match (99,998 at 50,000 players, 90-190 ms in one unit).
    const events = await this.gate.steps(diffSteps(topic.watch, watch, DIFF_PART));
    topic.watch = watch;
    topic.revision = version.revision;
    topic.mark = version.mark;
    topic.shape = version.shape;
    topic.torn = 0;
    topic.log.append(events);
    // To each reader a piece a step, a few steps a unit: while a refresh sends, the next waits.
    await this.gate.steps(this.#timer.sendSteps(topic, events));
  }

  /** Sends `events` (none: a heartbeat) to each reader still allowed; ends the others. */
  #send(topic: Topic, events: readonly WatchEvent[]): void {
    this.#timer.send(topic, events);
  }
}
