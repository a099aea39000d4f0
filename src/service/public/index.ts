/**
 * Serve's public surfaces' shared machinery (issue 24): the work gate, the per-tournament
 * snapshots and the tournament topics, made once per service (app.ts) and used by the
 * bracket viewer's data.json and event stream and by the API's event streams; and the
 * API's standings made in parts through the same gate (standings-answer.ts).
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";
import { CachedMatches } from "../../store/cache/cached-matches.js";
import { OWNER_ID } from "../../store/credentials.js";
import type { RevisionReader } from "../../store/tournament-revisions.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { StandingsJob } from "../bracket/standings-steps.js";
import type { Caller } from "../caller.js";
import type { ServiceContext } from "../context.js";
import type { StandingsSource } from "../routes/standings.js";
import type { ReadAs } from "../viewer/viewer.js";
import { warmRows } from "../warm-matches.js";
import { Refused } from "./snapshot-build.js";
import { StandingsAnswers } from "./standings-answer.js";
import { TournamentSnapshots } from "./tournament-snapshots.js";
import { TournamentTopics } from "./tournament-topics.js";
import { WorkGate } from "./work-gate.js";

export interface PublicSurfaces {
  readonly gate: WorkGate;
  readonly snapshots: TournamentSnapshots;
  readonly topics: TournamentTopics;
  /** GET .../standings, made in parts (serve's HTTP adapter asks it: answersInParts). */
  readonly standings: StandingsAnswers;
}

/** The route's standings source (app.ts buildRouter) and the service's synchronous answer. */
export interface Answering {
  readonly source: StandingsSource;
  readonly handle: (request: HttpRequest) => HttpResponse;
  /** The service's reader of tournament revisions (the API's tags read it too: app.ts). */
  readonly revisions: RevisionReader;
}

/** The tournament's owner, as the credential check would make them the caller. */
export function ownerOf(row: TournamentRow): Caller {
  return { user_id: row.owner_id ?? OWNER_ID, username: `viewer:${row.id}`, scopes: null };
}

const GONE = {
  status: 404,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify({ errors: [{ status: 404, detail: "tournament not found" }] }),
};

/** Whether T's match rows are held (always, without the cache: nothing to warm). */
function holds(context: ServiceContext, id: number): boolean {
  const { matches } = context;
  return !(matches instanceof CachedMatches) || matches.holds(id);
}

export function createPublicSurfaces(
  context: ServiceContext,
  readAs: ReadAs,
  { source, handle, revisions: revisionOf }: Answering,
): PublicSurfaces {
  const gate = new WorkGate(() => context.db.inTransaction);
  const warm = (id: number) => warmRows(context.matches, id);
  const snapshots = new TournamentSnapshots(
    {
      basePath: context.basePath,
      revision: revisionOf,
      now: () => context.now(),
      changes: context.changes,
      matchIds: (id, page, perPage) =>
        context.inRequest(() => ({
          ids: context.matches.list(id, {}, perPage, (page - 1) * perPage).map((row) => row.id),
          total: context.matches.count(id, {}),
        })),
      standings: (id) => new StandingsJob(context, id, revisionOf),
      warm: (id) => (context.inRequest(() => holds(context, id)) ? undefined : warm(id)),
      read: (id, fn) => {
        const row = context.inRequest(() => context.tournaments.findById(id));
        if (row === undefined) throw new Refused(GONE);
        return readAs(ownerOf(row), fn);
      },
    },
    gate,
  );
  const standings = new StandingsAnswers(context, gate, revisionOf, source, handle, warm);
  return { gate, snapshots, topics: new TournamentTopics(snapshots, gate), standings };
}
