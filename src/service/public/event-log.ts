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

/**
 * What `?since=` takes: an ISO 8601 date and time (RFC 3339) with Z or an offset, the
 * seconds and their fraction optional. A date alone, a bare year, a number or a day's name
 * are not (Date.parse read "2026", "-1", "Nov 1" and "1 2" as dates, and a time without a
 * zone in serve's own). Groups: the time without its zone, the zone.
 */
const SINCE_FORM =
  /^(\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([Zz]|[+-]\d{2}:?\d{2})?$/;

/** Why `since` is refused, or undefined when it is a date and time serve takes. */
function sinceRefusal(since: string): string | undefined {
  const shown = JSON.stringify(since.slice(0, 100));
  const form = SINCE_FORM.exec(since);
  // A + of an offset sent unescaped reads as a space in a query string.
  const spaced = /^(.*[Tt][\d:.]+) (\d{2}:?\d{2})$/.exec(since);
  if (spaced !== null)
    return `since ${shown} has a space where its offset's + was (a + in a query string is a space): send + as %2B, ${spaced[1]}%2B${spaced[2]}`;
  if (form !== null && form[2] === undefined)
    return `since ${shown} has no time zone: add Z (UTC) or an offset, like ${form[1]}Z`;
  // Before Date.parse: it takes T24:00 as the next day's midnight, and refuses T23:60 unexplained.
  const noDay = impossibleDay(since);
  if (noDay !== undefined) return `since ${shown} is not a date: ${noDay}`;
  if (form !== null && !Number.isNaN(Date.parse(since))) return undefined;
  return `since must be a date and time like 2026-11-25T18:00:00Z, not ${shown}`;
}

/** `?since=` that is not an ISO 8601 date and time with a zone: 400, naming the parameter and the form it takes. */
export function badSince(resume: Resume): HttpResponse | undefined {
  if (resume.since === undefined) return undefined;
  const detail = sinceRefusal(resume.since);
  if (detail === undefined) return undefined;
  return {
    status: 400,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ errors: [{ status: 400, detail, source: { parameter: "since" } }] }),
  };
}
