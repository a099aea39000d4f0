/**
 * A rank given by hand is one racer's: a second racer given a rank another holds by hand in
 * the same round is refused (422), naming the racer who holds it and how to go on. Ranks
 * set by hand are placings a judge decides (a photo finish, a penalty); equal times already
 * share a rank by themselves (1, 2, 2, 4), so two racers given one rank is a slip, and the
 * rule that fills the others around the given ranks (model/race-rank.ts rankAroundGiven)
 * would leave them 1, 2, 2, 3, a tie that skips no place. Before, both were taken and held
 * it (docs/races.md said so; last session's reviewers found it).
 */
import type { ElapsedTimeChanges, ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { Problems } from "../errors.js";

export interface RankedEntry {
  readonly changes: ElapsedTimeChanges;
  readonly row: ElapsedTimeRow;
  /** Where the entry's rank is in the request (`/data/attributes`, `.../elapsed_times/3`). */
  readonly pointer?: string;
}

/**
 * Refuses `entries` (of `round`, read in this write) when a rank one gives is held by hand
 * by another time of the round as it will stand after them, or given to two of them.
 */
export function refuseTakenRanks(
  service: ServiceContext,
  race: RaceRow,
  round: RoundRow,
  entries: readonly RankedEntry[],
): void {
  const giving = entries.filter((e) => typeof e.changes.rank === "number");
  if (giving.length === 0) return;
  const changing = new Set(
    entries.filter((e) => e.changes.rank !== undefined).map((e) => e.row.id),
  );
  const holders = new Map<number, ElapsedTimeRow>();
  for (const row of service.race.elapsedTimes.givenRanks(round.id))
    if (!changing.has(row.id) && row.rank !== null) holders.set(row.rank, row);
  const name = (row: ElapsedTimeRow) => {
    const p = service.race.participants.find(race.id, row.participant_id);
    return p === undefined ? `participant ${row.participant_id}` : p.name;
  };
  const problems = new Problems();
  for (const entry of giving) {
    const rank = entry.changes.rank as number;
    const holder = holders.get(rank);
    if (holder === undefined) {
      holders.set(rank, entry.row);
      continue;
    }
    const who = name(entry.row);
    const held = name(holder);
    problems.add(
      `${entry.pointer ?? "/data/attributes"}/rank`,
      `rank ${rank} in round ${round.number} of race ${race.url} is ${held}'s, set by hand: one rank set by hand is one racer's (equal times share a rank by themselves); give ${who} another rank, or clear ${held}'s first (rank 0: ranked by time; tourney race update ${race.url} "${held}" --rank auto)`,
    );
  }
  problems.throwIfAny();
}
