/**
 * /tournaments/{t}/stations and /stations/{s}/station_queuers (DESIGN.md §3,
 * issue 15): list, get, create, update, delete of each. The work is in
 * stations/station-actions.ts; these read the request and shape the reply.
 */
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { queuerResource, stationResource } from "../serializers/station.js";
import {
  addQueuer,
  createStation,
  deleteStation,
  findQueuer,
  findStation,
  moveQueuer,
  removeQueuer,
  updateStation,
} from "../stations/station-actions.js";
import { type Ignored, ignoredMeta } from "../validation/ignored.js";
import { readQueuerInput, readStationInput } from "../validation/station-input.js";

export function registerStationRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const path = `${prefix}/tournaments/:tournament/stations`;
  const tournament = (r: ServiceRequest) =>
    findTournament(service, r.params.tournament!, communityOf(r));
  router.get(path, (r) => {
    const t = tournament(r);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const repo = service.stations;
    const rows = repo.list(t.id, page.perPage, (page.page - 1) * page.perPage);
    return {
      status: 200,
      body: listDocument(rows.map(stationResource), repo.count(t.id), page, r),
      reusable: true,
      tournament: t.id,
    };
  });
  router.get(`${path}/:station`, (r) => {
    const row = findStation(service, tournament(r), r.params.station!);
    const body = { data: stationResource(row) };
    return { status: 200, body, reusable: true, tournament: row.tournament_id };
  });
  router.post(path, (r) => {
    const t = tournament(r);
    const ignored: Ignored = [];
    const input = readStationInput(readAttributes(readJsonBody(r), "station"), true, ignored);
    const row = createStation(service, t.id, input);
    return { status: 201, body: { data: stationResource(row), ...ignoredMeta(ignored) } };
  });
  router.put(`${path}/:station`, (r) => {
    const t = tournament(r);
    findStation(service, t, r.params.station!); // 404 whatever the body (docs/serve.md)
    const ignored: Ignored = [];
    const input = readStationInput(readAttributes(readJsonBody(r), "station"), false, ignored);
    const row = updateStation(service, t.id, r.params.station!, input);
    return { status: 200, body: { data: stationResource(row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${path}/:station`, (r) => {
    deleteStation(service, tournament(r).id, r.params.station!);
    return { status: 204 };
  });
  registerQueuerRoutes(router, service, `${path}/:station/station_queuers`, tournament);
}

function registerQueuerRoutes(
  router: Router,
  service: ServiceContext,
  path: string,
  tournament: (r: ServiceRequest) => ReturnType<typeof findTournament>,
): void {
  router.get(path, (r) => {
    const station = findStation(service, tournament(r), r.params.station!);
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const queue = service.stations.queue(station.id);
    const from = (page.page - 1) * page.perPage;
    const data = queue.slice(from, from + page.perPage).map(queuerResource);
    const body = listDocument(data, queue.length, page, r);
    return { status: 200, body, reusable: true, tournament: station.tournament_id };
  });
  router.get(`${path}/:queuer`, (r) => {
    const station = findStation(service, tournament(r), r.params.station!);
    return {
      status: 200,
      body: { data: queuerResource(findQueuer(service, station, r.params.queuer!)) },
      reusable: true,
      tournament: station.tournament_id,
    };
  });
  router.post(path, (r) => {
    const t = tournament(r);
    findStation(service, t, r.params.station!); // 404 whatever the body (docs/serve.md)
    const ignored: Ignored = [];
    const input = readQueuerInput(readAttributes(readJsonBody(r), "stationQueuer"), true, ignored);
    const row = addQueuer(service, t.id, r.params.station!, input);
    return { status: 201, body: { data: queuerResource(row), ...ignoredMeta(ignored) } };
  });
  router.put(`${path}/:queuer`, (r) => {
    const t = tournament(r);
    findQueuer(service, findStation(service, t, r.params.station!), r.params.queuer!); // 404 first
    const ignored: Ignored = [];
    const input = readQueuerInput(readAttributes(readJsonBody(r), "stationQueuer"), false, ignored);
    const row = moveQueuer(service, t.id, r.params.station!, r.params.queuer!, input.position!);
    return { status: 200, body: { data: queuerResource(row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${path}/:queuer`, (r) => {
    removeQueuer(service, tournament(r).id, r.params.station!, r.params.queuer!);
    return { status: 204 };
  });
}
