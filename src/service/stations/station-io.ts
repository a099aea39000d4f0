/**
 * The imperative shell around station-plan.ts: reads a tournament's stations,
 * queues and the matches they name, and applies the changes the plan records.
 * Called inside the write that changed matches or stations (stage-io.ts,
 * tournament-io.ts, the station routes), so the changes land with it.
 */
import type { MatchRow } from "../../store/match-rows.js";
import type { StationRepository } from "../../store/stations-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { type MatchFact, type StationChange, stationChanges } from "./station-plan.js";

function factOf(row: MatchRow | undefined): MatchFact {
  if (row === undefined) return { state: "gone", order: Number.POSITIVE_INFINITY };
  return { state: row.state, order: row.suggested_play_order };
}

export function applyStationChanges(
  repo: StationRepository,
  changes: readonly StationChange[],
  now: string,
): void {
  for (const c of changes) {
    switch (c.kind) {
      case "free":
        repo.setMatch(c.stationId, null, now);
        break;
      case "assign":
        repo.setMatch(c.stationId, c.matchId, now);
        break;
      case "dequeue":
        repo.deleteQueuer(c.queuerId);
        break;
      case "enqueue":
        repo.insertQueuer(c.stationId, c.matchId, now);
        break;
    }
  }
}

/**
 * Brings the tournament's stations in line with its matches (station-plan.ts);
 * nothing to read when the tournament has no station (held by the store's cache).
 */
export function syncStations(service: ServiceContext, t: TournamentRow): void {
  const repo = service.stations;
  if (!repo.any(t.id)) return;
  const stations = repo.list(t.id);
  const queuers = repo.queuersOf(t.id);
  const autoAssign = t.settings.station_options.auto_assign;
  const matches = new Map<number, MatchFact>();
  // The open matches' play order, not their rows: loading every row of a 512-player round
  // robin (130,816) was most of a report's cost with stations (issue 27).
  if (autoAssign)
    for (const [id, order] of service.matches.openOrders(t.id))
      matches.set(id, { state: "open", order });
  const named = [...stations.map((s) => s.match_id), ...queuers.map((q) => q.match_id)];
  for (const id of named)
    if (id !== null && !matches.has(id)) matches.set(id, factOf(service.matches.find(t.id, id)));
  const changes = stationChanges({
    autoAssign,
    stations: stations.map((s) => ({ id: s.id, matchId: s.match_id })),
    queuers: queuers.map((q) => ({ id: q.id, stationId: q.station_id, matchId: q.match_id })),
    matches,
  });
  applyStationChanges(repo, changes, service.now());
}

/** The station holding each match of the tournament that is at one (match id -> station id). */
export function matchStations(service: ServiceContext, tournamentId: number): Map<number, number> {
  const held = new Map<number, number>();
  if (!service.stations.any(tournamentId)) return held;
  for (const s of service.stations.list(tournamentId))
    if (s.match_id !== null) held.set(s.match_id, s.id);
  return held;
}

/** The id of the station holding `match`, or null. */
export function stationOf(
  service: ServiceContext,
  match: Pick<MatchRow, "id" | "tournament_id">,
): number | null {
  if (!service.stations.any(match.tournament_id)) return null;
  return service.stations.holding(match.id)?.id ?? null;
}

/**
 * `station_options.only_start_matches_with_assigned_stations`: a match is
 * marked as underway only at a station (422 naming the option otherwise).
 */
export function checkStartable(service: ServiceContext, t: TournamentRow, match: MatchRow): void {
  if (!t.settings.station_options.only_start_matches_with_assigned_stations) return;
  if (stationOf(service, match) !== null) return;
  throw unprocessable(
    `match ${match.identifier} (${match.id}) has no station: station_options.only_start_matches_with_assigned_stations is on, so assign it a station first`,
    "/data/attributes/state",
  );
}
