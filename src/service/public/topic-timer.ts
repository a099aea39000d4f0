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
/** Events of a batch given to every reader in one piece (a step of `sendSteps`). */
export const SEND_PIECE = 256;

export interface Subscriber {
  /** Called with each event, in order (when `events` is not given). */
  event(event: WatchEvent): void;
  /**
   * Called with the events of a batch a piece at a time, in order: each piece is one array
   * given to every reader, so what is made of it (its frames) can be made once for all.
   */
  events?(events: readonly WatchEvent[]): void;
  /** False once its stream is closed: it is sent nothing more, and not checked. */
  open?(): boolean;
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
    const steps = this.sendSteps(topic, events);
    while (steps.next().done !== true);
  }

  /**
   * `send` as steps, for the work gate (work-gate.ts `steps`): a reader's check, or one piece
   * of SEND_PIECE events given to one reader, a step. Each reader is checked once a batch (a
   * closed one not at all); each piece is one array given to every reader, whose frames are
   * made once (http-event-stream.ts). The readers are those of the batch's start: one joining
   * meanwhile resumes from the log, which holds the batch already. Before, every event went
   * to every reader in one turn, each checked and framed per reader: a start of a 256-player
   * round robin (32,641 events) with 256 bracket pages open held serve 3 minutes.
   */
  *sendSteps(topic: T, events: readonly WatchEvent[]): Generator<void, void> {
    const readers: Reader[] = [];
    for (const reader of [...topic.readers]) {
      if (reader.subscriber.open?.() === false) continue;
      if (reader.allowed()) readers.push(reader);
      else {
        topic.readers.delete(reader);
        reader.subscriber.end?.();
      }
      yield;
    }
    if (events.length === 0) for (const reader of readers) reader.subscriber.heartbeat();
    for (let at = 0; at < events.length; at += SEND_PIECE) {
      const piece = events.length <= SEND_PIECE ? events : events.slice(at, at + SEND_PIECE);
      for (const { subscriber } of readers) {
        if (subscriber.open?.() === false) continue;
        if (subscriber.events !== undefined) subscriber.events(piece);
        else for (const event of piece) subscriber.event(event);
        yield;
      }
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
