/**
 * GET /tournaments: the list's reply, one code path for both who answer it: the
 * service's route (routes/tournaments.ts) and the embedded read-only path
 * (service/reader.ts), which lists without loading the rest of the service.
 */

import { impossibleDay } from "../../model/calendar-date.js";
import {
  STATE_FILTER_GROUPS,
  TOURNAMENT_STATES,
  TOURNAMENT_TYPES,
} from "../../model/tournament.js";
import type { MatchCounts } from "../../store/match-rows.js";
import type { TournamentFilter, TournamentRepository } from "../../store/tournaments-repository.js";
import { communityOf } from "../community.js";
import { listDocument, readPage } from "../envelope.js";
import { badParameter } from "../errors.js";
import { rootOf } from "../link-base.js";
import type { Reply, ServiceRequest } from "../router.js";
import { tournamentResource } from "../serializers/tournament.js";

/** What the list reads (ServiceContext is one; the read-only path builds its own). */
export interface TournamentListSource {
  readonly basePath: string;
  /** As the caller may see them (caller.ts visibleTournaments). */
  readonly tournaments: Pick<TournamentRepository, "count" | "list">;
  readonly matches: { counts(ids: readonly number[]): Map<number, MatchCounts> };
}

function parseDateParameter(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : raw;
  // Before Date.parse: it takes T24:00 as the next day's midnight, and refuses T23:60 unexplained.
  const noDay = impossibleDay(iso);
  if (noDay !== undefined)
    throw badParameter(name, `${name} ${JSON.stringify(raw)} is not a date: ${noDay}`);
  const time = Date.parse(iso);
  if (Number.isNaN(time)) {
    throw badParameter(
      name,
      `${name} must be a date like 01/31/2026 or 2026-01-31, not ${JSON.stringify(raw)}`,
    );
  }
  return new Date(time).toISOString();
}

/**
 * The contract's `type` filter also names the race types (`time_trail`, sic, and
 * `grand_prix`): races are listed at /races, so no tournament has one and the list is
 * empty, rather than a 400 for a value the contract offers.
 */
const RACE_TYPES = new Set(["time trail", "time trial", "grand prix"]);

export function readFilter(
  query: (name: string) => string | undefined,
  communityId: string | undefined,
): TournamentFilter {
  const filter: { -readonly [K in keyof TournamentFilter]: TournamentFilter[K] } = {};
  const state = query("state");
  if (state !== undefined && state !== "" && state !== "all") {
    const states = Object.hasOwn(STATE_FILTER_GROUPS, state)
      ? STATE_FILTER_GROUPS[state]
      : TOURNAMENT_STATES.includes(state as never)
        ? [state]
        : undefined;
    if (states === undefined) {
      throw badParameter(
        "state",
        `state must be pending, in_progress, ended or a tournament state, not ${JSON.stringify(state)}`,
      );
    }
    filter.states = states;
  }
  const type = query("type")?.replaceAll("_", " ");
  if (type !== undefined && type !== "") {
    if (!TOURNAMENT_TYPES.includes(type as never) && !RACE_TYPES.has(type)) {
      throw badParameter(
        "type",
        `type must be one of ${TOURNAMENT_TYPES.map((t) => t.replaceAll(" ", "_")).join(", ")}`,
      );
    }
    filter.type = type;
  }
  const after = parseDateParameter(query("created_after"), "created_after");
  const before = parseDateParameter(query("created_before"), "created_before");
  if (after !== undefined) filter.createdAfter = after;
  if (before !== undefined) filter.createdBefore = before;
  if (communityId !== undefined) filter.communityId = communityId;
  return filter;
}

/**
 * The list's reply. `beforeRead` runs once the query is read and found good, before any
 * row is: the route opens due check-ins there (a write); the read-only path steps aside
 * when one is due.
 */
export function tournamentList(
  service: TournamentListSource,
  r: ServiceRequest,
  beforeRead: () => void,
): Reply {
  const page = readPage((n) => r.query.get(n) ?? undefined);
  // Only what the caller may read: ServiceContext.tournaments (caller.ts).
  const filter = readFilter((n) => r.query.get(n) ?? undefined, communityOf(r));
  beforeRead();
  const total = service.tournaments.count(filter);
  const rows = service.tournaments.list(filter, page.perPage, (page.page - 1) * page.perPage);
  // The match counts of the whole page in one query, not one per row.
  const counts = service.matches.counts(rows.map((t) => t.id));
  const root = rootOf(r, service.basePath);
  return {
    status: 200,
    body: listDocument(
      rows.map((t) => tournamentResource(t, counts.get(t.id)!, root)),
      total,
      page,
      r,
    ),
    reusable: true,
  };
}
