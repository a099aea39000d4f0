/**
 * The steps a race's state changes are made of, each called inside the
 * change's one write: a round begins (one empty elapsed time per active
 * participant), its results are worked out again (engine/race-ranking.ts),
 * a round ends (ranks and grand prix points fixed; the race completes after
 * its last round).
 */
import { DEFAULT_POINTS_TABLE, type RoundEntry, roundResults } from "../../engine/race-ranking.js";
import type { ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import type { RaceCounts } from "../serializers/race.js";

export const STATE_POINTER = "/data/attributes/state";

export function beginRound(service: ServiceContext, race: RaceRow, round: RoundRow): void {
  const now = service.now();
  const { rounds, elapsedTimes, participants } = service.race;
  rounds.setState(round.id, "underway", { started: now, completed: null }, now);
  const ids = participants.listActive(race.id).map((p) => p.id);
  elapsedTimes.insertForRound(race.id, round.id, ids, now);
  service.race.races.touch(race.id, now);
}

function entryOf(row: ElapsedTimeRow): RoundEntry {
  return {
    id: row.id,
    time: row.elapsed_ms,
    givenRank: row.rank_given === 1 ? row.rank : null,
    givenPoints: row.points_given === 1 ? row.points : null,
  };
}

/**
 * Ranks the round's times again (the client's ranks kept); with `finalize`,
 * a grand prix round's points come from the race's table where the client
 * gave none. While a round is under way only the client's points stand, and
 * times entered keep the ranks this would give without it (time-ranks.ts).
 */
export function rerank(
  service: ServiceContext,
  race: RaceRow,
  round: RoundRow,
  finalize: boolean,
  now = service.now(),
): void {
  const { elapsedTimes } = service.race;
  const table =
    finalize && race.settings.raceType === "grand prix"
      ? (race.settings.pointsTable ?? DEFAULT_POINTS_TABLE)
      : null;
  const rows = elapsedTimes.listByRound(round.id);
  const results = roundResults(rows.map(entryOf), table);
  // Only the times whose rank or points moved are written (and dated): a time entered at
  // the finish line, slower than those in, changes its own row; every row was rewritten
  // before, each time's updatedAt moving at each entry (8,000 racers: 44 ms a PUT on serve).
  const before = new Map(rows.map((r) => [r.id, r]));
  const moved = results.filter((r) => {
    const row = before.get(r.id);
    return row === undefined || row.rank !== r.rank || row.points !== r.points;
  });
  elapsedTimes.setResults(moved, now);
}

/** Ends an under-way round: refused before any time is in; the last round completes the race. */
export function finishRound(service: ServiceContext, race: RaceRow, round: RoundRow): void {
  const { rounds, elapsedTimes, races } = service.race;
  if (!elapsedTimes.anyTime(round.id)) {
    throw unprocessable(
      `round ${round.number} of race ${race.url} has no time in yet: enter at least one before ending it`,
      STATE_POINTER,
    );
  }
  const now = service.now();
  rerank(service, race, round, true);
  rounds.setState(round.id, "completed", { started: round.started_at, completed: now }, now);
  if (round.number >= rounds.count(race.id))
    races.setState(race.id, "completed", now, { completed: now });
  else races.touch(race.id, now);
}

/** The round under way, else the last completed one; undefined before the start. */
export function currentLap(all: readonly RoundRow[]): RoundRow | undefined {
  const underway = all.find((r) => r.state === "underway");
  if (underway !== undefined) return underway;
  return all.filter((r) => r.state === "completed").at(-1);
}

export function raceCounts(service: ServiceContext, race: RaceRow): RaceCounts {
  const all = service.race.rounds.list(race.id);
  return { rounds: all.length, currentLap: currentLap(all)?.number ?? null };
}
