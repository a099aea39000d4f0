/**
 * A tournament list as the JSON text `tourney tournament list --json` prints (issue 27),
 * made by SQLite in one statement: no row object, no parsed settings, no string on the
 * JavaScript heap. The text is `JSON.stringify` of the records the CLI prints (each the
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

/**
 * The statement over the rows `where` selects (tournaments-repository.ts whereClause), in
 * id order. The aggregates take the rows in the order `listed` gives them (an ORDER BY in
 * each cost a sort of the records' text: ~40 % of the statement); the caller checks the ids
 * came in order. A row without its stored part (NULL head: see tournament-record-parts.ts)
 * makes the list step aside.
 *
 * The records without the list's brackets, which the caller writes around them: a page
 * fault costs ~7 us on this machine, and `concat('[', ..., ']')` copied the 1.6 MB of 1,000
 * records into new memory once more (~540 page faults a list, perf stat page-faults). A
 * row a record instead (~330 fewer faults again) made 2,000 more objects, and two more
 * scavenges of the young heap (--trace-gc, 5-12 ms each here).
 */
function statement(where: string): string {
  return `WITH listed AS (SELECT t.id, t.state, t.participants_count, t.created_at, t.updated_at,
      t.started_at, t.completed_at FROM tournaments t${where} ORDER BY t.id),
    counts AS (
      SELECT tournament_id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
      FROM matches WHERE active = 1 AND tournament_id IN (SELECT id FROM listed) GROUP BY tournament_id)
  SELECT CAST(group_concat(${RECORD}, ',') AS BLOB) AS json,
    group_concat(t.id) AS ids, json_group_array(r.url) AS urls,
    ifnull(min(r.head IS NOT NULL), 1) AS renderable
  FROM listed t LEFT JOIN counts c ON c.tournament_id = t.id
    LEFT JOIN tournament_records r ON r.tournament_id = t.id`;
}

/** The ids of the rows as they were aggregated, or undefined when not in increasing order. */
function idsInOrder(text: string | null): number[] | undefined {
  const ids = text === null ? [] : text.split(",").map(Number);
  return ids.every((id, i) => i === 0 || id > ids[i - 1]!) ? ids : undefined;
}

const OPEN = Buffer.from("[");
const CLOSE = Buffer.from("]\n");

/**
 * Every tournament `filter` selects, in id order, as the CLI's JSON text (in parts: the
 * opening bracket, the records, the closing one); undefined when a row's record could come
 * out otherwise (see above): the caller lists as usual.
 */
export function tournamentRecordsJson(db: Db, filter: TournamentFilter): RecordsJson | undefined {
  const where = whereClause(filter);
  const row = db.prepare(statement(where.sql)).get(...where.params) as {
    json: Buffer | null;
    ids: string | null;
    urls: string;
    renderable: number;
  };
  const ids = idsInOrder(row.ids);
  if (ids === undefined || row.renderable !== 1) return undefined;
  if (row.json !== null && !isUtf8(row.json)) return undefined;
  const urls = JSON.parse(row.urls) as unknown[];
  return {
    json: row.json === null ? [OPEN, CLOSE] : [OPEN, row.json, CLOSE],
    keys: ids.map((id, i) => ({ id, url: urls[i] })),
  };
}
