/**
 * Where the import puts the file's stations, decided alike by the run (station-replay.ts
 * placeStations, from the target's stations read once the results are sent) and by the plan
 * (import-plan.ts, from the stations there now): a station of the file's found by name as
 * the service compares names, or made; a match the file holds at it put there, taken first
 * from another station holding it there; a station the file has free freed. Before, the plan
 * counted only the stations to make, so `publish --dry-run` did not list a match put back on
 * a station there without it, which the publish then sent (an outside review).
 */
import type { ApiClient } from "../../client/api-client.js";
import { NotFoundError } from "../../client/errors.js";
import { participantNameKey } from "../../model/participant-name.js";
import {
  type ExportedStation,
  matchKey,
  type TournamentExport,
} from "../../model/tournament-export.js";
import { keyOf } from "./target-matches.js";

/** A target station: its id, name and the match it holds (by key; null: free). */
export interface PlacedStation {
  readonly id: string;
  readonly name: string;
  readonly match: string | null;
}

/** One request placing a station (matches by key). */
export type StationStep =
  /** `match` taken off target station `station` (`name`): the file holds it at `to`. */
  | { kind: "take"; station: string; name: string; match: string; to: string }
  /** Target station `station` (`name`) given `match` (null: freed, as the file's is free). */
  | { kind: "hold"; station: string; name: string; match: string | null }
  /** The file's station made, with `match` (null: none). */
  | { kind: "create"; file: ExportedStation; match: string | null };

/**
 * The requests that give the target the file's stations and the match each holds, in order;
 * `there` tells whether a match (by key) is on the target, so it can be held.
 */
export function stationSteps(
  doc: TournamentExport,
  target: readonly PlacedStation[],
  there: (key: string) => boolean,
): StationStep[] {
  const have = new Map(target.map((s) => [participantNameKey(s.name), s]));
  // The match each station holds, and its name, kept as each step leaves them.
  const holds = new Map(target.map((s) => [s.id, s.match]));
  const names = new Map(target.map((s) => [s.id, s.name]));
  const steps: StationStep[] = [];
  for (const s of doc.stations) {
    const held = doc.matches.find((m) => m.station === s.name);
    const key = held === undefined ? null : matchKey(held);
    const match = key !== null && there(key) ? key : null;
    const station = have.get(participantNameKey(s.name));
    // A match the file holds here that another station of the target holds: freed first.
    const other = [...holds].find(([id, m]) => m === match && id !== station?.id)?.[0];
    if (match !== null && other !== undefined) {
      steps.push({ kind: "take", station: other, name: names.get(other)!, match, to: s.name });
      holds.set(other, null);
    }
    if (station === undefined) {
      steps.push({ kind: "create", file: s, match });
      holds.set(`new ${s.name}`, match);
      names.set(`new ${s.name}`, s.name);
    } else if (holds.get(station.id) !== match && (match !== null || held === undefined)) {
      steps.push({ kind: "hold", station: station.id, name: station.name, match });
      holds.set(station.id, match);
    }
  }
  return steps;
}

/**
 * The target's stations as the plan reads them, each match held there by key; undefined on
 * a service without stations (the published description has none: the list is 404 there,
 * asked after the tournament was read). A match the file has complete is taken as freed:
 * the service frees a station whose match the replay completes.
 */
export async function plannedStations(
  client: ApiClient,
  doc: TournamentExport,
): Promise<PlacedStation[] | undefined> {
  const url = doc.tournament.url;
  const listed = await client.stations
    .of(url)
    .listAll()
    .catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
  if (listed === undefined) return undefined;
  const holding = listed.filter((s) => s.attributes.match_id != null);
  const matches = holding.length === 0 ? [] : await client.matches.listAll(url);
  const key = new Map(matches.map((m) => [m.id, keyOf(m)]));
  const complete = new Set(doc.matches.filter((m) => m.state === "complete").map(matchKey));
  return listed.map((s) => {
    const id = s.attributes.match_id;
    const held = id == null ? null : (key.get(String(id)) ?? `#${String(id)}`);
    return {
      id: s.id,
      name: String(s.attributes.name),
      match: held !== null && complete.has(held) ? null : held,
    };
  });
}

/**
 * The plan's lines for `steps` (stationSteps against the stations there now, each match of
 * the file's taken to be there once the results are sent): the stations to make counted,
 * each match put on, taken off or freed named.
 */
export function stationStepLines(steps: readonly StationStep[]): string[] {
  const made = steps.filter((s) => s.kind === "create").length;
  const lines = steps.flatMap((s): string[] => {
    if (s.kind === "take")
      return [`take match ${s.match} off station ${s.name} (the file holds it at ${s.to})`];
    if (s.kind === "create") return [];
    return s.match === null
      ? [`free station ${s.name}, as the file's is`]
      : [`put match ${s.match} back on station ${s.name}, there without it`];
  });
  if (made > 0)
    lines.unshift(`create ${made} station${made === 1 ? "" : "s"} (with the match each holds)`);
  return lines;
}
