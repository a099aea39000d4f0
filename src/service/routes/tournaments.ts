/** /tournaments: list, get (by id or url), create, update, delete, change_state. */
import {
  STATE_FILTER_GROUPS,
  TOURNAMENT_STATES,
  TOURNAMENT_TYPES,
} from "../../model/tournament.js";
import type { TournamentFilter, TournamentRow } from "../../store/tournaments-repository.js";
import { refreshDueCheckIns } from "../bracket/check-in.js";
import { checkMayCreateIn } from "../communities.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { badParameter, Problems } from "../errors.js";
import { currentTournament, findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { tournamentResource } from "../serializers/tournament.js";
import { freeSlug } from "../url-slug.js";
import { type Ignored, ignoredMeta } from "../validation/ignored.js";
import { defaultSettings, mergeSettings } from "../validation/tournament-settings.js";
import { changeTournamentState } from "./tournament-state.js";

/** Attributes that shape the bracket: frozen once the tournament has started. */
const STRUCTURAL = [
  "tournament_type",
  "group_stage_enabled",
  "group_stage_options",
  "double_elimination_options",
  "round_robin_options",
  "swiss_options",
  "free_for_all_options",
  "seeding_options",
  "match_options",
];

function freeUrl(service: ServiceContext, name: string): string {
  return freeSlug(name, "tournament", (url) => service.tournaments.urlTaken(url));
}

function parseDateParameter(raw: string | undefined, name: string): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : raw;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) {
    throw badParameter(
      name,
      `${name} must be a date like 01/31/2026 or 2026-01-31, not ${JSON.stringify(raw)}`,
    );
  }
  return new Date(time).toISOString();
}

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
    if (!TOURNAMENT_TYPES.includes(type as never)) {
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

/** `ignored`, when given, collects unknown attributes instead of refusing them (v2.1, issue 15). */
export function createTournament(
  service: ServiceContext,
  attributes: Record<string, unknown>,
  communityId: string | undefined,
  ignored?: Ignored,
): TournamentRow {
  const problems = new Problems();
  for (const field of ["name", "tournament_type"]) {
    if (attributes[field] === undefined)
      problems.add(`/data/attributes/${field}`, `${field} is required`);
  }
  const settings = mergeSettings(defaultSettings(), attributes, problems, ignored);
  if (communityId !== undefined) checkMayCreateIn(service, communityId);
  return service.write(() => {
    if (attributes.url === undefined) settings.url = freeUrl(service, settings.name);
    else if (problems.empty && service.tournaments.urlTaken(settings.url)) {
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    }
    problems.throwIfAny();
    const id = service.tournaments.insert({
      settings,
      communityId: communityId ?? null,
      randomSeed: service.newRandomSeed(),
      now: service.now(),
      ownerId: service.caller.user_id,
    });
    return service.tournaments.findById(id)!;
  });
}

/**
 * Merges `attributes` into the settings as they stand inside the write: a
 * change made meanwhile by another process is kept, and structural settings
 * are refused once the tournament has started, whoever started it. `ignored`:
 * as for createTournament.
 */
export function updateTournament(
  service: ServiceContext,
  tournamentId: number,
  attributes: Record<string, unknown>,
  ignored?: Ignored,
): TournamentRow {
  return service.write(() => {
    const row = currentTournament(service, tournamentId);
    const problems = new Problems();
    if (row.state !== "pending") {
      for (const key of STRUCTURAL) {
        if (attributes[key] !== undefined) {
          problems.add(
            `/data/attributes/${key}`,
            `${key} cannot change while the tournament is ${row.state}; reset it first`,
          );
        }
      }
    }
    const settings = mergeSettings(row.settings, attributes, problems, ignored);
    if (problems.empty && service.tournaments.urlTaken(settings.url, row.id)) {
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    }
    problems.throwIfAny();
    service.tournaments.updateSettings(row.id, settings, service.now());
    return service.tournaments.findById(row.id)!;
  });
}

export function registerTournamentRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const base = service.basePath;
  const resource = (row: TournamentRow) =>
    tournamentResource(row, service.matches.counts([row.id]).get(row.id)!, base);
  const one = (r: ServiceRequest) => findTournament(service, r.params.tournament!, communityOf(r));
  router.get(`${prefix}/tournaments`, (r) => {
    const page = readPage((n) => r.query.get(n) ?? undefined);
    // Only what the caller may read: ServiceContext.tournaments (caller.ts).
    const filter = readFilter((n) => r.query.get(n) ?? undefined, communityOf(r));
    refreshDueCheckIns(service);
    const total = service.tournaments.count(filter);
    const rows = service.tournaments.list(filter, page.perPage, (page.page - 1) * page.perPage);
    // The match counts of the whole page in one query, not one per row.
    const counts = service.matches.counts(rows.map((t) => t.id));
    return {
      status: 200,
      body: listDocument(
        rows.map((t) => tournamentResource(t, counts.get(t.id)!, base)),
        total,
        page,
        r.url,
      ),
      reusable: true,
    };
  });
  router.post(`${prefix}/tournaments`, (r) => {
    const attributes = readAttributes(readJsonBody(r), "tournament");
    const ignored: Ignored = [];
    const row = createTournament(service, attributes, communityOf(r), ignored);
    return { status: 201, body: { data: resource(row), ...ignoredMeta(ignored) } };
  });
  router.get(`${prefix}/tournaments/:tournament`, (r) => ({
    status: 200,
    body: { data: resource(one(r)) },
    reusable: true,
  }));
  router.put(`${prefix}/tournaments/:tournament`, (r) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "tournament");
    const ignored: Ignored = [];
    const row = updateTournament(service, id, attributes, ignored);
    return { status: 200, body: { data: resource(row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${prefix}/tournaments/:tournament`, (r) => {
    const id = one(r).id;
    service.write(() => service.tournaments.delete(currentTournament(service, id).id));
    return { status: 204 };
  });
  const changeState = (r: ServiceRequest) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "tournamentState");
    return {
      status: 200,
      body: { data: resource(changeTournamentState(service, id, attributes)) },
    };
  };
  router.put(`${prefix}/tournaments/:tournament/change_state`, changeState);
  // The description also publishes a community's change as `change_stage` (its spelling).
  if (prefix !== base) router.put(`${prefix}/tournaments/:tournament/change_stage`, changeState);
}
