/**
 * What the bracket viewer (issue 18) reads, and who may look: a tournament whose
 * `private` is false opens without a credential; a private one with a live share
 * link of that very tournament (share-links.ts); anything else is not found, the
 * same answer whatever the reason, so nothing tells a private tournament exists.
 * A share token given with a public tournament must be live and its own too.
 *
 * The data is read through the v2.1 GET routes themselves, answered for the
 * tournament's owner (`ReadAs`, app.ts) at paths built here from the tournament's
 * id: the same shapes an API client gets, and nothing of any other tournament.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { OWNER_ID } from "../../store/credentials.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { Caller } from "../caller.js";
import type { ServiceContext } from "../context.js";
import { entityTag, noneMatchHits } from "../entity-tag.js";
import { allRecords, type EventHub, type Opened, type Subscriber } from "../event-hub.js";
import { type LoadRefusal, refusalOf, type StreamEnd, streamEndOf } from "./refusals.js";
import { isShareToken, shareLinks } from "./share-links.js";

/** Runs `fn` as one request of `caller`; `get` answers a GET of the v2.1 routes. */
export type ReadAs = <T>(caller: Caller, fn: (get: (path: string) => HttpResponse) => T) => T;

export interface ViewerDeps {
  readonly context: ServiceContext;
  readonly readAs: ReadAs;
  readonly hub: EventHub;
  /** The service's instance id (entity-tag.ts). */
  readonly instance: string;
}

/** The answer of every refusal: one text whatever the reason. */
export const NOT_VIEWABLE =
  "no bracket here: the tournament does not exist, or it is private and this link is not a valid share link (ask its organiser for one)";

export interface Viewer {
  /**
   * The tournament `ref` (id or url) names, when the viewer may show it: public
   * (and `token`, when given, a live link of it), or private with `token` a live
   * link of it; in the community `community` when one is named. Undefined: 404.
   */
  find(
    ref: string,
    community: string | undefined,
    token: string | undefined,
  ): TournamentRow | undefined;
  /**
   * Whether the tournament `id` still opens with `token`: not when the link was revoked,
   * the tournament made private (without a token) or deleted meanwhile.
   */
  stillOpen(id: number, token: string | undefined): boolean;
  /** Why `find` found nothing, as far as the asker may be told (refusals.ts, issue 28). */
  refusal(ref: string, community: string | undefined, token: string | undefined): LoadRefusal;
  /** Why an open stream must end (deleted, revoked, private); undefined while it may go on. */
  streamEnd(id: number, token: string | undefined): StreamEnd | undefined;
  /** data.json: 200 with the bracket's records, or 304 when `ifNoneMatch` names them. */
  data(row: TournamentRow, ifNoneMatch: string | undefined): HttpResponse;
  /** Subscribes to the tournament's event stream (one per tournament, whoever watches). */
  openEvents(
    row: TournamentRow,
    subscriber: Subscriber,
    resume: { readonly lastEventId?: string; readonly since?: string },
  ): Opened | HttpResponse;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The tournament's owner, as the credential check would make them the caller. */
function ownerOf(row: TournamentRow): Caller {
  return { user_id: row.owner_id ?? OWNER_ID, username: `viewer:${row.id}`, scopes: null };
}

function jsonOf(response: HttpResponse): { data?: unknown } {
  return (response.json ?? JSON.parse(response.body)) as { data?: unknown };
}

function linkOpens(deps: ViewerDeps, id: number, token: string): boolean {
  if (!isShareToken(token)) return false;
  const link = shareLinks(deps.context).findByToken(token);
  return link !== undefined && link.revoked_at === null && link.tournament_id === id;
}

/** A read of the records answered other than 200 (the tournament deleted meanwhile, a busy database). */
class Refused extends Error {
  constructor(readonly response: HttpResponse) {
    super(`the viewer's read was answered ${response.status}`);
  }
}

/** The records the page draws, read in one request as the owner. */
function records(deps: ViewerDeps, row: TournamentRow): Record<string, unknown> {
  const path = `${deps.context.basePath}/tournaments/${row.id}`;
  return deps.readAs(ownerOf(row), (get) => {
    const read = (at: string): HttpResponse => {
      const response = get(at);
      if (response.status !== 200) throw new Refused(response);
      return response;
    };
    const handle = (request: HttpRequest) => read(request.path);
    const one = read(path);
    const standings = get(`${path}/standings`);
    return {
      tournament: jsonOf(one).data,
      participants: allRecords(handle, `${path}/participants`, {}),
      matches: allRecords(handle, `${path}/matches`, {}),
      stations: allRecords(handle, `${path}/stations`, {}),
      standings: standings.status === 200 ? (jsonOf(standings).data ?? null) : null,
    };
  });
}

/** data.json's text, or the refusal: 503 as the service words it, anything else not found. */
function dataText(deps: ViewerDeps, row: TournamentRow): string | HttpResponse {
  try {
    return JSON.stringify(records(deps, row));
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    if (error.response.status === 503) return error.response;
    const body = JSON.stringify({ errors: [{ status: 404, detail: NOT_VIEWABLE }] });
    return {
      status: 404,
      headers: { "content-type": JSON_TYPE, "cache-control": "no-store" },
      body,
    };
  }
}

/** data.json texts kept (the last of each tournament, the most recently asked ones). */
const MAX_HELD = 16;

export function createViewer(deps: ViewerDeps): Viewer {
  const { context } = deps;
  const generationNow = (): string | undefined => context.inRequest(() => context.generation());
  const tagAt = (row: TournamentRow, generation: string | undefined): string | undefined =>
    generation === undefined ? undefined : entityTag(deps.instance, generation, `viewer:${row.id}`);
  /**
   * The text of each tournament's data.json at a generation: every viewer of a tournament
   * refetches it after each event, and a 1,024-player bracket's text takes tens of ms to
   * make (bench/viewer-data.mjs). Equal generations: nothing was written in between.
   */
  const held = new Map<number, { readonly generation: string; readonly body: string }>();
  /** Public (and the token, when given, a live link of it), or private with a live link of it. */
  const opens = (row: TournamentRow, token: string | undefined): boolean =>
    token === undefined ? !row.settings.private : linkOpens(deps, row.id, token);
  const ok = (body: string, etag: string | undefined): HttpResponse => ({
    status: 200,
    headers: {
      "content-type": JSON_TYPE,
      "cache-control": "no-cache",
      ...(etag === undefined ? {} : { etag }),
    },
    body,
  });
  return {
    find: (ref, community, token) =>
      context.inRequest(() => {
        const row = /^\d+$/.test(ref)
          ? context.tournaments.findById(Number(ref))
          : context.tournaments.findByUrl(ref);
        if (row === undefined) return undefined;
        if (community !== undefined && row.community_id !== community) return undefined;
        return opens(row, token) ? row : undefined;
      }),
    stillOpen: (id, token) =>
      context.inRequest(() => {
        const row = context.tournaments.findById(id);
        return row !== undefined && opens(row, token);
      }),
    refusal: (ref, community, token) => refusalOf(context, ref, community, token),
    streamEnd: (id, token) => streamEndOf(context, id, token),
    data: (row, ifNoneMatch) => {
      const before = generationNow();
      const tag = tagAt(row, before);
      if (tag !== undefined && ifNoneMatch !== undefined && noneMatchHits(ifNoneMatch, tag))
        return { status: 304, headers: { etag: tag, "cache-control": "no-cache" }, body: "" };
      const kept = held.get(row.id);
      if (before !== undefined && kept?.generation === before) return ok(kept.body, tag);
      const body = dataText(deps, row);
      if (typeof body !== "string") return body;
      // After the reads: one that wrote (check-in opening) has moved the generation on.
      const after = generationNow();
      held.delete(row.id);
      if (after !== undefined && after === before) {
        held.set(row.id, { generation: after, body });
        if (held.size > MAX_HELD) held.delete(held.keys().next().value!);
      }
      return ok(body, tagAt(row, after));
    },
    openEvents: (row, subscriber, resume) => {
      const path = `${context.basePath}/tournaments/${row.id}`;
      const owner = ownerOf(row);
      const handle = (request: HttpRequest) => deps.readAs(owner, (get) => get(request.path));
      return deps.hub.open(path, {}, subscriber, resume, { key: `viewer\n${row.id}`, handle });
    },
  };
}
