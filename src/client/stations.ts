/** Stations of a tournament and their queuers. */
import { type CollectionApi, collectionApi } from "./crud.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export interface StationsApi {
  /** `/tournaments/{t}/stations`. */
  of(tournament: PathSegment): CollectionApi;
  /** `/tournaments/{t}/stations/{s}/station_queuers`. */
  queuers(tournament: PathSegment, station: PathSegment): CollectionApi;
}

export function stationsApi(requester: Requester): StationsApi {
  return {
    of: (t) => collectionApi(requester, resourcePath("tournaments", t, "stations"), "station"),
    queuers: (t, s) =>
      collectionApi(
        requester,
        resourcePath("tournaments", t, "stations", s, "station_queuers"),
        "station_queuer",
      ),
  };
}
