/**
 * A tournament topic's next version made from what changed (tournament-topics.ts): when
 * serve's own writes since the topic's last look are updates of a few of its matches
 * (snapshot-changes.ts: a report, a reopen, a match marked underway, a station taken),
 * those matches' records are read alone, with the tournament's record and its stations,
 * and every other match and participant is taken as the last version held it. So a
 * report's events go out without the whole tournament's snapshot being made again: that
 * build, paced at twice its last time (tournament-snapshots.ts), is left to data.json.
 *
 * Before, every change waited for a new snapshot: on an 8,192-player single elimination
 * whose page had just been read (a build of 3.8 s, so the next one paced to 7.6 s after,
 * then 1.1 s of its own though it read 2 pages: the standings made again), a report's event
 * went out 6.2 s after the PUT at a load of 3, 18.9 s at a load of 21 (last session).
 * `npm run build && node bench/viewer-scale.mjs --rr 0 --se 8192 --against <a build of
 * 96f6ef6>`, load 15.7, one run: report to display 0.3 s now, 6.2 s before (first render
 * 8.0 s and 9.4 s, as before).
 *
 * Anything else (participants written, match rows added or deleted, another process's
 * writes, a station renamed, a new format, more than DELTA_MATCHES matches) is answered
 * undefined: the topic takes a new snapshot, as before.
 */
import type { RecordLike, TournamentSnapshot } from "../../model/watch-events.js";
import { tournamentSnapshotBuilder } from "../../model/watch-snapshot.js";
import { type BuildDeps, everyRecord, type Get, Refused, shapeOf } from "./snapshot-build.js";
import { stationsOf } from "./snapshot-changes.js";

/** What a topic last told, and where in serve's change log its reading began. */
export interface Told {
  readonly watch: TournamentSnapshot;
  /** The change log's mark its version was read from; undefined: untracked. */
  readonly mark: number | undefined;
  /** The tournament's attributes its matches' watch records depend on (snapshot-build.ts). */
  readonly shape: string;
}

/** A topic's next version, made from the records that changed. */
export interface Delta extends Told {
  readonly revision: number;
  /** Match records read (what the tests look at). */
  readonly matchesRead: number;
}

/** The most match records a delta reads; past it the topic takes a new snapshot. */
export const DELTA_MATCHES = 250;

export interface DeltaDeps extends BuildDeps {
  readonly revision: (id: number) => number | undefined;
}

/** The ids of `watch`'s matches whose station is not the one `stations` (the records now) say. */
function restationed(watch: TournamentSnapshot, stations: ReadonlyMap<number, number>): string[] {
  const moved: string[] = [];
  for (const [id, m] of watch.matches)
    if (m.info.station_id !== (stations.get(Number(id)) ?? null)) moved.push(id);
  return moved;
}

const dataOf = (get: Get, path: string): RecordLike => {
  const response = get(path);
  if (response.status !== 200) throw new Refused(response);
  return ((response.json ?? JSON.parse(response.body)) as { data: RecordLike }).data;
};

/** Reads, as one request of the owner, what changed since `told`; undefined: take a snapshot. */
function readChanged(
  deps: DeltaDeps,
  id: number,
  told: Told,
  written: ReadonlySet<number>,
  get: Get,
): Omit<Delta, "revision" | "mark"> | undefined {
  const path = `${deps.basePath}/tournaments/${id}`;
  const tournament = dataOf(get, path);
  const shape = shapeOf(tournament);
  if (shape !== told.shape) return undefined;
  const stationRecords = everyRecord(get, `${path}/stations`);
  const changed = new Set(restationed(told.watch, stationsOf(stationRecords)));
  for (const match of written)
    if (told.watch.matches.has(String(match))) changed.add(String(match));
  if (changed.size > DELTA_MATCHES) return undefined;
  const records = new Map<string, RecordLike>();
  for (const match of changed) records.set(match, dataOf(get, `${path}/matches/${match}`));
  const builder = tournamentSnapshotBuilder(tournament, deps.now(), stationRecords);
  builder.keepParticipants(told.watch);
  for (const match of told.watch.matches.keys()) {
    const record = records.get(match);
    if (record !== undefined) builder.match(record);
    // A station renamed: its matches name it otherwise (a snapshot reads them again).
    else if (!builder.reuse(match, told.watch)) return undefined;
  }
  return { watch: builder.done(), shape, matchesRead: records.size };
}

/**
 * The version of tournament `id` after `told`, made from the few matches serve's writes
 * changed since, or undefined when it cannot be (then a snapshot is taken). Synchronous:
 * the revision, the log's mark and the records are read in one turn, between writes.
 */
export function topicDelta(deps: DeltaDeps, id: number, told: Told): Delta | undefined {
  if (told.mark === undefined || deps.changes === undefined) return undefined;
  const revision = deps.revision(id);
  if (revision === undefined) return undefined;
  // After `revision` was read, as a snapshot's build takes it (snapshot-build.ts).
  const mark = deps.changes.mark();
  const written = deps.changes.since(told.mark, id);
  if (written === undefined || written.matchRows || written.participants) return undefined;
  try {
    const made = deps.read(id, (get) => readChanged(deps, id, told, written.matches, get));
    return made === undefined ? undefined : { ...made, revision, mark };
  } catch (error) {
    // Gone or a read the database refused: the snapshot's path says which.
    if (error instanceof Refused) return undefined;
    throw error;
  }
}
