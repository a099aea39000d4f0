/**
 * /races/{r}/rounds: list, get, update (state start, finalize, reset);
 * /races/{r}/rounds/{n}/elapsed_times: list, get, update, bulk_update;
 * /races/{r}/standings, an extension of v2.1 (as the tournament's).
 * `{n}` is the round's number in the race, which is also its id.
 */

import { formatElapsed } from "../../engine/race-time.js";
import { raceStandings } from "../../model/race-standings.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { badParameter } from "../errors.js";
import { rootOf } from "../link-base.js";
import {
  bulkUpdateElapsedTimes,
  readBulkTimes,
  readElapsedTimeInput,
  updateElapsedTime,
} from "../races/elapsed-times.js";
import { findElapsedTime, findRace, findRound } from "../races/race-lookup.js";
import { changeRoundState } from "../races/race-state.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { elapsedTimeResource, roundResource } from "../serializers/race.js";
import { dataDocument, type Ignored, ignoredAttributes } from "../validation/ignored.js";

/** The standings: every participant, by total points, best finishes, total time. */
function standingsOf(service: ServiceContext, race: RaceRow) {
  const { participants, elapsedTimes } = service.race;
  const field = participants.list(race.id);
  const finishes = elapsedTimes.listByRace(race.id).map((t) => ({
    participantId: t.participant_id,
    rank: t.rank,
    points: t.points,
    time: t.elapsed_ms,
  }));
  const names = new Map(field.map((p) => [p.id, p]));
  return raceStandings(field, finishes).map((s) => ({
    id: String(s.participantId),
    type: "race_standing",
    attributes: {
      rank: s.rank,
      participantId: s.participantId,
      name: names.get(s.participantId)!.name,
      seed: names.get(s.participantId)!.seed,
      points: s.points,
      finishes: s.finishes,
      totalTime: s.totalTime,
      formattedTotalTime: formatElapsed(s.totalTime),
      roundsTimed: s.roundsTimed,
    },
  }));
}

/**
 * `participant_id` of the elapsed-times list, an extension as the contract's match list has
 * it: that racer's time alone (none: an empty list), by the (round_id, participant_id)
 * index, for `race update`, which listed the whole round to find one racer's time.
 */
function readRacerFilter(query: URLSearchParams): number | undefined {
  const given = query.get("participant_id");
  if (given === null || given === "") return undefined;
  if (!/^\d+$/.test(given))
    throw badParameter("participant_id", "participant_id must be a participant id");
  return Number(given);
}

export function registerRaceRoundRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const root = (r: ServiceRequest) => rootOf(r, service.basePath);
  const path = `${prefix}/races/:race/rounds`;
  const times = `${path}/:round/elapsed_times`;
  const race = (r: ServiceRequest) => findRace(service, r.params.race!);
  const found = (r: ServiceRequest) => {
    const row = race(r);
    return { race: row, round: findRound(service, row, r.params.round!) };
  };
  const roundOut = (r: ServiceRequest, race: RaceRow, round: RoundRow) =>
    roundResource(
      round,
      {
        participants: race.participants_count,
        elapsedTimes: service.race.elapsedTimes.countByRound(round.id),
      },
      root(r),
    );

  router.get(path, (r) => {
    const row = race(r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const { rounds } = service.race;
    const list = rounds.list(row.id, page.perPage, (page.page - 1) * page.perPage);
    const data = list.map((round) => roundOut(r, row, round));
    return {
      status: 200,
      body: listDocument(data, rounds.count(row.id), page, r),
      reusable: true,
    };
  });
  router.get(`${path}/:round`, (r) => {
    const f = found(r);
    return { status: 200, body: { data: roundOut(r, f.race, f.round) }, reusable: true };
  });
  router.put(`${path}/:round`, (r) => {
    const f = found(r);
    const attributes = readAttributes(readJsonBody(r), "roundState");
    const ignored = ignoredAttributes(attributes, ["state"]);
    const ids = { race: f.race.id, round: f.round.number };
    const round = changeRoundState(service, ids, attributes);
    const data = roundOut(r, service.race.races.findById(f.race.id)!, round);
    return { status: 200, body: dataDocument(data, ignored) };
  });
  router.get(times, (r) => {
    const f = found(r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const { elapsedTimes } = service.race;
    const racer = readRacerFilter(r.query);
    const rows =
      racer === undefined
        ? elapsedTimes.listByRound(f.round.id, page.perPage, (page.page - 1) * page.perPage)
        : [elapsedTimes.findOf(f.round.id, racer)].filter((t) => t !== undefined);
    const data = rows.map((t) => elapsedTimeResource(t, f.round.number, root(r)));
    const total = racer === undefined ? elapsedTimes.countByRound(f.round.id) : rows.length;
    return { status: 200, body: listDocument(data, total, page, r), reusable: true };
  });
  router.post(`${times}/bulk_update`, (r) => {
    const f = found(r);
    const ignored: Ignored = [];
    const entries = readBulkTimes(readAttributes(readJsonBody(r), "bulkElapsedTime"), ignored);
    const ids = { race: f.race.id, round: f.round.number };
    const rows = bulkUpdateElapsedTimes(service, ids, entries);
    const data = rows.map((t) => elapsedTimeResource(t, f.round.number, root(r)));
    return { status: 200, body: dataDocument(data, ignored) };
  });
  router.get(`${times}/:time`, (r) => {
    const f = found(r);
    const row = findElapsedTime(service, f.round, r.params.time!);
    return {
      status: 200,
      body: { data: elapsedTimeResource(row, f.round.number, root(r)) },
      reusable: true,
    };
  });
  router.put(`${times}/:time`, (r) => {
    const f = found(r);
    const time = findElapsedTime(service, f.round, r.params.time!).id;
    const ignored: Ignored = [];
    const changes = readElapsedTimeInput(readAttributes(readJsonBody(r), "elapsedTime"), ignored);
    const ids = { race: f.race.id, round: f.round.number, time };
    const row = updateElapsedTime(service, ids, changes);
    const data = elapsedTimeResource(row, f.round.number, root(r));
    return { status: 200, body: dataDocument(data, ignored) };
  });
  router.get(`${prefix}/races/:race/standings`, (r) => {
    const data = standingsOf(service, race(r));
    const perPage = Math.max(1, data.length);
    return {
      status: 200,
      body: listDocument(data, data.length, { page: 1, perPage }, r),
      reusable: true,
    };
  });
}
