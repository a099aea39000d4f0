/**
 * Making one tournament's shared snapshot (tournament-snapshots.ts): the bracket page's
 * data.json, compressed as it is read, and the watch snapshot its event streams diff,
 * from one pass over the v2.1 GET routes (read as the tournament's owner). Each page of
 * 1,000 records is one unit of the work gate (work-gate.ts), so other requests are
 * answered between pages. Each page's text is compressed on its own (gzip-pieces.ts, on
 * libuv's threads) and only the compressed pieces are kept: no 70 MB string is ever
 * made, every reader is sent those same pieces, and the next version of the tournament
 * takes over, as they are, the pieces of every page whose text did not change (a report
 * changes a few matches: a few pages of a hundred are compressed again).
 */
import type { HttpResponse } from "../../model/http.js";
import { MAX_PER_PAGE } from "../../model/resource.js";
import {
  type RecordLike,
  type TournamentSnapshot,
  tournamentSnapshotBuilder,
} from "../../model/watch-events.js";
import { digestOf, gzipOf, makePiece, type Piece } from "./gzip-pieces.js";
import type { WorkGate } from "./work-gate.js";

/** A GET of the v2.1 routes, answered as the tournament's owner. */
export type Get = (path: string) => HttpResponse;

export interface BuildDeps {
  readonly basePath: string;
  /** Runs `fn` as one request of the tournament's owner; a refusal when it is gone. */
  readonly read: <T>(id: number, fn: (get: Get) => T) => T;
  readonly now: () => string;
}

/** One version of a tournament as every viewer and stream of it gets it. */
export interface Snapshot {
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
  /** The tournament's attributes its matches' watch records depend on. */
  readonly shape: string;
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

function pageOf(get: Get, path: string, page: number): Page {
  const response = get(`${path}?per_page=${MAX_PER_PAGE}&page=${page}`);
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
function shapeOf(tournament: RecordLike): string {
  const a = tournament.attributes;
  const groups = (a.group_stage_options ?? null) as { stage_type?: unknown } | null;
  return JSON.stringify([a.tournament_type, groups?.stage_type]);
}

/**
 * The pieces of a version (gzip-pieces.ts), slot by slot ("p3": the participants' third
 * page): a slot whose text has the digest the previous version's had takes its piece as
 * it is; any other is compressed anew, on libuv's threads, while reading goes on.
 */
class Pieces {
  readonly #made = new Map<string, Promise<Piece>>();
  readonly #order: string[] = [];
  /** Compressions under way: at most MAX_DEFLATING, so a build from nothing holds a few pages' bytes, not all. */
  readonly #deflating = new Set<Promise<Piece>>();
  reused = 0;

  constructor(private readonly previous: ReadonlyMap<string, Piece> | undefined) {}

  /** Adds the text of `slot`; true when it is the previous version's, reused. */
  add(slot: string, text: string): boolean {
    const digest = digestOf(text);
    const before = this.previous?.get(slot);
    this.#order.push(slot);
    if (before !== undefined && before.digest === digest) {
      this.#made.set(slot, Promise.resolve(before));
      this.reused++;
      return true;
    }
    const made = makePiece(text, digest);
    this.#deflating.add(made);
    const settled = () => this.#deflating.delete(made);
    made.then(settled, settled);
    this.#made.set(slot, made);
    return false;
  }

  /** Resolves once fewer than MAX_DEFLATING compressions are under way (backpressure on reading). */
  async room(): Promise<void> {
    while (this.#deflating.size >= MAX_DEFLATING)
      await Promise.race(this.#deflating).catch(() => {});
  }

  async done(): Promise<{ pieces: Map<string, Piece>; list: Piece[] }> {
    const list = await Promise.all(this.#order.map((slot) => this.#made.get(slot)!));
    return { pieces: new Map(this.#order.map((slot, i) => [slot, list[i]!])), list };
  }
}

/** Pages compressed at once (libuv's threads), as the one gzip stream before had one. */
const MAX_DEFLATING = 2;

/** What one list's pages gave: records read, and whether every page was the previous one's. */
interface Listed {
  readonly count: number;
  readonly unchanged: boolean;
}

/**
 * Reads list `list` of tournament `id` page by page (a unit of `gate` each) into `pieces`
 * (slots `slot`1, `slot`2...); `each(record, reused)` sees every record, told whether its
 * page is the previous version's.
 */
async function readList(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  list: string,
  slot: string,
  pieces: Pieces,
  each: (record: RecordLike, reused: boolean) => void,
): Promise<Listed> {
  const path = `${deps.basePath}/tournaments/${id}/${list}`;
  let count = 0;
  let unchanged = true;
  for (let page = 1; ; page++) {
    const found = await gate.run(() => {
      const read = deps.read(id, (get) => pageOf(get, path, page));
      const text = read.records.map((record) => JSON.stringify(record)).join(",");
      const reused =
        read.records.length > 0 && pieces.add(`${slot}${page}`, count === 0 ? text : `,${text}`);
      for (const record of read.records) each(record, reused);
      return { size: read.records.length, totalPages: read.totalPages, reused };
    });
    if (found.size > 0 && !found.reused) unchanged = false;
    await pieces.room();
    count += found.size;
    if (page >= found.totalPages) return { count, unchanged };
  }
}

/** The standings, read as one unit, written as pages of MAX_PER_PAGE (slots "s1", "s2"...). */
async function readStandings(deps: BuildDeps, gate: WorkGate, id: number, pieces: Pieces) {
  const path = `${deps.basePath}/tournaments/${id}/standings`;
  const standings = await gate.run(() =>
    deps.read(id, (get) => {
      const answer = get(path);
      return answer.status === 200 ? ((dataOf(answer) as unknown[] | undefined) ?? null) : null;
    }),
  );
  if (!Array.isArray(standings)) {
    pieces.add("s0", `${JSON.stringify(standings)}}`);
    return;
  }
  for (let at = 0, page = 1; at === 0 || at < standings.length; at += MAX_PER_PAGE, page++) {
    await gate.run(() => {
      const text = standings
        .slice(at, at + MAX_PER_PAGE)
        .map((s) => JSON.stringify(s))
        .join(",");
      pieces.add(`s${page}`, at === 0 ? `[${text}` : `,${text}`);
    });
    await pieces.room();
  }
  pieces.add("end", "]}");
}

/**
 * Makes the snapshot of tournament `id` at `revision`, a page per unit of `gate`; the
 * pages whose text `previous` (an earlier version) had are taken from it as they are:
 * their compressed bytes, and their matches' watch records when no name changed.
 */
export async function buildSnapshot(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  revision: number,
  previous?: Snapshot,
): Promise<Snapshot> {
  const path = `${deps.basePath}/tournaments/${id}`;
  const head = await gate.run(() =>
    deps.read(id, (get) => ({
      tournament: dataOf(get(path)) as RecordLike,
      stations: everyRecord(get, `${path}/stations`),
    })),
  );
  const builder = tournamentSnapshotBuilder(head.tournament, deps.now());
  const shape = shapeOf(head.tournament);
  const pieces = new Pieces(previous?.pieces);
  pieces.add("head", `{"tournament":${JSON.stringify(head.tournament)},"participants":[`);
  const people = await readList(deps, gate, id, "participants", "p", pieces, (record) =>
    builder.participant(record),
  );
  // The matches' watch records name participants: taken over only if no page of them changed.
  const watched = previous !== undefined && people.unchanged && previous.shape === shape;
  pieces.add("matches", `],"matches":[`);
  const matches = await readList(deps, gate, id, "matches", "m", pieces, (record, reused) => {
    if (!(reused && watched && builder.reuse(record.id, previous.watch))) builder.match(record);
  });
  pieces.add("stations", `],"stations":${JSON.stringify(head.stations)},"standings":`);
  await readStandings(deps, gate, id, pieces);
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
  };
}
