/**
 * Naming a station on the command line: its id (`3`, or `id:3`) or its exact name ("Table 1",
 * or `name:Table 1`), names compared as the service compares them (model/participant-name.ts:
 * NFC, surrounding blanks and ASCII case forgiven). As participant references do
 * (participants/participant-ref.ts), the prefixed forms mean what their prefix says; a bare
 * `2` while a station is named "2", or a name two stations share (a database from before the
 * service refused a second station of a name), is refused as ambiguous (exit 2) naming the
 * candidates and the form to write, rather than one taken silently.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ApiRecord } from "../../../client/envelope.js";
import { NotFoundError } from "../../../client/errors.js";
import { participantNameKey } from "../../../model/participant-name.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";
import { parseGroupRef, resolveMatch } from "../match/match-ref.js";
import { someOf } from "../participants/file-items.js";

export const STATION_REF_HELP =
  "station id (or id:N), or its name as `station list` shows it (or name:TEXT)";

type StationForm =
  | { readonly by: "id"; readonly id: string; readonly prefixed: boolean }
  | { readonly by: "name"; readonly name: string; readonly prefixed: boolean };

function stationForm(ref: string): StationForm {
  const id = /^(id:)?(\d+)$/i.exec(ref);
  if (id) return { by: "id", id: id[2]!.replace(/^0+(?=\d)/, ""), prefixed: id[1] !== undefined };
  const prefixed = /^name:/i.test(ref);
  return { by: "name", name: prefixed ? ref.slice("name:".length) : ref, prefixed };
}

const key = (name: unknown) => participantNameKey(String(name));
const label = (s: ResourceObject) => `${JSON.stringify(String(s.attributes.name))} (id ${s.id})`;
/** A word the shell passes as it is, else quoted. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

function ambiguous(ref: string, tournament: string, why: string): never {
  throw new UsageError(`station ${ref} is ambiguous in tournament ${tournament}: ${why}`);
}

/** The station `ref` names among `all` (no request), or an error naming the known ones. */
export function findStation(
  all: readonly ResourceObject[],
  tournament: string,
  ref: string,
): ResourceObject {
  const form = stationForm(ref);
  const named = (name: string) => all.filter((s) => key(s.attributes.name) === key(name));
  if (form.by === "id") {
    const found = all.find((s) => s.id === form.id);
    const other = form.prefixed ? [] : named(ref).filter((s) => s !== found);
    if (found !== undefined && other.length > 0)
      ambiguous(
        ref,
        tournament,
        `${label(found)} has id ${form.id} and ${other.map(label).join(", ")} has that name; write id:${form.id} for the first or ${shellWord(`name:${ref}`)} for the other`,
      );
    if (found !== undefined) return found;
    if (other.length === 1)
      return notFound(
        all,
        tournament,
        ref,
        `; a station is named ${JSON.stringify(ref)}: write ${shellWord(`name:${ref}`)}`,
      );
  } else {
    const found = named(form.name);
    if (found.length > 1)
      ambiguous(
        ref,
        tournament,
        `stations ${found.map(label).join(" and ")} share that name; write ${found.map((s) => `id:${s.id}`).join(" or ")} (and rename one: \`tourney station update ${tournament} id:${found[1]!.id} --name NEW\`)`,
      );
    if (found.length === 1) return found[0]!;
  }
  return notFound(all, tournament, ref, "");
}

function notFound(
  all: readonly ResourceObject[],
  tournament: string,
  ref: string,
  hint: string,
): never {
  const names = all.map((s) => JSON.stringify(String(s.attributes.name)));
  const known = names.length === 0 ? "it has no stations" : `its stations are ${someOf(names, 5)}`;
  throw new UnknownReferenceError(
    `no station ${JSON.stringify(ref)} in tournament ${tournament}${hint || `: ${known}; \`tourney station create ${tournament} NAME\` adds one`}`,
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

/**
 * The station's id: `id:N` as given (no request); a bare id or a name looked up in the list,
 * so that a station named "2" is not silently passed over for id 2.
 */
export async function stationId(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<string> {
  const form = stationForm(ref);
  if (form.by === "id" && form.prefixed) return form.id;
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
 * The station record `ref` names (a get for `id:N`, the list otherwise: a bare id may also be
 * a station's name). An id answered 404 is told apart as a name is (stationsToFind): no such
 * station, its tournament's stations named; a tournament that is not there; a service
 * without stations.
 */
export async function resolveStation(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<ResourceObject> {
  const form = stationForm(ref);
  if (form.by === "id" && form.prefixed) {
    try {
      return await client.stations.of(tournament).get(form.id);
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
  if (group !== undefined) parseGroupRef(group);
  if (/^\d+$/.test(ref)) return Number(ref);
  return Number((await resolveMatch(client, tournament, ref, { group })).id);
}

/** A position in a queue: a whole number from 1. No I/O. */
export function parsePosition(flag: string, text: string): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1)
    throw new UsageError(`${flag} is a position in the queue from 1, not ${JSON.stringify(text)}`);
  return Number(text);
}
