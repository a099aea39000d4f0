/**
 * Serve's event streams (issue 19). A tournament's are public/tournament-topics.ts's
 * and a race's race-topics.ts's (issue 24: one topic per tournament or race, whatever
 * the path's spelling or the credential, fed by one snapshot read as its owner); this
 * file resolves the path as the caller and hands the stream over, with the caller's
 * own check of what it may see, run before each batch of events.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import type { RecordLike, WatchEvent } from "../model/watch-events.js";
import type { Budget } from "./public/budgets.js";
import { badSince } from "./public/event-log.js";
import type { Subscriber, TournamentTopics } from "./public/tournament-topics.js";
import { type RaceTopicDeps, RaceTopics } from "./race-topics.js";

export type { Subscriber } from "./public/tournament-topics.js";

export interface HubDeps {
  readonly handle: (request: HttpRequest) => HttpResponse;
  /** The store's change marker after a look at other connections' commits; undefined: untracked. */
  readonly generation: () => string | undefined;
  readonly now: () => string;
  /** The service's base path (/v2.1). */
  readonly basePath: string;
  /** Runs `fn` as one request of race `id`'s owner (race-topics.ts). */
  readonly readRace: RaceTopicDeps["read"];
}

export interface Opened {
  /** The events a subscriber missed (Last-Event-ID) or asked for (since). */
  readonly backlog: readonly WatchEvent[];
  readonly close: () => void;
  /**
   * The service's clock (ISO) as the stream was asked for, before it subscribed: a reconnect
   * asking `?since=` it misses none of the stream's events (the stream's `since:` line).
   */
  readonly since?: string;
}

function get(deps: HubDeps, path: string, headers: Record<string, string>): HttpResponse {
  return deps.handle({ method: "GET", path, headers });
}

function jsonOf(response: HttpResponse): Record<string, unknown> {
  return (response.json ?? JSON.parse(response.body)) as Record<string, unknown>;
}

const RACE_PATH = /^\/v2\.1\/races\/[^/?]+$/;

export class EventHub {
  /** The race topics (race-topics.ts). */
  readonly races: RaceTopics;

  constructor(
    private readonly deps: HubDeps,
    /** The tournament topics (public/tournament-topics.ts), shared with the bracket viewer. */
    readonly tournaments: TournamentTopics,
    /** Anonymous open streams per client address and in all (public/budgets.ts). */
    readonly streams: Budget,
    /** The API's open streams of a valid credential, per credential and in all. */
    readonly apiStreams: Budget,
  ) {
    this.races = new RaceTopics({
      basePath: deps.basePath,
      read: deps.readRace,
      generation: deps.generation,
      now: deps.now,
    });
  }

  /**
   * Subscribes to the tournament (or race) at `path` with the request's headers;
   * answers the refusing response (400, 401, 403, 404) instead. The stream is the one
   * topic of the tournament (or race) the caller's own GET of `path` resolves.
   */
  async open(
    path: string,
    headers: Record<string, string>,
    subscriber: Subscriber,
    resume: { readonly lastEventId?: string; readonly since?: string },
  ): Promise<Opened | HttpResponse> {
    // Before anything is read: an event written from now on has this time or a later one.
    const since = this.deps.now();
    const checked = this.check(path, headers, resume);
    if ("status" in checked) return checked;
    const { record, id, race, own } = checked;
    let refused: HttpResponse | undefined;
    const reader = {
      // Ended saying why (endedWhy). Before, a revoked key's stream closed without a word.
      subscriber: {
        event: (event: WatchEvent) => subscriber.event(event),
        events: (events: readonly WatchEvent[]) => {
          if (subscriber.events !== undefined) subscriber.events(events);
          else for (const event of events) subscriber.event(event);
        },
        open: () => subscriber.open?.() !== false,
        heartbeat: () => subscriber.heartbeat(),
        end: () => subscriber.end?.(refused === undefined ? undefined : endedWhy(refused)),
      },
      view: record.attributes.private === true ? ("owner" as const) : ("public" as const),
      // The same check as a GET, as this caller, before each batch of events.
      allowed: () => {
        const answer = get(this.deps, own, headers);
        if (answer.status !== 200) refused = answer;
        return answer.status === 200;
      },
    };
    const opened = race
      ? (this.races.open(id, reader, resume) ?? notFound(path))
      : await this.tournaments.open(id, reader, resume);
    return "status" in opened ? opened : { ...opened, since };
  }

  /**
   * What `open` checks before it subscribes: `since`, the caller's GET of `path` and the
   * scopes of what a stream shows; the refusal, or the record. A HEAD of a stream asks this
   * alone (http-event-stream.ts): no snapshot built, no topic opened, no history computed.
   */
  check(
    path: string,
    headers: Record<string, string>,
    resume: { readonly since?: string },
  ): HttpResponse | { record: RecordLike; id: number; race: boolean; own: string } {
    const refused = badSince(resume);
    if (refused !== undefined) return refused;
    const one = get(this.deps, path, headers);
    if (one.status !== 200) return one;
    const record = jsonOf(one).data as RecordLike;
    const id = Number(record.id);
    const race = RACE_PATH.test(path);
    const own = `${this.deps.basePath}/${race ? "races" : "tournaments"}/${id}`;
    return this.lackedScope(own, race, path, headers) ?? { record, id, race, own };
  }

  /**
   * The 403 for a credential without a scope of what the stream shows beyond the record: every
   * participant's name (participants:read) and every result (matches:read; a race's elapsed
   * times are of that family). Before, the record's own scope (tournaments:read) was all a
   * stream asked, so a key scoped without participants:read read the names in its events. Each
   * is asked of the scope table (scopes.ts) by the caller's GET of an id no row has (0) in that
   * family under `own`: the credential check runs before the route, so a missing scope is 403
   * and a held one reaches the route's 404, without a list read.
   */
  private lackedScope(
    own: string,
    race: boolean,
    asked: string,
    headers: Record<string, string>,
  ): HttpResponse | undefined {
    for (const family of ["participants", race ? "elapsed_times" : "matches"]) {
      const probe = `${own}/${family}/0`;
      const answer = get(this.deps, probe, headers);
      if (answer.status !== 403) continue;
      // Its detail names the probe's path: the caller asked for the stream.
      const body = answer.body.split(`GET ${probe} `).join(`GET ${asked}/events `);
      return { status: answer.status, headers: answer.headers, body };
    }
    return undefined;
  }

  /** Ends every timer (subscribers are ended by the adapter). */
  close(): void {
    this.tournaments.close();
    this.races.close();
  }
}

/**
 * Why a stream's reader may no longer look, from its GET's refusal: `revoked` (or `expired`)
 * for a credential no longer valid (401), `forbidden` (403), `not_found` (404: deleted, or
 * private to another, the same words), then the refusal's own detail.
 */
function endedWhy(refused: HttpResponse): string {
  let detail = "";
  try {
    detail = String((jsonOf(refused).errors as { detail?: unknown }[])[0]?.detail ?? "");
  } catch {}
  const reasons: Record<number, string> = { 403: "forbidden", 404: "not_found" };
  const expired = detail.includes("expired");
  const reason =
    refused.status === 401 ? (expired ? "expired" : "revoked") : reasons[refused.status];
  return `${reason ?? `refused ${refused.status}`}${detail === "" ? "" : ` (${detail})`}`;
}

/** The race resolved as the caller, gone before its snapshot was read. */
function notFound(path: string): HttpResponse {
  return {
    status: 404,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ errors: [{ status: 404, detail: `${path} not found` }] }),
  };
}
