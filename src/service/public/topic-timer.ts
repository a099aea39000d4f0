/**
 * The timers and readers of serve's event-stream topics, one set of them for the
 * tournaments' (tournament-topics.ts) and one for the races' (race-topics.ts): the open
 * topics by id, one timer ticking every 100 ms after a change and backing off to 400 ms
 * while nothing changes, a heartbeat every 15 s, and a topic nobody reads kept a minute
 * (so a reader that reconnects finds its events) before it is dropped. What a tick looks
 * at and what a topic holds are the owner's; this module only keeps time and sends.
 */
import type { WatchEvent } from "../../model/watch-events.js";

const FAST_MS = 100;
const SLOW_MS = 400;
const HEARTBEAT_MS = 15_000;
const LINGER_MS = 60_000;

export interface Subscriber {
  /** Called with each event, in order. */
  event(event: WatchEvent): void;
  heartbeat(): void;
  /** Ends the subscriber's stream (its reader may no longer see the tournament); `why`: said last. */
  end?(why?: string): void;
}

/** A reader of one tournament: who it is for, and whether it may still look. */
export interface Reader {
  readonly subscriber: Subscriber;
  /** "owner" (the tournament's owner or a private share link) or "public". */
  readonly view: "owner" | "public";
  readonly allowed: () => boolean;
}

/** What the timer needs of a topic: its id, its readers and its linger. */
export interface TimedTopic {
  readonly id: number;
  readonly readers: Set<Reader>;
  linger: NodeJS.Timeout | undefined;
}

export class TopicTimer<T extends TimedTopic> {
  /** The topics open, by id. */
  readonly topics = new Map<number, T>();
  #timer: NodeJS.Timeout | undefined;
  #delay = FAST_MS;
  #lastBeat = Date.now();

  /** `tick` runs at each turn of the timer; it calls `schedule` for the next one. */
  constructor(private readonly tick: () => void) {}

  /** Keeps `topic`: a reader joins, so a linger started when its last one left is cancelled. */
  hold(topic: T): void {
    if (topic.linger !== undefined) clearTimeout(topic.linger);
    topic.linger = undefined;
  }

  /** Drops `topic` a minute from now unless a reader has joined it by then. */
  lingerThenDrop(topic: T): void {
    if (topic.linger !== undefined) return;
    topic.linger = setTimeout(() => {
      if (topic.readers.size === 0 && this.topics.get(topic.id) === topic)
        this.topics.delete(topic.id);
    }, LINGER_MS);
    topic.linger.unref();
  }

  /** Runs the next tick after the current delay, unless one is already waiting. */
  schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.tick();
    }, this.#delay);
    this.#timer.unref();
  }

  /** Sets the next delay: short after a change (`fast`), doubling up to 400 ms otherwise. */
  pace(fast: boolean): void {
    this.#delay = fast ? FAST_MS : Math.min(SLOW_MS, this.#delay * 2);
  }

  /** True once a heartbeat period has passed since the last time it said so. */
  heartbeatDue(): boolean {
    const now = Date.now();
    if (now - this.#lastBeat < HEARTBEAT_MS) return false;
    this.#lastBeat = now;
    return true;
  }

  /** Sends `events` (none: a heartbeat) to each reader still allowed; ends the others. */
  send(topic: T, events: readonly WatchEvent[]): void {
    for (const reader of topic.readers) {
      if (!reader.allowed()) {
        topic.readers.delete(reader);
        reader.subscriber.end?.();
        continue;
      }
      if (events.length === 0) reader.subscriber.heartbeat();
      for (const event of events) reader.subscriber.event(event);
    }
    if (topic.readers.size === 0) this.lingerThenDrop(topic);
  }

  /** Ends every timer and forgets the topics (subscribers are ended by the adapter). */
  close(): void {
    for (const topic of this.topics.values()) if (topic.linger) clearTimeout(topic.linger);
    this.topics.clear();
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
