/**
 * Finding the race, round and elapsed time a path names, or answering 404.
 * As for tournaments (lookup.ts): a write route resolves the path first, then
 * reads the rows again with the `current*` functions inside `service.write`
 * and checks their state there.
 */
import type { ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import { checkOwner } from "../access.js";
import type { ServiceContext } from "../context.js";
import { notFound } from "../errors.js";

/**
 * `{race_id}` is an id or the race's url slug. Answers for the caller
 * (access.ts): another account's private race is not found, a public one is
 * read-only.
 */
export function findRace(service: ServiceContext, ref: string): RaceRow {
  const { races } = service.race;
  const row = /^\d+$/.test(ref) ? races.findById(Number(ref)) : races.findByUrl(ref);
  const missing = `race ${ref} not found`;
  if (row === undefined) throw notFound(missing);
  checkOwner(service, row.owner_id, row.settings.private, missing, "race");
  return row;
}

/** `{round_id}` is the round's number in the race (its id). */
export function findRound(service: ServiceContext, race: RaceRow, ref: string): RoundRow {
  const row = /^\d+$/.test(ref) ? service.race.rounds.find(race.id, Number(ref)) : undefined;
  if (row === undefined) throw notFound(`round ${ref} not found in race ${race.url}`);
  return row;
}

export function findElapsedTime(
  service: ServiceContext,
  round: RoundRow,
  ref: string,
): ElapsedTimeRow {
  const row = /^\d+$/.test(ref) ? service.race.elapsedTimes.find(Number(ref)) : undefined;
  if (row === undefined || row.round_id !== round.id) {
    throw notFound(`elapsed time ${ref} not found in round ${round.number}`);
  }
  return row;
}

function requireWrite(service: ServiceContext): void {
  if (!service.db.inTransaction) throw new Error("current rows are read inside service.write");
}

/** The race as it stands now; called inside a write. */
export function currentRace(service: ServiceContext, id: number): RaceRow {
  requireWrite(service);
  const row = service.race.races.findById(id);
  if (row === undefined) throw notFound(`race ${id} not found`);
  return row;
}

/** The round as it stands now; called inside a write. */
export function currentRound(service: ServiceContext, race: RaceRow, number: number): RoundRow {
  requireWrite(service);
  const row = service.race.rounds.find(race.id, number);
  if (row === undefined) throw notFound(`round ${number} not found in race ${race.url}`);
  return row;
}
