/**
 * Naming a station on the command line: its id (`3`) or its exact name
 * ("Table 1", case and surrounding blanks forgiven). A name is looked up in the
 * tournament's stations (one list request); an id is sent as it is.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import { resolveMatch } from "../match/match-ref.js";

export const STATION_REF_HELP = "station id, or its name as `station list` shows it";

const key = (name: string) => name.trim().toLowerCase();

/** The station `ref` names among `all` (no request), or an error naming the known ones. */
export function findStation(
  all: readonly ResourceObject[],
  tournament: string,
  ref: string,
): ResourceObject {
  const found = /^\d+$/.test(ref)
    ? all.find((s) => s.id === ref)
    : all.find((s) => key(String(s.attributes.name)) === key(ref));
  if (found !== undefined) return found;
  const names = all.map((s) => JSON.stringify(String(s.attributes.name)));
  const known = names.length === 0 ? "it has no stations" : `its stations are ${names.join(", ")}`;
  throw new UnknownReferenceError(
    `no station ${JSON.stringify(ref)} in tournament ${tournament}: ${known}; \`tourney station create ${tournament} NAME\` adds one`,
  );
}

/**
 * The tournament's stations, to look `ref` up in. A 404 is told apart: a tournament that is
 * not there is its own 404 (exit 3, asked after the list); one that is there on a service
 * without stations (the published description has none, so the hosted service answers 404)
 * has no station `ref` (exit 3, saying so).
 */
export async function stationsToFind(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<ApiRecord[]> {
  try {
    return await client.stations.of(tournament).listAll();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await client.tournaments.get(tournament);
    throw new UnknownReferenceError(
      `no station ${JSON.stringify(ref)} in tournament ${tournament}: the service has no stations (GET /tournaments/${tournament}/stations answered 404)`,
    );
  }
}

/** The station's id: an id as given (no request), a name looked up in the list. */
export async function stationId(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<string> {
  if (/^\d+$/.test(ref)) return ref;
  return findStation(await stationsToFind(client, tournament, ref), tournament, ref).id;
}

/**
 * The queue of station `ref` (its id `station`), as the service lists it. A 404 is told
 * apart by the stations: a station that is there has an empty queue (a service may answer
 * an empty list 404), one that is not is named as missing with the tournament's stations
 * (exit 3), and so is a tournament that is not there or a service without stations
 * (stationsToFind).
 */
export async function stationQueue(
  client: ApiClient,
  tournament: string,
  station: string,
  ref: string,
): Promise<ApiRecord[]> {
  try {
    return await client.stations.queuers(tournament, station).listAll();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    findStation(await stationsToFind(client, tournament, ref), tournament, ref);
    return [];
  }
}

/**
 * Runs `write`, a request on station `ref` (a change of it, an entry for its queue), and
 * tells a 404 apart as a get's (stationsToFind): no such station, its tournament's
 * stations named; a tournament that is not there; a service without stations (the hosted
 * one: every /stations path 404), each exit 3 saying so, where before the service's text
 * was all (Prism's "The route ... hasn't been found in the specification file"). A
 * station that is there: the write's own 404 (about something else), as the service gave
 * it. No request more unless the write is answered 404.
 */
export async function writeStation<T>(
  client: ApiClient,
  tournament: string,
  ref: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    findStation(await stationsToFind(client, tournament, ref), tournament, ref);
    throw error;
  }
}

/**
 * The station record `ref` names (a get for an id, the list for a name). An id answered
 * 404 is told apart as a name is (stationsToFind): no such station, its tournament's
 * stations named; a tournament that is not there; a service without stations.
 */
export async function resolveStation(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<ResourceObject> {
  if (/^\d+$/.test(ref)) {
    try {
      return await client.stations.of(tournament).get(ref);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return findStation(await stationsToFind(client, tournament, ref), tournament, ref);
}

/**
 * The tournament's stations for `station list`; on a service without stations (its list
 * answers 404 for a tournament that is there, as the hosted one does) none, with the line
 * that says so. A tournament that is not there is its own 404 (exit 3).
 */
export async function stationsToList(
  client: ApiClient,
  tournament: string,
): Promise<{ stations: ApiRecord[]; unpublished?: string }> {
  try {
    return { stations: await client.stations.of(tournament).listAll() };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    await client.tournaments.get(tournament);
    const unpublished = `the service has no stations (GET /tournaments/${tournament}/stations answered 404): tournament ${tournament} has none`;
    return { stations: [], unpublished };
  }
}

/**
 * A match's id from its reference: an id as given (the service checks it belongs
 * to the tournament), an identifier (A, B, ...) looked up among the matches, in
 * `group` (`--group`) when given: a group stage repeats identifiers.
 */
export async function matchIdOf(
  client: ApiClient,
  tournament: string,
  ref: string,
  group?: string,
): Promise<number> {
  if (/^\d+$/.test(ref)) return Number(ref);
  return Number((await resolveMatch(client, tournament, ref, { group })).id);
}

/** A position in a queue: a whole number from 1. No I/O. */
export function parsePosition(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw new UsageError(`${flag} is a position in the queue from 1, not ${JSON.stringify(text)}`);
  return Number(text);
}
