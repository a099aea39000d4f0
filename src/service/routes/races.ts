/**
 * /races: list, get (by id or url), create, update, delete, change_state;
 * a race's participants (the participant verbs, participant-verbs.ts). Rounds,
 * elapsed times and standings: race-rounds.ts.
 */
import type { RaceRow } from "../../store/races-repository.js";
import { visibleTo } from "../access.js";
import type { ServiceContext } from "../context.js";
import { listDocument, readAttributes, readPage } from "../envelope.js";
import { Problems } from "../errors.js";
import { rootOf } from "../link-base.js";
import { currentRace, findRace } from "../races/race-lookup.js";
import { raceOwner } from "../races/race-owner.js";
import { changeRaceState } from "../races/race-state.js";
import { raceCounts } from "../races/round-flow.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { raceParticipantResource, raceResource } from "../serializers/race.js";
import { freeSlug } from "../url-slug.js";
import {
  dataDocument,
  type Ignored,
  ignoredAttributes,
  ignoredMeta,
} from "../validation/ignored.js";
import { defaultRaceSettings, mergeRaceSettings, roundCount } from "../validation/race-settings.js";
import { registerParticipantVerbs } from "./participant-verbs.js";

/** Attributes that shape the rounds and their points: frozen once the race has started. */
const STRUCTURAL = ["raceType", "grandPrixOptions", "pointsTable"];

/** Unknown attributes go to `ignored` (v2.1, issue 15), as a tournament's. */
function createRace(
  service: ServiceContext,
  attributes: Record<string, unknown>,
  ignored: Ignored,
): RaceRow {
  const problems = new Problems();
  for (const field of ["name", "raceType"]) {
    if (attributes[field] === undefined)
      problems.add(`/data/attributes/${field}`, `${field} is required`);
  }
  const settings = mergeRaceSettings(defaultRaceSettings(), attributes, problems, ignored);
  return service.write(() => {
    const { races, rounds } = service.race;
    if (attributes.url === undefined)
      settings.url = freeSlug(settings.name, "race", (url) => races.urlTaken(url));
    else if (problems.empty && races.urlTaken(settings.url))
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    problems.throwIfAny();
    const now = service.now();
    const id = races.insert(settings, service.newRandomSeed(), now, service.caller.user_id);
    rounds.replace(id, roundCount(settings), now);
    return races.findById(id)!;
  });
}

/** Merges `attributes` into the settings as they stand inside the write; unknown ones to `ignored`. */
function updateRace(
  service: ServiceContext,
  raceId: number,
  attributes: Record<string, unknown>,
  ignored: Ignored,
): RaceRow {
  return service.write(() => {
    const race = currentRace(service, raceId);
    const problems = new Problems();
    if (race.state !== "pending") {
      for (const key of STRUCTURAL) {
        // The value it has is no change: a client written from the description sends the
        // raceType RacingInput requires on every update (src/client/required-fields.ts).
        const stored = (race.settings as unknown as Record<string, unknown>)[key];
        if (attributes[key] !== undefined && attributes[key] !== stored) {
          problems.add(
            `/data/attributes/${key}`,
            `${key} cannot change while the race is ${race.state}; reset it first`,
          );
        }
      }
    }
    const settings = mergeRaceSettings(race.settings, attributes, problems, ignored);
    const { races, rounds } = service.race;
    if (problems.empty && races.urlTaken(settings.url, race.id))
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    problems.throwIfAny();
    const now = service.now();
    races.updateSettings(race.id, settings, now);
    if (race.state === "pending" && roundCount(settings) !== rounds.count(race.id))
      rounds.replace(race.id, roundCount(settings), now);
    return races.findById(race.id)!;
  });
}

export function registerRaceRoutes(router: Router, service: ServiceContext, prefix: string): void {
  const resource = (r: ServiceRequest, row: RaceRow) =>
    raceResource(row, raceCounts(service, row), rootOf(r, service.basePath));
  const one = (r: ServiceRequest) => findRace(service, r.params.race!);
  router.get(`${prefix}/races`, (r) => {
    const page = readPage((n) => r.query.get(n) ?? undefined);
    const { races } = service.race;
    const visible = visibleTo(service);
    const rows = races.list(page.perPage, (page.page - 1) * page.perPage, visible);
    const total = races.count(visible);
    return {
      status: 200,
      body: listDocument(
        rows.map((row) => resource(r, row)),
        total,
        page,
        r,
      ),
      reusable: true,
    };
  });
  router.post(`${prefix}/races`, (r) => {
    const attributes = readAttributes(readJsonBody(r), "race");
    const ignored: Ignored = [];
    const row = createRace(service, attributes, ignored);
    return { status: 201, body: { data: resource(r, row), ...ignoredMeta(ignored) } };
  });
  router.get(`${prefix}/races/:race`, (r) => ({
    status: 200,
    body: { data: resource(r, one(r)) },
    reusable: true,
  }));
  router.put(`${prefix}/races/:race`, (r) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "race");
    const ignored: Ignored = [];
    const row = updateRace(service, id, attributes, ignored);
    return { status: 200, body: { data: resource(r, row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${prefix}/races/:race`, (r) => {
    const id = one(r).id;
    service.write(() => service.race.races.delete(currentRace(service, id).id));
    return { status: 204 };
  });
  router.put(`${prefix}/races/:race/change_state`, (r) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "raceState");
    const ignored = ignoredAttributes(attributes, ["state"]);
    const row = changeRaceState(service, id, attributes);
    return { status: 200, body: dataDocument(resource(r, row), ignored) };
  });
  registerParticipantVerbs(router, service, `${prefix}/races/:race/participants`, {
    find: (r) => {
      const race = one(r);
      const { participants } = service.race;
      return { id: race.id, noun: "race", url: race.url, participants, ref: raceOwner(race.id) };
    },
    resource: raceParticipantResource,
  });
}
