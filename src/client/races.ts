/** Races, their rounds and elapsed times: `/races/...` (attributes camelCase, as the seed). */
import { type CollectionApi, collectionApi } from "./crud.js";
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export type RaceStateChange = "start" | "reset" | "end_round";
export type RoundStateChange = "start" | "finalize" | "reset";

export interface RoundsApi {
  list(page?: PageOptions): Promise<ApiList>;
  get(round: PathSegment): Promise<ApiRecord>;
  changeState(round: PathSegment, state: RoundStateChange): Promise<ApiRecord>;
}

export interface ElapsedTimesApi {
  list(page?: PageOptions): Promise<ApiList>;
  get(id: PathSegment): Promise<ApiRecord>;
  /** Attributes: `elapsedTime`, `points`, `rank`. */
  update(id: PathSegment, attributes: Record<string, unknown>): Promise<ApiRecord>;
  /** Entries: `{elapsedTimeId, time, points, rank?}` (the contract allows 20 per request). */
  bulkUpdate(entries: readonly Record<string, unknown>[]): Promise<ApiRecord[]>;
}

export interface RacesApi extends CollectionApi {
  changeState(race: PathSegment, state: RaceStateChange): Promise<ApiRecord>;
  rounds(race: PathSegment): RoundsApi;
  elapsedTimes(race: PathSegment, round: PathSegment): ElapsedTimesApi;
}

function roundsApi(requester: Requester, path: string): RoundsApi {
  return {
    list: (page) => requester.list({ method: "GET", path, query: pageQuery(page) }),
    get: (round) => requester.single({ method: "GET", path: `${path}${resourcePath(round)}` }),
    changeState: (round, state) =>
      requester.single({
        method: "PUT",
        path: `${path}${resourcePath(round)}`,
        body: { type: "RoundState", attributes: { state } },
      }),
  };
}

function elapsedTimesApi(requester: Requester, path: string): ElapsedTimesApi {
  return {
    list: (page) => requester.list({ method: "GET", path, query: pageQuery(page) }),
    get: (id) => requester.single({ method: "GET", path: `${path}${resourcePath(id)}` }),
    update: (id, attributes) =>
      requester.single({
        method: "PUT",
        path: `${path}${resourcePath(id)}`,
        // Spelled as the contract spells it (ElaspedTimeInput).
        body: { type: "ElaspedTime", attributes },
      }),
    bulkUpdate: async (entries) =>
      (
        await requester.list({
          method: "POST",
          path: `${path}/bulk_update`,
          body: { type: "BulkElapsedTime", attributes: { elapsed_times: entries } },
        })
      ).data,
  };
}

export function racesApi(requester: Requester): RacesApi {
  const one = (race: PathSegment) => resourcePath("races", race);
  return {
    ...collectionApi(requester, "/races", "Race"),
    changeState: (race, state) =>
      requester.single({
        method: "PUT",
        path: `${one(race)}/change_state`,
        body: { type: "RaceState", attributes: { state } },
      }),
    rounds: (race) => roundsApi(requester, `${one(race)}/rounds`),
    elapsedTimes: (race, round) =>
      elapsedTimesApi(requester, `${one(race)}${resourcePath("rounds", round, "elapsed_times")}`),
  };
}
