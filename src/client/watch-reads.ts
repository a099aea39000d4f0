/**
 * The looks `tourney watch` polls with (watch.ts): conditional GETs (If-None-Match)
 * of one record that tells whether anything changed (the tournament, the race), and
 * only when it did, of the rest a snapshot is made of, each conditional too.
 * - a tournament: its participants and matches;
 * - a race: its participants and rounds, and the elapsed times of each round that
 *   is under way or changed since the last look (a completed round's times no
 *   longer change; a round reset to pending has none).
 */

import { type RaceSnapshot, raceSnapshot, type WatchSnapshot } from "../model/race-watch-events.js";
import { MAX_PER_PAGE } from "../model/resource.js";
import { type RecordLike, tournamentSnapshot } from "../model/watch-events.js";
import type { ApiClient } from "./api-client.js";
import { decodeSingle } from "./envelope.js";
import { NotFoundError } from "./errors.js";
import { resourcePath } from "./resource-path.js";

/** What a watch follows: a tournament or a race, by id or url. */
export interface WatchSubject {
  readonly kind: "tournament" | "race";
  readonly ref: string;
  /** Its record as read already, and that answer's ETag: the first look asks If-None-Match. */
  readonly seen?: { readonly etag: string | undefined; readonly record: RecordLike };
}

/** Looks again: the new snapshot when something changed (always at the first look), else undefined. */
export type SnapshotReader = (now: string) => Promise<WatchSnapshot | undefined>;

interface Held {
  etag: string | undefined;
  records: RecordLike[];
}

const held = (): Held => ({ etag: undefined, records: [] });
const heldFrom = (subject: WatchSubject): Held =>
  subject.seen === undefined ? held() : { etag: subject.seen.etag, records: [subject.seen.record] };

/** A list's records, or the one record (wrapped in `data` or bare, as the description draws it). */
function dataOf(body: unknown, list: boolean): RecordLike[] {
  if (!list) return [decodeSingle(body)];
  const data = Array.isArray(body) ? body : (body as { data?: unknown }).data;
  return (Array.isArray(data) ? data : [data]) as RecordLike[];
}

/** One resource (or list's first page at the largest size), refreshed only when changed. */
async function refresh(
  client: ApiClient,
  path: string,
  into: Held,
  list: boolean,
): Promise<boolean> {
  const query = list ? { per_page: MAX_PER_PAGE } : undefined;
  const call = { method: "GET" as const, path, ...(query === undefined ? {} : { query }) };
  const got = await client.requester.conditional(call, into.etag);
  if (got === undefined) return false;
  into.etag = got.etag;
  into.records = dataOf(got.body, list);
  const pages = (got.body as { meta?: { total_pages?: number } }).meta?.total_pages ?? 1;
  // A list longer than one page: the rest unconditionally (the first page's tag guards them).
  if (list && pages > 1) into.records = await client.requester.listAll({ method: "GET", path });
  return true;
}

/** Times a look reads the rest again after a write meanwhile, before taking it as it is. */
const REREADS = 3;

/**
 * The snapshots a write landed in while they were read (the head changed after the last
 * read of the rest): their records may mix from before and after it. client/watch.ts takes
 * such a tournament's matches as far as they agree (model/watch-accept.ts) and holds back
 * the events dated after the look began, which a record read before the write may still
 * have to tell.
 */
export const tornLooks = new WeakSet<object>();

/**
 * Reads the rest of a look (`readRest`) after its head (`head`: the tournament's or race's
 * record, at `path`); true when no write landed meanwhile. A write landing between a look's
 * reads would mix records from before and after it: a final stage's matches with the state
 * before the start that made them (their openings told before the start, which came at the
 * next look); a race's first round started before the race. So the head is asked again after
 * the rest (If-None-Match: a 304 without a body when nothing was written; serve's and the
 * embedded tags change with every write of the tournament, service/tournament-tags.ts, and of
 * the database for a race) and, changed, the rest is read again, up to REREADS times, then
 * taken as it is: false (under a stream of writes every read of a large tournament is
 * overtaken: tornLooks). The head kept is always the one read before the rest's last read,
 * never after it. A service that sends no ETag is not asked again (that would read it all
 * again). A look that fails after its head was read forgets the head's tag, so that the next
 * look reads it all (a 304 would tell it nothing was new).
 */
async function readConsistently(
  client: ApiClient,
  path: string,
  head: Held,
  readRest: () => Promise<void>,
): Promise<boolean> {
  try {
    for (let again = 0; ; again++) {
      await readRest();
      // Without a tag (a service that sends none) asking again would read it all again.
      if (head.etag === undefined) return true;
      if (again === REREADS) {
        // Taken as it is: the head as read before the rest, its tag forgotten so that the
        // next look reads it all again (the change seen now is not yet read whole).
        head.etag = undefined;
        return false;
      }
      if (!(await refresh(client, path, head, false))) return true;
    }
  } catch (error) {
    head.etag = undefined;
    throw error;
  }
}

function tournamentReader(client: ApiClient, subject: WatchSubject): SnapshotReader {
  const base = resourcePath("tournaments", subject.ref);
  const [tournament, participants, matches, stations] = [heldFrom(subject), held(), held(), held()];
  let first = true;
  const readRest = async () => {
    await refresh(client, `${base}/participants`, participants, true);
    await refresh(client, `${base}/matches`, matches, true);
    // The stations only name a match's station: not asked while no match is on one.
    if (matches.records.some((m) => m.attributes.station_id != null)) {
      await refresh(client, `${base}/stations`, stations, true).catch(unlisted);
    }
  };
  return async (now) => {
    const changed = await refresh(client, base, tournament, false);
    if (!changed && !first) return undefined;
    first = false;
    const settled = await readConsistently(client, base, tournament, readRest);
    const [record, people, games] = [tournament.records[0]!, participants.records, matches.records];
    const snapshot = tournamentSnapshot(record, people, games, now, stations.records);
    if (!settled) tornLooks.add(snapshot);
    return snapshot;
  };
}

/** A round's state and stamps as the rounds list tells them: what changes when it starts, ends or resets. */
const roundKey = (r: RecordLike) => JSON.stringify([r.attributes.state, r.attributes.timestamps]);

/**
 * A race's participants are not in the published description (`GET /races/{r}/participants`
 * is serve's): answered 404 after the race itself was read, the race has none listed, and
 * its times are followed by the participant ids they carry (as `race times list` does).
 */
function unlisted(error: unknown): boolean {
  if (error instanceof NotFoundError) return false;
  throw error;
}

function raceReader(client: ApiClient, subject: WatchSubject): SnapshotReader {
  const base = resourcePath("races", subject.ref);
  const [race, participants, rounds] = [heldFrom(subject), held(), held()];
  const times = new Map<string, Held & { key: string }>();
  let last: RaceSnapshot | undefined;
  const readRest = async () => {
    await refresh(client, `${base}/participants`, participants, true).catch(unlisted);
    await refresh(client, `${base}/rounds`, rounds, true);
    for (const round of rounds.records) {
      const state = round.attributes.state;
      const key = roundKey(round);
      let kept = times.get(round.id);
      if (state === "pending") times.delete(round.id);
      else if (kept === undefined || state === "underway" || kept.key !== key) {
        if (kept === undefined || kept.key !== key) kept = { ...held(), key };
        times.set(round.id, kept);
        await refresh(client, `${base}/rounds/${round.id}/elapsed_times`, kept, true);
      }
    }
  };
  return async (now) => {
    const changed = await refresh(client, base, race, false);
    if (!changed && last !== undefined) return undefined;
    const settled = await readConsistently(client, base, race, readRest);
    const all = [...times.values()].flatMap((t) => t.records);
    last = raceSnapshot(race.records[0]!, participants.records, rounds.records, all, now);
    if (!settled) tornLooks.add(last);
    return last;
  };
}

export function snapshotReader(client: ApiClient, subject: WatchSubject): SnapshotReader {
  return subject.kind === "race" ? raceReader(client, subject) : tournamentReader(client, subject);
}
