/**
 * A tournament list as the JSON text `tourney tournament list --json` prints (issue 27),
 * made by SQLite, RECORDS_PER_CHUNK records a statement in one read transaction, the
 * chunks written out once it has ended: no row object, no parsed settings, no string of
 * the records on the JavaScript heap. The text is `JSON.stringify` of the records the CLI
 * prints (each the service's resource, service/serializers/tournament.ts, flattened as
 * cli/output/records.ts does: `{"id": <number>, ...attributes}`) followed by a line
 * break, byte for byte.
 *
 * It holds because the settings column is only ever written by `JSON.stringify`
 * (tournaments-repository.ts): a value taken out of it with `->` is SQLite's copy of that
 * text (numbers and string escapes as written), which is what `JSON.parse` then
 * `JSON.stringify` give again. The settings' part of each record is made that way when the
 * settings are written and kept beside the tournament (tournament-record-parts.ts); the rest
 * is read here. SQLite's json_quote escapes a column's text as `JSON.stringify` does (`"`,
 * `\`, \b \f \n \r \t, other controls as \u00XX). Where the serializer's object could come
 * out in another order or fail (no stored part) there is no text: that is known before the
 * first byte is written (each chunk says so: STEP_ASIDE), and the caller lists as usual.
 * test/cli/tournament-list-json.test.ts compares it with that path.
 *
 * Measured (bench/startup.mjs, docs/development.md): the embedded list of 1,000 went from
 * parsing 1.3 MB of settings, building and copying 1,000 records and encoding 1.6 MB of
 * JSON (GC a sixth of its CPU) to one statement and one write; the statement itself from
 * 41 to 13 ms (in process, warm) once the settings' parts were stored. Each chunk written
 * as it is made (the reader takes the 1.6 MB in while SQLite makes the rest), against the
 * same text written once at the end: the list of 1,000 into spawnSync's socket, wall,
 * medians of the paired differences of 61 alternated runs against a build of 6eccde1,
 * -6.6, -13.5 and -5.4 ms (load 3.0, 2.8, 3.7; `node -e 0` 120-146 ms), the same build
 * writing once at the end -0.2 ms. Its words for the completion cache come as one JSON text
 * a chunk (no object a record): the young heap's second scavenge of the list (3-6 ms here,
 * --trace-gc) no longer happens.
 */
import { isUtf8 } from "node:buffer";
import type { Statement } from "better-sqlite3";
import type { BytesSink, WrittenRecords } from "../model/records-json.js";
import type { Db } from "./database.js";
import { readTransaction } from "./read-transaction.js";
import { type TournamentFilter, whereClause } from "./tournaments-repository.js";

/**
 * The attributes of a record that are not in its stored head (state, counts, progress,
 * timestamps), read as they are, in the serializer's order: each key's JSON text as the
 * parts `concat` joins. Shared with the records of some fields (tournament-fields-json.ts).
 */
export const COLUMN_VALUES: Readonly<Record<string, readonly string[]>> = {
  state: ["json_quote(t.state)"],
  participants_count: ["t.participants_count"],
  progress_meter: ["CASE WHEN t.total > 0 THEN (100 * t.complete) / t.total ELSE 0 END"],
  matches_count: ["t.total"],
  matches_complete: ["t.complete"],
  timestamps: [
    `'{"starts_at":'`,
    "r.starts_at",
    `',"created_at":'`,
    "json_quote(t.created_at)",
    `',"updated_at":'`,
    "json_quote(t.updated_at)",
    `',"started_at":'`,
    "json_quote(t.started_at)",
    `',"completed_at":'`,
    "json_quote(t.completed_at)",
    "'}'",
  ],
};

/** One record's text: the settings' part as stored (tournament-record-parts.ts), then COLUMN_VALUES. */
const RECORD = `concat(r.head, ${Object.entries(COLUMN_VALUES)
  .flatMap(([key, parts]) => [`',"${key}":'`, ...parts])
  .join(", ")}, '}')`;

/** Records a statement aggregates: ~1.6 KB each, a chunk stays under glibc's 128 KB mmap threshold. */
export const RECORDS_PER_CHUNK = 32;

/**
 * A tournament as typed on a command line, for the completion cache: its url when that is
 * a non-empty string, else its id (as cli/completion/remember.ts tournamentWord makes it).
 * The stored url is SQLite's text of settings.url whatever it was (a TEXT column: 123 is
 * "123"); the text of a value that is no string starts with one of `-0-9[{`, or is "Inf"
 * (1e999), and only then are the settings asked (another program's writes: tourney stores
 * strings).
 */
export const WORD = `CASE WHEN typeof(r.url) <> 'text' OR r.url = '' THEN CAST(t.id AS TEXT)
  WHEN r.url NOT GLOB '[-0-9[{I]*' THEN r.url
  WHEN (SELECT CASE WHEN json_valid(s.settings) THEN json_type(s.settings, '$.url') END
    FROM tournaments s WHERE s.id = t.id) = 'text' THEN r.url
  ELSE CAST(t.id AS TEXT) END`;

/**
 * A tournament's active matches and those complete, as one integer (total << 32, complete):
 * one look at its matches a row, in the subquery that SQLite runs as a co-routine. The chunk
 * was made with a CTE of the rows and one of their counts (GROUP BY, joined): SQLite
 * materialized both, with an automatic index and the IN list's, four in-memory b-trees with
 * a page cache each, made anew for each statement. Fresh memory is dear here (the first touch
 * of a page of it costs 16-33 us on this machine: a C probe touching 64 MB): the list of 1
 * made 95-110 fewer page faults (`process.resourceUsage().minorPageFault`), and the chunk
 * took 1.76 -> 0.44 ms of CPU (probes, medians of 21 alternated runs, load 3.1); the list
 * of 1,000 from the entry point 52.1 -> 50.7 ms. Same text (tournament-list-json.test.ts).
 */
const COUNTS = `SELECT (COUNT(*) << 32) + COUNT(CASE WHEN m.state = 'complete' THEN 1 END)
  FROM matches m WHERE m.tournament_id = t.id AND m.active = 1`;

/**
 * The statement over the next RECORDS_PER_CHUNK rows `where` selects after id `?`
 * (tournaments-repository.ts whereClause), in id order. The aggregates take the rows in the
 * order the subquery gives them (`ids`: the caller checks it before it writes the chunk); the
 * `ordered` statement, which sorts each aggregate's rows by id itself (SQLite 3.44), makes
 * a chunk that came otherwise (never seen: an ORDER BY in each aggregate costs a sort of
 * the records' text, 1.4 ms of the list of 1,000 in a new process, medians of 21, load
 * 2.7). `words` the rows' completion words (WORD) as a JSON array.
 *
 * The records without the list's brackets, which the caller writes around them: a page
 * fault costs ~7 us on this machine, and `concat('[', ..., ']')` copied the 1.6 MB of 1,000
 * records into new memory once more (~540 page faults a list, perf stat page-faults). A
 * row a record instead (~330 fewer faults again) made 2,000 more objects, and two more
 * scavenges of the young heap (--trace-gc, 5-12 ms each here). In chunks of
 * RECORDS_PER_CHUNK rows (one read transaction): SQLite's text of 1,000 records in one
 * aggregate grew by doubling into fresh memory and took 15.4 ms in a new process, the same
 * heads in chunks of 64 9.3 ms (medians of 9, load ~4). The whole list of 1,000 into a
 * pipe, CPU (perf stat task-clock, medians of 15 alternated runs): 186.9 -> 176.4 ms at load
 * 2.2, 186.9 -> 182.3 ms at load 3.7 (chunks of 16 and 64 the same), page faults 4,137 ->
 * 3,828.
 */
export function chunkStatement(where: string, ordered: boolean, due = false): string {
  const order = ordered ? " ORDER BY t.id" : "";
  return `SELECT CAST(group_concat(${RECORD}, ','${order}) AS BLOB) AS json,
    group_concat(t.id, ','${order}) AS ids, json_group_array(${WORD}${order}) AS words,
    count(*) AS count, ${stepAsideColumns(due)}
  FROM ${chunkRows(where, true)}
    LEFT JOIN tournament_records r ON r.tournament_id = t.id`;
}

/**
 * The next RECORDS_PER_CHUNK rows `where` selects after id `?`, in id order, as `t`; their
 * match counts (`total`, `complete`) looked up when `counted`, else 0.
 *
 * The rows are read in rowid order (NOT INDEXED: the id range `t.id > ?` still searches the
 * rowid), never through an index of a filter's column: with `--state pending` SQLite took the
 * index on (state, check_in_opens_at), so each chunk read every pending row after `?`, counted
 * its matches and sorted them all by id to keep 32 (EXPLAIN QUERY PLAN: USE TEMP B-TREE FOR
 * ORDER BY), about n²/64 rows for a list of n. In rowid order each row is read once by the
 * whole list. The statements of 1,000 pending tournaments (the records' text, in a new process,
 * medians of 21 alternated runs, load 3.6): 6.52 -> 4.71 ms; unfiltered 4.84 -> 4.46 ms.
 */
export function chunkRows(where: string, counted: boolean): string {
  const after = where === "" ? " WHERE t.id > ?" : `${where} AND t.id > ?`;
  return `(SELECT id, state, participants_count, created_at, updated_at, started_at, completed_at,
      counts >> 32 AS total, counts & 4294967295 AS complete
    FROM (SELECT t.id, t.state, t.participants_count, t.created_at, t.updated_at, t.started_at,
        t.completed_at, ${counted ? `(${COUNTS})` : "0"} AS counts
      FROM tournaments t NOT INDEXED${after} ORDER BY t.id LIMIT ${RECORDS_PER_CHUNK})) t`;
}

/**
 * Two more columns of each chunk, which tell whether the list must step aside (the caller
 * then lists as usual; nothing is written before the read has ended, so that is known before
 * the first byte):
 * - `whole`: 1 when every row of the chunk has its stored part (no NULL head: see
 *   tournament-record-parts.ts, nor a missing row of tournament_records);
 * - `clear`: 1 when no tournament has an id of 0 or below (tourney never makes one; another
 *   program may), which the chunks, read after id 0 up, would leave out; and, with `due`
 *   (the named parameter @due, an ISO time), when no check-in is due then (the service's
 *   list opens it: a write; service/reader.ts). Both are looks into an index.
 * They were a statement each before the chunks (the whole table read once more, and the
 * check-ins a statement of their own): the list of 1,000 in a new process, SQLite's part
 * (prepare and steps, CPU, medians of 41 alternated runs of a probe with better-sqlite3,
 * load ~7): 4.72 -> 4.19 ms. The whole command (CPU from the entry point to the exit,
 * medians of the paired differences of 41-61 runs, load 7-11): -0.4 and -0.1 ms, within
 * the noise of such a machine.
 */
export function stepAsideColumns(due: boolean): string {
  const dueCheck = due
    ? " AND NOT EXISTS (SELECT 1 FROM tournaments WHERE state = 'pending' AND check_in_opens_at <= @due)"
    : "";
  return `ifnull(min(r.head IS NOT NULL), 1) AS whole,
    (SELECT NOT EXISTS (SELECT 1 FROM tournaments WHERE id <= 0)${dueCheck}) AS clear`;
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]\n");
const EMPTY = Buffer.from("[]\n");

interface Chunk extends ChunkCounts {
  json: Buffer | null;
  words: string;
}

/** What eachChunk reads of every chunk (chunkRows' ids and count, stepAsideColumns). */
export interface ChunkCounts {
  ids: string;
  count: number;
  whole: number;
  clear: number;
}

/**
 * The last of a chunk's ids (`text`, comma-separated), or undefined when they do not
 * increase from `after`. Split, not read a character at a time: that loop ran ~5,000 times
 * in a list of 1,000, enough for V8 to compile it with TurboFan in every such list (`node
 * --trace-opt`: one job of ~5 ms, for a process about to exit); the list of 1,000 into
 * spawnSync's socket then took 8.2-10.6 ms more CPU and 8.8-10.1 ms more wall (medians of
 * the paired differences, 21-31 alternated runs, three runs at load 2.7-3.0, with and
 * without NODE_EXTRA_CA_CERTS). core-list.test.ts checks no function is so compiled.
 */
export function lastIdInOrder(text: string, after: number): number | undefined {
  let last = after;
  for (const part of text.split(",")) {
    const id = Number(part);
    if (!(id > last)) return undefined;
    last = id;
  }
  return last;
}

/**
 * A chunk's bytes as the JavaScript path prints them. Text that is not valid UTF-8 (written
 * by some other program) reads as U+FFFD there: better-sqlite3 decodes each column with
 * V8's String::NewFromUtf8, and JSON.stringify writes U+FFFD as it is. Buffer's toString
 * decodes with the same decoder (the WHATWG replacement of each maximal invalid subpart),
 * and a column's bytes stand between ASCII punctuation in the chunk, so decoding the chunk
 * whole replaces the same bytes. Valid text (always, from tourney) is written as it is.
 */
export function asPrinted(json: Buffer): Buffer {
  return isUtf8(json) ? json : Buffer.from(json.toString("utf8"), "utf8");
}

/**
 * Writes every tournament `filter` selects, in id order, as the CLI's JSON text to `write`,
 * in one call of all its parts (the opening bracket, the chunks with commas between them,
 * the closing bracket). Undefined, with nothing written, when a row's record could come out
 * otherwise, or (with `due`, an ISO time) a check-in is due then (stepAsideColumns): the
 * caller lists as usual. An error after the first part is thrown: the text cannot be taken
 * back.
 *
 * One call, not one a chunk: the CLI's stdout (cli/stdio.ts) hands all the parts to one
 * writev, so the process sleeps and wakes once while the reader takes the 1.6 MB of 1,000
 * records, not once for each of 33 writes (CPU of the writing 10.4 -> 4.6 ms, medians of 21
 * alternated runs; the list of 1,000 into spawnSync's socket, wall, 31 alternated runs at
 * load 3.9: the median of the run-by-run differences -3.9 ms, the one figure to go by; the
 * two medians, 264.7 -> 251.9 ms, moved more than that between runs of one build).
 *
 * The chunks are made inside the read transaction and written once it has ended, never
 * from inside it: a write to a pipe blocks for as long as its reader does not read (a
 * `| less` left open), and a read transaction held that long stops every checkpoint past
 * its snapshot, so the WAL of a store other processes write grows without bound (a list
 * blocked on a pipe while a 2,048-player start was made: 0 of 429 frames checkpointed,
 * against all of them when written after). Writing each chunk as it was made overlapped
 * the reader's work with the statements: -5.4 to -13.5 ms of wall on the list of 1,000 at
 * load 3, within the noise at load 4-5 (e343792); not worth a WAL that can grow unbounded.
 */
export function writeTournamentRecordsJson(
  db: Db,
  filter: TournamentFilter,
  write: BytesSink,
  due?: string,
): WrittenRecords | undefined {
  const where = whereClause(filter);
  // Each chunk's words as SQLite wrote them (JSON arrays), parsed once at the end.
  const words: string[] = [];
  const parts: Uint8Array[] = [];
  // One read transaction: the checks and the chunks see one state of the database.
  const made = readTransaction(db, () => {
    const whole = eachChunk<Chunk>(
      db,
      (ordered) => chunkStatement(where.sql, ordered, due !== undefined),
      where.params,
      due,
      (chunk) => {
        words.push(chunk.words);
        parts.push(parts.length === 0 ? OPEN : COMMA, asPrinted(chunk.json!));
      },
    );
    if (!whole) return false;
    parts.push(parts.length === 0 ? EMPTY : CLOSE);
    return true;
  });
  if (!made) return undefined;
  write(parts);
  return { words: wordsOf(words) };
}

/**
 * Each chunk of `statement(false)` (its rows after id `?` from 0 up, RECORDS_PER_CHUNK at
 * a time, `params` before the id; `due` its @due when given) handed to `take`, in id order:
 * a chunk whose ids do not increase is made again by `statement(true)`, which sorts each
 * aggregate's rows itself. False, at the first chunk that says the list must step aside
 * (stepAsideColumns), with the chunks before it taken already. Run inside the caller's read
 * transaction.
 */
export function eachChunk<C extends ChunkCounts>(
  db: Db,
  statement: (ordered: boolean) => string,
  params: readonly unknown[],
  due: string | undefined,
  take: (chunk: C) => void,
): boolean {
  const next = db.prepare(statement(false));
  const named = due === undefined ? [] : [{ due }];
  let ordered: Statement | undefined;
  let after = 0;
  for (;;) {
    let chunk = next.get(...params, after, ...named) as C;
    if (chunk.whole !== 1 || chunk.clear !== 1) return false;
    if (chunk.count === 0) return true;
    let last = lastIdInOrder(chunk.ids, after);
    if (last === undefined) {
      ordered ??= db.prepare(statement(true));
      chunk = ordered.get(...params, after, ...named) as C;
      last = lastIdInOrder(chunk.ids, after)!;
    }
    take(chunk);
    after = last;
    if (chunk.count < RECORDS_PER_CHUNK) return true;
  }
}

/** The words of JSON arrays `chunks` (`["a","b"]` each), in order, in one parse. */
export function wordsOf(chunks: readonly string[]): string[] {
  if (chunks.length === 1) return JSON.parse(chunks[0]!) as string[];
  return JSON.parse(`[${chunks.map((c) => c.slice(1, -1)).join(",")}]`) as string[];
}
