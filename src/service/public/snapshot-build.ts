/**
 * Making one tournament's shared snapshot (tournament-snapshots.ts): the bracket page's
 * data.json, compressed as it is read, and the watch snapshot its event streams diff,
 * from one pass over the v2.1 GET routes (read as the tournament's owner). Each page of
 * LIST_PAGE records is one unit of the work gate (work-gate.ts), so other requests are
 * answered between pages. Each page's text is compressed on its own (gzip-pieces.ts, on
 * libuv's threads) and only the compressed pieces are kept: no 70 MB string is ever
 * made, every reader is sent those same pieces, and the next version of the tournament
 * takes over, as they are, the pieces of every page whose text did not change (a report
 * changes a few matches: a few pages of 100 are compressed again). When serve's own
 * writes tell what changed since the previous version (snapshot-changes.ts), the pages they
 * cannot have changed are not even read: a report reads its few pages, not 150.
 */
import type { HttpResponse } from "../../model/http.js";
import { MAX_PER_PAGE } from "../../model/resource.js";
import {
  type RecordLike,
  type SnapshotBuilder,
  type TournamentSnapshot,
  tournamentSnapshotBuilder,
} from "../../model/watch-events.js";
import type { ChangeLog } from "../../store/cache/row-changes.js";
import { gzipOf, type Piece } from "./gzip-pieces.js";
import { seedsHidden, unseeded } from "./hidden-seeds.js";
import { type PagesBefore, stationsOf, type Unread, unreadSince } from "./snapshot-changes.js";
import { Pieces } from "./snapshot-pieces.js";
import { type StandingsParts, standingsOf } from "./snapshot-standings.js";
import { type StandingsText, writeStandings } from "./snapshot-standings-text.js";
import type { WorkGate } from "./work-gate.js";

/** A GET of the v2.1 routes, answered as the tournament's owner. */
export type Get = (path: string) => HttpResponse;

export interface BuildDeps {
  readonly basePath: string;
  /** Runs `fn` as one request of the tournament's owner; a refusal when it is gone. */
  readonly read: <T>(id: number, fn: (get: Get) => T) => T;
  readonly now: () => string;
  /** The standings made a unit per step (snapshot-standings.ts); absent: the route, in one unit. */
  readonly standings?: ((id: number) => StandingsParts) | undefined;
  /** What serve's connection wrote since a mark (store.ts `Store.changes`); undefined: every page is read. */
  readonly changes?: ChangeLog | undefined;
  /** Before a build: the tournament's match rows held, a chunk a turn, if they are not (warm-matches.ts). */
  readonly warm?: ((id: number) => Promise<unknown> | undefined) | undefined;
  /** The ids on page `page` of the tournament's matches, in the list's order, and how many it has (no record made). */
  readonly matchIds: (id: number, page: number, perPage: number) => MatchIds;
}

/** A page of a tournament's match ids (BuildDeps.matchIds). */
export interface MatchIds {
  readonly ids: readonly number[];
  readonly total: number;
}

/** One version of a tournament as every viewer and stream of it gets it. */
export interface Snapshot extends PagesBefore {
  readonly id: number;
  /** The tournament's revision (migration 12) when its reading began. */
  readonly revision: number;
  /** data.json, gzipped: shared by every response, never copied. */
  readonly gzip: readonly Buffer[];
  readonly gzipBytes: number;
  readonly jsonBytes: number;
  readonly matches: number;
  readonly watch: TournamentSnapshot;
  /** Each slot's compressed piece, which the next version reuses where its text is the same. */
  readonly pieces: ReadonlyMap<string, Piece>;
  /** Pieces taken as they were from the version before (what the tests look at). */
  readonly reused: number;
  /** Pages of participants and matches read through the list routes (the others taken unread). */
  readonly pagesRead: number;
  /** The change log's mark when its reading began; undefined: untracked. */
  readonly mark: number | undefined;
  /** How many pages of participants it has. */
  readonly participantPages: number;
  /** Whether its participants went without seeds (hidden-seeds.ts): another setting reads them again. */
  readonly seedsHidden: boolean;
  /** The tournament's attributes its matches' watch records depend on. */
  readonly shape: string;
  /** The standings' records by slot, which the next version compares its own with. */
  readonly standingsPages: ReadonlyMap<string, readonly unknown[]>;
  /** Pages of standings taken as they were from the version before (what the tests look at). */
  readonly standingsKept: number;
}

/** A read of the records answered other than 200 (the tournament deleted meanwhile, a busy database). */
export class Refused extends Error {
  constructor(readonly response: HttpResponse) {
    super(`the snapshot's read was answered ${response.status}`);
  }
}

function dataOf(response: HttpResponse): unknown {
  if (response.status !== 200) throw new Refused(response);
  return ((response.json ?? JSON.parse(response.body)) as { data?: unknown }).data;
}

interface Page {
  readonly records: RecordLike[];
  readonly totalPages: number;
}

/**
 * Records of a list a page of the snapshot holds: a unit of the work gate reads one, and a
 * report reads again the two or three pages it changed. Not smaller: while serve warms a
 * tournament's rows (after a start in its write worker) a page is an SQL query with an
 * OFFSET and a count, and 250 a page made a 130,816-match build five times as long
 * (test/service/public-limit.test.ts: 247 s against 52 s).
 */
export const LIST_PAGE = 1000;

function pageOf(get: Get, path: string, page: number, perPage = MAX_PER_PAGE): Page {
  const response = get(`${path}?per_page=${perPage}&page=${page}`);
  const records = dataOf(response) as RecordLike[];
  const document = (response.json ?? JSON.parse(response.body)) as {
    meta?: { total_pages?: number };
  };
  return { records, totalPages: document.meta?.total_pages ?? 1 };
}

/** Every record of a list, all its pages (no cut: issue 24), read at once. */
export function everyRecord(get: Get, path: string): RecordLike[] {
  const all: RecordLike[] = [];
  for (let page = 1; ; page++) {
    const found = pageOf(get, path, page);
    for (const record of found.records) all.push(record);
    if (page >= found.totalPages) return all;
  }
}

/** The tournament's attributes its matches' watch records depend on (SnapshotBuilder.reuse). */
export function shapeOf(tournament: RecordLike): string {
  const a = tournament.attributes;
  const groups = (a.group_stage_options ?? null) as { stage_type?: unknown } | null;
  return JSON.stringify([a.tournament_type, groups?.stage_type]);
}

/** What one list's pages gave. */
interface Listed {
  /** Records in the list. */
  readonly count: number;
  /** Whether every page was the previous version's. */
  readonly unchanged: boolean;
  /** The ids of each page's records. */
  readonly pages: (readonly number[])[];
  /** Pages holding records (slots `slot`1, `slot`2...). */
  readonly slots: number;
  /** Pages read through the list route. */
  readonly read: number;
}

/** A page taken from the previous version unread: its ids, and how many pages the list has. */
interface Taken {
  readonly ids: readonly number[];
  readonly totalPages: number;
}

/** How one list is read. */
interface ListReading {
  /** The list route under the tournament ("matches"), and its slots' prefix ("m"). */
  readonly list: string;
  readonly slot: string;
  /** Sees every record read, told whether its page's text is the previous version's. */
  readonly each: (record: RecordLike, reused: boolean) => void;
  /** A record as data.json carries it (absent: as read). */
  readonly shown?: ((record: RecordLike) => RecordLike) | undefined;
  /** Takes page `page` (slot `slot`) from the previous version unread, if it can. */
  readonly take?: ((page: number, slot: string) => Taken | undefined) | undefined;
}

/** Reads a list of tournament `id` page by page (a unit of `gate` each) into `pieces`. */
async function readList(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  pieces: Pieces,
  reading: ListReading,
): Promise<Listed> {
  const path = `${deps.basePath}/tournaments/${id}/${reading.list}`;
  const listed = {
    count: 0,
    unchanged: true,
    pages: [] as (readonly number[])[],
    slots: 0,
    read: 0,
  };
  for (let page = 1; ; page++) {
    const slot = `${reading.slot}${page}`;
    const found = await gate.run(() => {
      const taken = reading.take?.(page, slot);
      if (taken !== undefined) return { ...taken, reused: true, read: false };
      const read = deps.read(id, (get) => pageOf(get, path, page, LIST_PAGE));
      const shown = reading.shown ?? ((record: RecordLike) => record);
      const text = read.records.map((record) => JSON.stringify(shown(record))).join(",");
      const first = listed.count === 0;
      const reused = read.records.length > 0 && pieces.add(slot, first ? text : `,${text}`);
      for (const record of read.records) reading.each(record, reused);
      const ids = read.records.map((record) => Number(record.id));
      return { ids, totalPages: read.totalPages, reused, read: true };
    });
    if (found.ids.length > 0 && !found.reused) listed.unchanged = false;
    if (found.ids.length > 0) listed.slots++;
    if (found.read) listed.read++;
    listed.pages.push(found.ids);
    await pieces.room();
    listed.count += found.ids.length;
    if (page >= found.totalPages) return listed;
  }
}

/**
 * Every participant page of `previous` taken unread (none written since); undefined if one is
 * missing, or its seeds were shown and now are hidden or the other way (hidden-seeds.ts).
 */
function keepParticipants(
  previous: Snapshot,
  pieces: Pieces,
  builder: SnapshotBuilder,
  seedsHidden: boolean,
): Listed | undefined {
  if (previous.seedsHidden !== seedsHidden) return undefined;
  const slots = Array.from({ length: previous.participantPages }, (_, i) => `p${i + 1}`);
  const kept = slots.map((slot) => pieces.before(slot));
  if (kept.some((piece) => piece === undefined)) return undefined;
  for (const [i, slot] of slots.entries()) pieces.keep(slot, kept[i]!);
  builder.keepParticipants(previous.watch);
  const count = previous.watch.participants.size;
  return { count, unchanged: true, pages: [], slots: slots.length, read: 0 };
}

/**
 * Takes a page of matches from `previous` unread when `unread` says none of its matches
 * changed and it holds the same ones: its compressed piece and its matches' watch records.
 */
function matchTaker(
  deps: BuildDeps,
  id: number,
  previous: Snapshot,
  unread: Unread,
  pieces: Pieces,
  builder: SnapshotBuilder,
): (page: number, slot: string) => Taken | undefined {
  return (page, slot) => {
    const piece = pieces.before(slot);
    if (piece === undefined) return undefined;
    const { ids, total } = deps.matchIds(id, page, LIST_PAGE);
    if (!unread.matches(page, ids)) return undefined;
    // A match the previous version lacks: the page is read (its records set again, in place).
    for (const match of ids) if (!builder.reuse(String(match), previous.watch)) return undefined;
    pieces.keep(slot, piece);
    return { ids, totalPages: Math.max(1, Math.ceil(total / LIST_PAGE)) };
  };
}

/** The standings, made a part a unit (snapshot-standings.ts), written as slots of STANDINGS_PAGE records. */
async function readStandings(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  pieces: Pieces,
  previous: Snapshot | undefined,
): Promise<StandingsText> {
  const path = `${deps.basePath}/tournaments/${id}/standings`;
  const standings = await standingsOf(gate, deps.standings?.(id), () =>
    deps.read(id, (get) => {
      const answer = get(path);
      return answer.status === 200 ? ((dataOf(answer) as unknown[] | undefined) ?? null) : null;
    }),
  );
  return writeStandings(gate, standings, pieces, previous?.standingsPages);
}

/**
 * Makes the snapshot of tournament `id` at `revision`, a page per unit of `gate`; the
 * pages whose text `previous` (an earlier version) had are taken from it as they are:
 * their compressed bytes, and their matches' watch records when no name changed; the
 * pages serve's writes since `previous` cannot have changed are taken without being read
 * (snapshot-changes.ts).
 */
export async function buildSnapshot(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  revision: number,
  previous?: Snapshot,
): Promise<Snapshot> {
  // After `revision` was read: another process's commit between the two voids the log.
  const mark = deps.changes?.mark();
  const written = previous?.mark === undefined ? undefined : deps.changes?.since(previous.mark, id);
  const path = `${deps.basePath}/tournaments/${id}`;
  const head = await gate.run(() =>
    deps.read(id, (get) => ({
      tournament: dataOf(get(path)) as RecordLike,
      stations: everyRecord(get, `${path}/stations`),
    })),
  );
  const builder = tournamentSnapshotBuilder(head.tournament, deps.now(), head.stations);
  const shape = shapeOf(head.tournament);
  const stations = stationsOf(head.stations);
  const unread = previous && unreadSince(previous, written, stations);
  const pieces = new Pieces(previous?.pieces);
  pieces.add("head", `{"tournament":${JSON.stringify(head.tournament)},"participants":[`);
  const hidden = seedsHidden(head.tournament);
  const people =
    (unread?.participants === true && keepParticipants(previous!, pieces, builder, hidden)) ||
    (await readList(deps, gate, id, pieces, {
      list: "participants",
      slot: "p",
      each: (record) => builder.participant(record),
      shown: hidden ? unseeded : undefined,
    }));
  // The matches' watch records name participants: taken over only if no page of them changed.
  const watched = previous !== undefined && people.unchanged && previous.shape === shape;
  pieces.add("matches", `],"matches":[`);
  const matches = await readList(deps, gate, id, pieces, {
    list: "matches",
    slot: "m",
    each: (record, reused) => {
      if (!(reused && watched && builder.reuse(record.id, previous.watch))) builder.match(record);
    },
    take: watched && unread ? matchTaker(deps, id, previous, unread, pieces, builder) : undefined,
  });
  pieces.add("stations", `],"stations":${JSON.stringify(head.stations)},"standings":`);
  const standings = await readStandings(deps, gate, id, pieces, previous);
  const made = await pieces.done();
  const gzip = gzipOf(made.list);
  return {
    id,
    revision,
    gzip: gzip.chunks,
    gzipBytes: gzip.gzipBytes,
    jsonBytes: gzip.jsonBytes,
    matches: matches.count,
    watch: builder.done(),
    pieces: made.pieces,
    reused: pieces.reused,
    shape,
    pagesRead: people.read + matches.read,
    mark,
    participantPages: people.slots,
    seedsHidden: hidden,
    matchPages: matches.pages,
    stations,
    standingsPages: standings.pages,
    standingsKept: standings.kept,
  };
}
