/**
 * What the station routes ask: create, update (assign or unassign a match),
 * delete a station; add, move and remove a queuer. Each reads and checks
 * inside the one write, then lets syncStations apply what follows (a freed
 * station takes the next match under auto_assign). Bad input writes nothing.
 */
import { participantNameKey } from "../../model/participant-name.js";
import type { QueuerRow, StationRow } from "../../store/stations-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { notFound, unprocessable } from "../errors.js";
import { currentTournament } from "../lookup.js";
import type { QueuerInput, StationInput } from "../validation/station-input.js";
import { syncStations } from "./station-io.js";

const MATCH_POINTER = "/data/attributes/match_id";

function findStation(service: ServiceContext, t: TournamentRow, ref: string): StationRow {
  const row = /^\d+$/.test(ref) ? service.stations.find(t.id, Number(ref)) : undefined;
  if (row === undefined) throw notFound(`station ${ref} not found in tournament ${t.url}`);
  return row;
}

export function findQueuer(service: ServiceContext, station: StationRow, ref: string): QueuerRow {
  const q = service.stations.queue(station.id).find((e) => String(e.id) === ref);
  if (q === undefined) throw notFound(`station queuer ${ref} not found at station ${station.id}`);
  return q;
}

/**
 * Refuses `name` when another station of `t` has it: a name is how the CLI, an export and
 * an import name a station, so two alike would be told apart by id only (`station view cup
 * "Table 1"` took the first; an import stopped half-way). Names compare as participants'
 * do (model/participant-name.ts: NFC, trimmed, ASCII letters without case).
 */
function checkName(service: ServiceContext, t: TournamentRow, name: string, self?: number): void {
  const key = participantNameKey(name);
  const other = service.stations
    .list(t.id)
    .find((s) => s.id !== self && participantNameKey(s.name) === key);
  if (other !== undefined)
    throw unprocessable(
      `name ${JSON.stringify(name)} is already taken in this tournament: station ${other.id} is named ${JSON.stringify(other.name)}; choose another name, or change station ${other.id}`,
      "/data/attributes/name",
    );
}

/** A match of `t` that may wait for or take a station: not complete, not at a station. */
function checkMatch(service: ServiceContext, t: TournamentRow, matchId: number, open: boolean) {
  const match = service.matches.find(t.id, matchId);
  if (match === undefined)
    throw unprocessable(`match ${matchId} is not a match of tournament ${t.url}`, MATCH_POINTER);
  if (match.state === "complete")
    throw unprocessable(`match ${match.identifier} (${matchId}) is complete`, MATCH_POINTER);
  if (open && match.state !== "open")
    throw unprocessable(
      `match ${match.identifier} (${matchId}) is ${match.state}; only an open match takes a station`,
      MATCH_POINTER,
    );
  const holder = service.stations.holding(matchId);
  if (holder !== undefined)
    throw unprocessable(
      `match ${match.identifier} (${matchId}) is already at station ${holder.name} (${holder.id})`,
      MATCH_POINTER,
    );
}

/** Puts `matchId` on `station` (null: frees it); the match leaves any queue it was in. */
function assign(
  service: ServiceContext,
  t: TournamentRow,
  station: StationRow,
  matchId: number | null,
) {
  const repo = service.stations;
  if (matchId === station.match_id) return;
  if (matchId !== null) {
    checkMatch(service, t, matchId, true);
    const queued = repo.queuerOfMatch(matchId);
    if (queued !== undefined) repo.deleteQueuer(queued.id);
  }
  repo.setMatch(station.id, matchId, service.now());
}

export function createStation(
  service: ServiceContext,
  tournamentId: number,
  input: StationInput,
): StationRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const repo = service.stations;
    checkName(service, t, input.name ?? "");
    const id = repo.insert(
      t.id,
      {
        name: input.name ?? "",
        stream_url: input.stream_url ?? null,
        details: input.details ?? null,
      },
      service.now(),
    );
    const station = repo.find(t.id, id)!;
    if (input.match_id != null) assign(service, t, station, input.match_id);
    syncStations(service, t);
    return repo.find(t.id, id)!;
  });
}

export function updateStation(
  service: ServiceContext,
  tournamentId: number,
  ref: string,
  input: StationInput,
): StationRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const station = findStation(service, t, ref);
    const repo = service.stations;
    if (input.name !== undefined) checkName(service, t, input.name, station.id);
    repo.update(station.id, input, service.now());
    if (input.match_id !== undefined) assign(service, t, station, input.match_id);
    syncStations(service, t);
    return repo.find(t.id, station.id)!;
  });
}

export function deleteStation(service: ServiceContext, tournamentId: number, ref: string): void {
  service.write(() => {
    const t = currentTournament(service, tournamentId);
    service.stations.delete(findStation(service, t, ref).id);
    syncStations(service, t);
  });
}

/** The queue with `id` moved to `position` (1-based), as ids first to last. */
function moved(queue: readonly QueuerRow[], id: number, position: number): number[] {
  const ids = queue.map((q) => q.id).filter((q) => q !== id);
  ids.splice(position - 1, 0, id);
  return ids;
}

function checkPosition(position: number, last: number): void {
  if (position > last)
    throw unprocessable(
      `position ${position} is out of range: the queue has places 1 to ${last}`,
      "/data/attributes/position",
    );
}

export function addQueuer(
  service: ServiceContext,
  tournamentId: number,
  stationRef: string,
  input: QueuerInput,
): QueuerRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const station = findStation(service, t, stationRef);
    const repo = service.stations;
    const matchId = input.matchId!;
    checkMatch(service, t, matchId, false);
    const queued = repo.queuerOfMatch(matchId);
    if (queued !== undefined)
      throw unprocessable(
        `match ${matchId} is already queued at station ${queued.station_id} (position ${queued.position})`,
        MATCH_POINTER,
      );
    const queue = repo.queue(station.id);
    if (input.position !== undefined) checkPosition(input.position, queue.length + 1);
    const id = repo.insertQueuer(station.id, matchId, service.now());
    const all = repo.queue(station.id);
    repo.reorder(moved(all, id, input.position ?? all.length), service.now());
    // As created: under auto_assign a free station may take the match at once (sync below).
    const created = findQueuer(service, station, String(id));
    syncStations(service, t);
    return created;
  });
}

export function moveQueuer(
  service: ServiceContext,
  tournamentId: number,
  stationRef: string,
  ref: string,
  position: number,
): QueuerRow {
  return service.write(() => {
    const t = currentTournament(service, tournamentId);
    const station = findStation(service, t, stationRef);
    const q = findQueuer(service, station, ref);
    const queue = service.stations.queue(station.id);
    checkPosition(position, queue.length);
    service.stations.reorder(moved(queue, q.id, position), service.now(), q.id);
    return findQueuer(service, station, ref);
  });
}

export function removeQueuer(
  service: ServiceContext,
  tournamentId: number,
  stationRef: string,
  ref: string,
): void {
  service.write(() => {
    const t = currentTournament(service, tournamentId);
    const station = findStation(service, t, stationRef);
    service.stations.deleteQueuer(findQueuer(service, station, ref).id);
  });
}

export { findStation };
