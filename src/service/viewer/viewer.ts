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
import type { HttpResponse } from "../../model/http.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { Caller } from "../caller.js";
import type { ServiceContext } from "../context.js";
import type { EventHub, Opened, Subscriber } from "../event-hub.js";
import type { TournamentSnapshots } from "../public/tournament-snapshots.js";
import { type DataAnswer, dataAnswer } from "../public/viewer-data.js";
import { type LoadRefusal, refusalOf, type StreamEnd, streamEndOf } from "./refusals.js";
import { isShareToken, shareLinks } from "./share-links.js";

/** Runs `fn` as one request of `caller`; `get` answers a GET of the v2.1 routes. */
export type ReadAs = <T>(caller: Caller, fn: (get: (path: string) => HttpResponse) => T) => T;

export interface ViewerDeps {
  readonly context: ServiceContext;
  readonly hub: EventHub;
  /** Each tournament's shared snapshot (public/tournament-snapshots.ts, issue 24). */
  readonly snapshots: TournamentSnapshots;
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
  /** data.json: the tournament's shared snapshot to send, or 304 when `ifNoneMatch` names it. */
  data(row: TournamentRow, ifNoneMatch: string | undefined): Promise<DataAnswer>;
  /** Subscribes to the tournament's event stream (one per tournament, whoever watches). */
  openEvents(
    row: TournamentRow,
    subscriber: Subscriber,
    resume: { readonly lastEventId?: string; readonly since?: string },
    /** Whether the stream goes on, asked before each batch (it ends the stream when not). */
    allowed?: () => boolean,
  ): Promise<Opened | HttpResponse>;
}

const JSON_TYPE = "application/json; charset=utf-8";

function linkOpens(deps: ViewerDeps, id: number, token: string): boolean {
  if (!isShareToken(token)) return false;
  const link = shareLinks(deps.context).findByToken(token);
  return link !== undefined && link.revoked_at === null && link.tournament_id === id;
}

const NOT_FOUND: HttpResponse = {
  status: 404,
  headers: { "content-type": JSON_TYPE, "cache-control": "no-store" },
  body: JSON.stringify({ errors: [{ status: 404, detail: NOT_VIEWABLE }] }),
};

export function createViewer(deps: ViewerDeps): Viewer {
  const { context } = deps;
  /** Public (and the token, when given, a live link of it), or private with a live link of it. */
  const opens = (row: TournamentRow, token: string | undefined): boolean =>
    token === undefined ? !row.settings.private : linkOpens(deps, row.id, token);
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
    data: (row, ifNoneMatch) =>
      dataAnswer(deps.snapshots, deps.instance, row.id, ifNoneMatch, NOT_FOUND),
    // The tournament's one topic (public/tournament-topics.ts), shared with the API's streams;
    // the HTTP side ends the stream when the reader may no longer look (streamEnd).
    openEvents: (row, subscriber, resume, allowed = () => true) =>
      deps.hub.tournaments.open(
        row.id,
        { subscriber, view: row.settings.private ? "owner" : "public", allowed },
        resume,
      ),
  };
}
