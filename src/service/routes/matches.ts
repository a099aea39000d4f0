/** /tournaments/{t}/matches: list (state, participant_id), get, report, change_state. */

import type { MatchFilter, MatchRow, MatchState } from "../../store/matches-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { reopenMatch, reportMatch } from "../bracket/match-actions.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { badParameter, notFound, Problems, unprocessable } from "../errors.js";
import { currentTournament, findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import { type Router, type ServiceRequest, withService } from "../router.js";
import { matchResource } from "../serializers/match.js";
import { originsFrom, originsOf } from "../serializers/match-origins.js";
import { checkStartable, matchStations, stationOf } from "../stations/station-io.js";
import {
  dataDocument,
  type Ignored,
  ignoredAttributes,
  ignoreUnknownKeys,
} from "../validation/ignored.js";
import { type MatchReport, readMatchReport } from "../validation/match-report.js";
import { readReportBody } from "../validation/report-body.js";

const MATCH_STATES = ["pending", "open", "complete"];
const MATCH_CHANGES = ["reopen", "mark_as_underway", "unmark_as_underway"];

export function readMatchFilter(query: URLSearchParams): MatchFilter {
  const filter: { state?: MatchState; participantId?: number } = {};
  const state = query.get("state");
  if (state !== null && state !== "" && state !== "all") {
    if (!MATCH_STATES.includes(state))
      throw badParameter(
        "state",
        `state must be pending, open, complete or all, not ${JSON.stringify(state)}`,
      );
    filter.state = state as MatchState;
  }
  const participant = query.get("participant_id");
  if (participant !== null && participant !== "") {
    if (!/^\d+$/.test(participant))
      throw badParameter("participant_id", "participant_id must be a participant id");
    filter.participantId = Number(participant);
  }
  return filter;
}

export function findMatch(service: ServiceContext, t: TournamentRow, ref: string): MatchRow {
  const row = /^\d+$/.test(ref) ? service.matches.find(t.id, Number(ref)) : undefined;
  if (row === undefined) throw notFound(`match ${ref} not found in tournament ${t.url}`);
  return row;
}

export function changeMatchState(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  attributes: Record<string, unknown>,
): void {
  const state = attributes.state;
  if (typeof state !== "string" || !MATCH_CHANGES.includes(state)) {
    throw unprocessable(
      `state must be one of ${MATCH_CHANGES.join(", ")}`,
      "/data/attributes/state",
    );
  }
  if (state === "reopen") {
    reopenMatch(service, t, row, attributes.reset_dependents === true);
    return;
  }
  if (row.state !== "open")
    throw unprocessable(
      `match ${row.identifier} (${row.id}) is ${row.state}; only an open match can be marked or unmarked as underway`,
      "/data/attributes/state",
    );
  if (state === "mark_as_underway") checkStartable(service, t, row);
  const now = service.now();
  service.matches.setUnderway(row.id, state === "mark_as_underway" ? now : null, now);
}

/** The request's tournament. A module function, as `recordOf`: see registerMatchRoutes. */
function tournamentOf(service: ServiceContext, r: ServiceRequest): TournamentRow {
  return findTournament(service, r.params.tournament!, communityOf(r));
}

/** One match as a record: its station, where its players come from. */
function recordOf(service: ServiceContext, row: MatchRow) {
  return matchResource(row, stationOf(service, row), originsOf(service.matches, row));
}

/**
 * `?identifier=` (v2.1 only, an addition: docs/interface.md): the matches of that identifier
 * (A, B, ... AA; any case), one a stage. What `match report <t> B` looks for, instead of
 * every match of the tournament (issue 27).
 */
function withIdentifier(query: URLSearchParams, filter: MatchFilter): MatchFilter {
  const identifier = query.get("identifier");
  if (identifier === null || identifier === "") return filter;
  if (!/^[A-Za-z]{1,6}$/.test(identifier))
    throw badParameter("identifier", "identifier must be letters, as A, B, ... AA");
  return { ...filter, identifier: identifier.toUpperCase() };
}

/** GET the matches of a tournament (a page, filtered). */
function listMatches(service: ServiceContext, r: ServiceRequest) {
  const t = tournamentOf(service, r);
  const page = readPage((n) => r.query.get(n) ?? undefined);
  const filter = withIdentifier(r.query, readMatchFilter(r.query));
  const makeBody = () => {
    const offset = (page.page - 1) * page.perPage;
    const rows = service.matches.list(t.id, filter, page.perPage, offset);
    const stations = matchStations(service, t.id);
    const origins = originsFrom(service.matches);
    const data = rows.map((row) => matchResource(row, stations.get(row.id) ?? null, origins(row)));
    return listDocument(data, service.matches.count(t.id, filter), page, r);
  };
  return { status: 200, makeBody, reusable: true, tournament: t.id };
}

/** GET one match. */
function getMatch(service: ServiceContext, r: ServiceRequest) {
  const t = tournamentOf(service, r);
  const row = findMatch(service, t, r.params.match!);
  const makeBody = () => ({ data: recordOf(service, row) });
  return { status: 200, makeBody, reusable: true, tournament: t.id };
}

/** What a report's attributes and each of its entries may hold (the description's MatchInput, Match). */
const REPORT_KEYS = ["match", "tie"];
const ENTRY_KEYS = ["participant_id", "score_set", "rank", "advancing"];
/** What a match's change of state may hold: `reset_dependents` is serve's, for `reopen`. */
const MATCH_STATE_KEYS = ["state", "reset_dependents"];

/** A read report's unknown attributes, beside `match` and in its entries (DESIGN.md §3). */
function reportIgnored(attributes: Record<string, unknown>): Ignored {
  const problems = new Problems();
  const ignored: Ignored = [];
  ignoreUnknownKeys(attributes, REPORT_KEYS, { pointer: "/data/attributes" }, problems, ignored);
  const list = attributes.match as readonly unknown[];
  for (let index = 0; index < list.length; index++) {
    const entry = list[index] as Record<string, unknown>;
    ignoreUnknownKeys(
      entry,
      ENTRY_KEYS,
      { pointer: "/data/attributes/match", index },
      problems,
      ignored,
    );
  }
  problems.throwIfAny();
  return ignored;
}

/** PUT a match's report. */
function reportRoute(service: ServiceContext, r: ServiceRequest) {
  // The body is read before the write (outside its lock), but a refusal of it waits for the
  // lookups, as every other write's: an unknown tournament or match (or another user's
  // private one) is 404 whatever the body. Before 8686ef1 a bad body to an unknown tournament
  // was 422 "match must be an array of 1 to 8 entries"; 8686ef1 looked both up once more
  // before the write, +6 % CPU a report (bench/report-cpu.mjs --store file, 1.062x).
  let report: MatchReport | undefined;
  let ignored: Ignored | undefined;
  let refusal: unknown;
  try {
    const attributes = readAttributes(readJsonBody(r, readReportBody), "match");
    report = readMatchReport(attributes);
    ignored = reportIgnored(attributes);
  } catch (error) {
    refusal = error;
  }
  const row = service.write(() => {
    const t = tournamentOf(service, r);
    const current = findMatch(service, t, r.params.match!);
    if (report === undefined) throw refusal;
    reportMatch(service, t, current, report);
    return service.matches.find(t.id, current.id)!;
  });
  return { status: 200, body: dataDocument(recordOf(service, row), ignored!) };
}

/** PUT a match's change of state (reopen, mark or unmark as underway). */
function changeStateRoute(service: ServiceContext, r: ServiceRequest) {
  const found = tournamentOf(service, r);
  findMatch(service, found, r.params.match!); // 404 whatever the body, as reportRoute
  const id = found.id;
  const attributes = readAttributes(readJsonBody(r), "matchState");
  const ignored = ignoredAttributes(attributes, MATCH_STATE_KEYS);
  const row = service.write(() => {
    const t = currentTournament(service, id);
    const current = findMatch(service, t, r.params.match!);
    changeMatchState(service, t, current, attributes);
    return service.matches.find(t.id, current.id)!;
  });
  return { status: 200, body: dataDocument(recordOf(service, row), ignored) };
}

/**
 * The handlers and their helpers are module functions taking the service (router.ts
 * withService), not closures made here for each service: a closure made once a service is
 * compiled for that service alone (V8 specialises it on what it closes over), and a
 * process's next service ran a new one, unoptimised, with everything that lived only
 * inlined in it (issue 27: the PUT route's was the largest compile job of a second case,
 * done near its end; node --trace-opt bench/report-deopts.mjs). The helpers were made
 * module functions first: `node bench/report-syscalls.mjs --size 1024 --runs 3 --against
 * /work/base-6bd0a48` 2.28x the floor against 2.48x (load 5.5).
 */
export function registerMatchRoutes(router: Router, service: ServiceContext, prefix: string): void {
  const path = `${prefix}/tournaments/:tournament/matches`;
  router.get(path, withService(service, listMatches));
  router.get(`${path}/:match`, withService(service, getMatch));
  router.put(`${path}/:match`, withService(service, reportRoute));
  router.put(`${path}/:match/change_state`, withService(service, changeStateRoute));
}
