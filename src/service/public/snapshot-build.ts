/**
 * Making one tournament's shared snapshot (tournament-snapshots.ts): the bracket page's
 * data.json, gzipped as it is written, and the watch snapshot its event streams diff,
 * from one pass over the v2.1 GET routes (read as the tournament's owner). Each page of
 * 1,000 records is one unit of the work gate (work-gate.ts), so other requests are
 * answered between pages; the JSON goes into a gzip stream page by page (compressed
 * on libuv's threads) and only the compressed chunks are kept: no 70 MB string is
 * ever made, and every reader is sent those same chunks.
 */
import { once } from "node:events";
import type { HttpResponse } from "../../model/http.js";
import { MAX_PER_PAGE } from "../../model/resource.js";
import {
  type RecordLike,
  type TournamentSnapshot,
  tournamentSnapshotBuilder,
} from "../../model/watch-events.js";
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

/** The gzip stream the snapshot's text goes through, and what it made. */
function gzipSink() {
  const zlib = process.getBuiltinModule("node:zlib");
  const gz = zlib.createGzip({ level: 6 });
  const chunks: Buffer[] = [];
  let gzipBytes = 0;
  let jsonBytes = 0;
  gz.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    gzipBytes += chunk.length;
  });
  const ended = once(gz, "end");
  return {
    write: async (text: string): Promise<void> => {
      const bytes = Buffer.from(text, "utf8");
      jsonBytes += bytes.length;
      if (!gz.write(bytes)) await once(gz, "drain");
    },
    end: async () => {
      gz.end();
      await ended;
      return { chunks, gzipBytes, jsonBytes };
    },
  };
}

/** Makes the snapshot of tournament `id` at `revision`, a page per unit of `gate`. */
export async function buildSnapshot(
  deps: BuildDeps,
  gate: WorkGate,
  id: number,
  revision: number,
): Promise<Snapshot> {
  const path = `${deps.basePath}/tournaments/${id}`;
  const head = await gate.run(() =>
    deps.read(id, (get) => ({
      tournament: dataOf(get(path)) as RecordLike,
      stations: everyRecord(get, `${path}/stations`),
    })),
  );
  const builder = tournamentSnapshotBuilder(head.tournament, deps.now());
  const sink = gzipSink();
  const pages = async (list: string, each: (record: RecordLike) => void): Promise<number> => {
    let count = 0;
    for (let page = 1; ; page++) {
      const found = await gate.run(() => {
        const read = deps.read(id, (get) => pageOf(get, `${path}/${list}`, page));
        for (const record of read.records) each(record);
        const text = read.records.map((record) => JSON.stringify(record)).join(",");
        return { text, size: read.records.length, totalPages: read.totalPages };
      });
      if (found.size > 0) await sink.write(count === 0 ? found.text : `,${found.text}`);
      count += found.size;
      if (page >= found.totalPages) return count;
    }
  };
  await sink.write(`{"tournament":${JSON.stringify(head.tournament)},"participants":[`);
  await pages("participants", builder.participant);
  await sink.write(`],"matches":[`);
  const matches = await pages("matches", builder.match);
  // Standings (a ranking of every participant) are a unit of their own.
  const standings = await gate.run(() =>
    deps.read(id, (get) => {
      const answer = get(`${path}/standings`);
      return answer.status === 200 ? (dataOf(answer) ?? null) : null;
    }),
  );
  await sink.write(
    `],"stations":${JSON.stringify(head.stations)},"standings":${JSON.stringify(standings)}}`,
  );
  const made = await sink.end();
  return {
    id,
    revision,
    gzip: made.chunks,
    gzipBytes: made.gzipBytes,
    jsonBytes: made.jsonBytes,
    matches,
    watch: builder.done(),
  };
}
