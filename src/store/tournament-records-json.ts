/**
 * A tournament list as the JSON text `tourney tournament list --json` prints (issue 27),
 * made by SQLite, RECORDS_PER_CHUNK records a statement in one read transaction: no row
 * object, no parsed settings, no string of the records on the JavaScript heap. The text is `JSON.stringify` of the records the CLI prints (each the
 * service's resource, service/serializers/tournament.ts, flattened as cli/output/records.ts
 * does: `{"id": <number>, ...attributes}`) followed by a line break, byte for byte.
 *
 * It holds because the settings column is only ever written by `JSON.stringify`
 * (tournaments-repository.ts): a value taken out of it with `->` is SQLite's copy of that
 * text (numbers and string escapes as written), which is what `JSON.parse` then
 * `JSON.stringify` give again. The settings' part of each record is made that way when the
 * settings are written and kept beside the tournament (tournament-record-parts.ts); the rest
 * is read here. SQLite's json_quote escapes a column's text as `JSON.stringify` does (`"`,
 * `\`, \b \f \n \r \t, other controls as \u00XX). Where the serializer's object could come
 * out in another order or fail (no stored part), and where the bytes are not valid UTF-8
 * (the JavaScript path reads them as U+FFFD), there is no text: the caller lists as usual.
 * test/cli/tournament-list-json.test.ts compares it with that path.
 *
 * Measured (bench/startup.mjs, docs/development.md): the embedded list of 1,000 went from
 * parsing 1.3 MB of settings, building and copying 1,000 records and encoding 1.6 MB of
 * JSON (GC a sixth of its CPU) to one statement and one write; the statement itself from
 * 41 to 13 ms (in process, warm) once the settings' parts were stored.
 */
import { isUtf8 } from "node:buffer";
import type { RecordsJson } from "../model/records-json.js";
import type { Db } from "./database.js";
import { type TournamentFilter, whereClause } from "./tournaments-repository.js";

/**
 * One record's text: the settings' part as stored (tournament-record-parts.ts), then what
 * the list reads as it is (state, counts, progress, timestamps), in the serializer's order.
 */
const RECORD = `concat(r.head,
  ',"state":', json_quote(t.state), ',"participants_count":', t.participants_count,
  ',"progress_meter":', CASE WHEN c.total > 0 THEN (100 * c.complete) / c.total ELSE 0 END,
  ',"matches_count":', ifnull(c.total, 0), ',"matches_complete":', ifnull(c.complete, 0),
  ',"timestamps":{"starts_at":', r.starts_at,
  ',"created_at":', json_quote(t.created_at), ',"updated_at":', json_quote(t.updated_at),
  ',"started_at":', json_quote(t.started_at), ',"completed_at":', json_quote(t.completed_at), '}}')`;

/** Records a statement aggregates: ~1.6 KB each, a chunk stays under glibc's 128 KB mmap threshold. */
export const RECORDS_PER_CHUNK = 32;

/**
 * The statement over the next RECORDS_PER_CHUNK rows `where` selects after id `?`
 * (tournaments-repository.ts whereClause), in id order. The aggregates take the rows in the
 * order `listed` gives them (an ORDER BY in each cost a sort of the records' text: ~40 % of
 * the statement); the caller checks the ids came in order. A row without its stored part
 * (NULL head: see tournament-record-parts.ts) makes the list step aside.
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
function statement(where: string): string {
  const after = where === "" ? " WHERE t.id > ?" : `${where} AND t.id > ?`;
  return `WITH listed AS (SELECT t.id, t.state, t.participants_count, t.created_at, t.updated_at,
      t.started_at, t.completed_at FROM tournaments t${after} ORDER BY t.id LIMIT ${RECORDS_PER_CHUNK}),
    counts AS (
      SELECT tournament_id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
      FROM matches WHERE active = 1 AND tournament_id IN (SELECT id FROM listed) GROUP BY tournament_id)
  SELECT CAST(group_concat(${RECORD}, ',') AS BLOB) AS json,
    group_concat(t.id) AS ids, json_group_array(r.url) AS urls,
    ifnull(min(r.head IS NOT NULL), 1) AS renderable, count(*) AS count
  FROM listed t LEFT JOIN counts c ON c.tournament_id = t.id
    LEFT JOIN tournament_records r ON r.tournament_id = t.id`;
}

/** The ids of the rows as they were aggregated, or undefined when not in increasing order. */
function idsInOrder(text: string | null): number[] | undefined {
  const ids = text === null ? [] : text.split(",").map(Number);
  return ids.every((id, i) => i === 0 || id > ids[i - 1]!) ? ids : undefined;
}

const OPEN = Buffer.from("[");
const COMMA = Buffer.from(",");
const CLOSE = Buffer.from("]\n");

interface Chunk {
  json: Buffer | null;
  ids: string | null;
  urls: string;
  renderable: number;
  count: number;
}

/**
 * Every tournament `filter` selects, in id order, as the CLI's JSON text (in parts: the
 * opening bracket, the records' chunks with commas between them, the closing one); undefined
 * when a row's record could come out otherwise (see above): the caller lists as usual.
 */
export function tournamentRecordsJson(db: Db, filter: TournamentFilter): RecordsJson | undefined {
  const where = whereClause(filter);
  const next = db.prepare(statement(where.sql));
  const chunks: Chunk[] = [];
  // One read transaction: the chunks see one state of the database.
  db.transaction(() => {
    let after = 0;
    for (;;) {
      const chunk = next.get(...where.params, after) as Chunk;
      if (chunk.count === 0) break;
      chunks.push(chunk);
      const ids = chunk.ids!;
      after = Number(ids.slice(ids.lastIndexOf(",") + 1));
      if (chunk.count < RECORDS_PER_CHUNK) break;
    }
  })();
  const json: Uint8Array[] = [OPEN];
  const keys: { id: number; url: unknown }[] = [];
  for (const chunk of chunks) {
    const ids = idsInOrder(chunk.ids);
    if (ids === undefined || chunk.renderable !== 1) return undefined;
    if (chunk.json === null || !isUtf8(chunk.json)) return undefined;
    const urls = JSON.parse(chunk.urls) as unknown[];
    for (let i = 0; i < ids.length; i++) {
      if (keys.length > 0 && ids[i]! <= keys[keys.length - 1]!.id) return undefined;
      keys.push({ id: ids[i]!, url: urls[i] });
    }
    if (json.length > 1) json.push(COMMA);
    json.push(chunk.json);
  }
  json.push(CLOSE);
  return { json, keys };
}
