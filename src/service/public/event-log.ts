/**
 * A tournament topic's events, kept once for all its readers (issue 24): what a
 * reconnecting client's Last-Event-ID resumes from, and the history `?since=` answers
 * from. The history is the tournament's events from nothing as its snapshot tells them
 * (model/watch-events.ts, diffed from no snapshot: one pass, indexed), computed once per
 * topic when first asked, then grown by every event the topic sends; a `since` is then a
 * filter of what is kept, whatever the date, never a new diff per connection.
 */
import { impossibleDay } from "../../model/calendar-date.js";
import type { HttpResponse } from "../../model/http.js";
import { diffSteps, type TournamentSnapshot, type WatchEvent } from "../../model/watch-events.js";
import { markOf, resumedAfter } from "./event-resume.js";

/**
 * Events kept for Last-Event-ID (without since). An id older than these (or from before
 * serve started) resumes from the time it carries, through the history (event-resume.ts).
 */
const KEPT_EVENTS = 4096;
/**
 * History events kept: about three per match of the largest tournament (131,072 matches,
 * model/limits.ts). Past it, the history is computed again from the snapshot when next asked.
 */
const MAX_HISTORY = 3 * 131_072 + 4096;

interface Entry {
  readonly event: WatchEvent;
  readonly time: number;
}

const entryOf = (event: WatchEvent): Entry => ({ event, time: Date.parse(event.at) });

/** Participants and matches a step of a diff takes (model/watch-events.ts `diffSteps`). */
export const DIFF_PART = 2000;

/** Runs a computation's steps (serve's work gate: a few a unit), resolving with its result. */
export type StepRunner = <T>(steps: Generator<void, T>) => Promise<T>;

export interface Resume {
  readonly lastEventId?: string;
  readonly since?: string;
}

export class EventLog {
  readonly #kept: Entry[] = [];
  #history: Entry[] | undefined;
  /** While a history is computed: that computation, and the events appended since it began. */
  #computing: { readonly done: Promise<void>; readonly meanwhile: Entry[] } | undefined;
  #lastSince: SinceAnswer | undefined;
  /** Histories computed (what the tests count). */
  static histories = 0;

  /** `kept`: the last events a Last-Event-ID is looked for in (tests make it small). */
  constructor(private readonly kept = KEPT_EVENTS) {}

  /** Keeps the events a look found (in order). */
  append(events: readonly WatchEvent[]): void {
    for (const event of events) {
      const entry = entryOf(event);
      this.#kept.push(entry);
      this.#history?.push(entry);
      this.#computing?.meanwhile.push(entry);
    }
    if (this.#kept.length > this.kept) this.#kept.splice(0, this.#kept.length - this.kept);
    if (this.#history !== undefined && this.#history.length > MAX_HISTORY)
      this.#history = undefined;
  }

  /**
   * Whether a `since`, or a Last-Event-ID no longer kept that carries a time, needs the
   * history computed first (`history`).
   */
  needsHistory(resume: Resume): boolean {
    if (this.#history !== undefined) return false;
    if (resume.since !== undefined) return true;
    const id = resume.lastEventId;
    return id !== undefined && findLast(this.#kept, id) === -1 && markOf(id) !== undefined;
  }

  /**
   * Computes the history from `snapshot` (the topic's current one: events appended from
   * now on follow it) by `run`, a step at a time; whoever asks while it runs waits for the
   * same computation. The events appended meanwhile are added after its own.
   */
  history(snapshot: TournamentSnapshot, run: StepRunner): Promise<void> {
    if (this.#computing !== undefined) return this.#computing.done;
    const meanwhile: Entry[] = [];
    const done = run(diffSteps(undefined, snapshot, DIFF_PART)).then(
      (events) => {
        EventLog.histories++;
        this.#computing = undefined;
        this.#history = events.map(entryOf).concat(meanwhile);
        if (this.#history.length > MAX_HISTORY) this.#history = undefined;
      },
      (error: unknown) => {
        this.#computing = undefined;
        throw error;
      },
    );
    this.#computing = { done, meanwhile };
    return done;
  }

  /**
   * The history's events at or after `since`: one list for every reader asking the same
   * `since` until the next event (not a filter of the whole history per connection).
   */
  #since(history: readonly Entry[], since: number): readonly WatchEvent[] {
    const last = this.#lastSince;
    if (last?.history === history && last.length === history.length && last.since === since)
      return last.events;
    const events = history.filter((e) => e.time >= since).map((e) => e.event);
    this.#lastSince = { history, length: history.length, since, events };
    return events;
  }

  /**
   * The events a subscriber missed (Last-Event-ID) or asked for (since). An id not kept
   * resumes from its time in the history, ordered after it by `orderOf` (a match's play
   * order) among the events of its instant; one without a time as before: nothing, or the
   * `since` history after it.
   */
  backlog(resume: Resume, orderOf: (match: string) => number = () => 0): readonly WatchEvent[] {
    if (resume.lastEventId !== undefined) {
      const at = findLast(this.#kept, resume.lastEventId);
      if (at !== -1) return this.#kept.slice(at + 1).map((e) => e.event);
      const mark = markOf(resume.lastEventId);
      if (mark !== undefined && this.#history !== undefined) {
        const since = resume.since === undefined ? -Infinity : Date.parse(resume.since);
        return resumedAfter(this.#history, mark, since, orderOf);
      }
    }
    if (resume.since === undefined || this.#history === undefined) return [];
    const since = Date.parse(resume.since);
    if (resume.lastEventId === undefined) return this.#since(this.#history, since);
    const past = this.#history.filter((e) => e.time >= since);
    const at = resume.lastEventId === undefined ? -1 : findLast(past, resume.lastEventId);
    return past.slice(at + 1).map((e) => e.event);
  }
}

/** The last `since` answered: readers asking the same, while nothing was appended, share it. */
interface SinceAnswer {
  readonly history: readonly Entry[];
  readonly length: number;
  readonly since: number;
  readonly events: readonly WatchEvent[];
}

function findLast(entries: readonly Entry[], id: string): number {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.event.id === id) return i;
  return -1;
}

/** `?since=` that is not a date: 400, naming the parameter and the form it takes. */
export function badSince(resume: Resume): HttpResponse | undefined {
  const since = resume.since;
  if (since === undefined) return undefined;
  // Before Date.parse: it takes T24:00 as the next day's midnight, and refuses T23:60 unexplained.
  const noDay = impossibleDay(since);
  // A bare number is no date: Date.parse reads "0" as 2000-01-01, "12" as December 2001.
  // Four digits are a year (ISO 8601): "2026" is 2026-01-01T00:00:00Z, as "2026-11" is UTC.
  const bare = /^\d+$/.test(since) && !/^\d{4}$/.test(since);
  const date = !bare && !Number.isNaN(Date.parse(since));
  if (noDay === undefined && date) return undefined;
  const shown = JSON.stringify(since.slice(0, 100));
  const detail =
    noDay === undefined
      ? `since must be a date and time like 2026-11-25T18:00:00Z, not ${shown}`
      : `since ${shown} is not a date: ${noDay}`;
  return {
    status: 400,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ errors: [{ status: 400, detail, source: { parameter: "since" } }] }),
  };
}
