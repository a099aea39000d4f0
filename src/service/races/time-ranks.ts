/**
 * Times entered into a round under way (a PUT of one, a bulk_update of up to 20), ranked
 * from what they change rather than by ranking the round again. A round under way holds
 * the ranks a full rerank gives (round-flow.ts rerank, engine/race-ranking.ts): each time's
 * rank is 1 + the round's times strictly below it unless the client gave one, and no
 * points but the client's. Every write to an under-way round's times comes through here
 * (its rows are made with no time, and its participants are fixed once the race starts),
 * so that holds before each entry and, from this, after it:
 * - a time the entry does not touch, at `t`, moves by (new times below `t`) - (old times
 *   below `t`) of the entered rows: one UPDATE over the times between the lowest and the
 *   highest of those (all above, when the entry adds or clears a time);
 * - an entered time's rank is 1 + the round's times below it before the entry
 *   (ElapsedTimeRepository.timesBelow, from the stored ranks by index), less its rows' old
 *   times below it, plus their new ones.
 * Before, each entry read the whole round, sorted it and counted each time's rank: a round
 * of 8,000 entered 20 a request took 13.9 s of service CPU, now 0.24 s in finishing order
 * and 1.7 s in random order (most of it the ranks moved); a PUT 59 -> 2.9 ms
 * (bench/race-bulk.mjs, in memory, against 4d1f05b in the same process).
 * A round with a rank the client gave, before or after the entry, is ranked again in full
 * (round-flow.ts rerank): the given ranks hold their places and the others fill the ranks
 * left in time order (model/race-rank.ts rankAroundGiven), so one given rank can move
 * every other; "1 + the times below" holds only without them. Hand-set ranks are rare and
 * a round's ranks were wrong with them before (the others counted the hand-ranked times).
 * test/service/race-time-ranks.test.ts holds the results to the full rerank's for random
 * rounds.
 */
import type { ElapsedTimeChanges, ElapsedTimeRow } from "../../store/elapsed-times-repository.js";
import type { RoundRow } from "../../store/race-rounds-repository.js";
import type { RaceRow } from "../../store/races-repository.js";
import type { ServiceContext } from "../context.js";
import { refuseTakenRanks } from "./rank-collisions.js";
import { rerank } from "./round-flow.js";

export interface TimeEntry {
  readonly changes: ElapsedTimeChanges;
  /** The time as it stands, read in this write. */
  readonly row: ElapsedTimeRow;
  /** Where the entry is in the request, for a refusal (rank-collisions.ts). */
  readonly pointer?: string;
}

const timed = (list: readonly (number | null)[]) => list.filter((ms) => ms !== null);
const countBelow = (list: readonly number[], ms: number) => list.filter((t) => t < ms).length;

/**
 * How the untouched times move: above each of the old and new times (ascending), by the
 * new ones up to it less the old ones up to it, up to the next.
 */
function stepsOf(before: readonly number[], after: readonly number[]) {
  const points = [...new Set([...before, ...after])].sort((a, b) => a - b);
  const upTo = (list: readonly number[], ms: number) => list.filter((t) => t <= ms).length;
  return points.map((above) => ({ above, by: upTo(after, above) - upTo(before, above) }));
}

/**
 * Sets `entries` (distinct times of `round`, under way) and the ranks they move, dated `now`;
 * the entered times as they are then.
 */
export function enterTimes(
  service: ServiceContext,
  race: RaceRow,
  round: RoundRow,
  entries: readonly TimeEntry[],
  now: string,
): ElapsedTimeRow[] {
  const { elapsedTimes } = service.race;
  const givesRank = entries.some((e) => e.changes.rank !== undefined && e.changes.rank !== null);
  if (givesRank || elapsedTimes.anyRankGiven(round.id)) {
    if (givesRank) refuseTakenRanks(service, race, round, entries);
    for (const entry of entries) elapsedTimes.update(entry.row.id, entry.changes, now);
    rerank(service, race, round, false, now);
    return entries.map((e) => elapsedTimes.find(e.row.id)!);
  }
  const old = entries.map((e) => e.row);
  const newMs = entries.map((e, i) =>
    e.changes.elapsed_ms === undefined ? old[i]!.elapsed_ms : e.changes.elapsed_ms,
  );
  const before = timed(old.map((row) => row.elapsed_ms));
  const after = timed(newMs);
  // Read before any write: the round as it stood, its ranks as a full rerank left them.
  const byTime = newMs.map((ms) =>
    ms === null
      ? null
      : 1 + elapsedTimes.timesBelow(round.id, ms) - countBelow(before, ms) + countBelow(after, ms),
  );
  const ids = old.map((row) => row.id);
  elapsedTimes.shiftRanks(round.id, stepsOf(before, after), ids, now);
  for (const entry of entries) elapsedTimes.update(entry.row.id, entry.changes, now);
  // Read once after the updates, which dated them; the ranks and points that differ are
  // written, and the answer is made of these rows, not read again (3.3 us a read: 16,000
  // reads more for 8,000 times entered).
  const read = ids.map((id) => elapsedTimes.find(id)!);
  const rows = read.map((row, i) => ({
    ...row,
    rank: row.rank_given === 1 ? row.rank : (byTime[i] ?? null),
    points: row.points_given === 1 ? row.points : null,
  }));
  const moved = rows.filter(
    (row, i) => row.rank !== read[i]!.rank || row.points !== read[i]!.points,
  );
  elapsedTimes.setResults(moved, now);
  return rows;
}
