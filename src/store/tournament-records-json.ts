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
 * One record's text after a comma: the settings' part as stored (tournament-record-parts.ts),
 * then what the list reads as it is (state, counts, progress, timestamps), in the
 * serializer's order. NULL without the stored part.
 */
const RECORD = `CASE WHEN r.head IS NOT NULL THEN concat(',', r.head,
  ',"state":', json_quote(t.state), ',"participants_count":', t.participants_count,
  ',"progress_meter":', CASE WHEN c.total > 0 THEN (100 * c.complete) / c.total ELSE 0 END,
  ',"matches_count":', ifnull(c.total, 0), ',"matches_complete":', ifnull(c.complete, 0),
  ',"timestamps":{"starts_at":', r.starts_at,
  ',"created_at":', json_quote(t.created_at), ',"updated_at":', json_quote(t.updated_at),
  ',"started_at":', json_quote(t.started_at), ',"completed_at":', json_quote(t.completed_at), '}}') END`;

/**
 * The statement over the rows `where` selects (tournaments-repository.ts whereClause), in
 * id order (the rowid's: no sort), a row a record.
 *
 * A row each, not one aggregate of them all: a page fault costs ~7 us on this machine, and
 * the aggregate's 1.6 MB for 1,000 records was new memory three times over (grown, copied
 * inside brackets, copied into JavaScript); a row's text is made in memory SQLite reuses
 * row after row, then copied once. Page faults of the whole `tournament list --json` of
 * 1,000 (bench/startup.mjs's store, perf stat): 5,650 -> 4,130; its CPU 241 -> 209 ms
 * (task-clock, median of 15, load ~7), with the stored parts above.
 */
function statement(where: string): string {
  return `WITH listed AS (SELECT t.id, t.state, t.participants_count, t.created_at, t.updated_at,
      t.started_at, t.completed_at FROM tournaments t${where}),
    counts AS (
      SELECT tournament_id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
      FROM matches WHERE active = 1 AND tournament_id IN (SELECT id FROM listed) GROUP BY tournament_id)
  SELECT t.id, r.url, CAST(${RECORD} AS BLOB)
  FROM listed t LEFT JOIN counts c ON c.tournament_id = t.id
    LEFT JOIN tournament_records r ON r.tournament_id = t.id
  ORDER BY t.id`;
}

const CLOSE = Buffer.from("]\n");

/**
 * Every tournament `filter` selects, in id order, as the CLI's JSON text (in parts: each
 * record after its separator, then the closing bracket); undefined when a row's record
 * could come out otherwise (see above): the caller lists as usual.
 */
export function tournamentRecordsJson(db: Db, filter: TournamentFilter): RecordsJson | undefined {
  const where = whereClause(filter);
  const rows = db
    .prepare(statement(where.sql))
    .raw()
    .all(...where.params) as [number, unknown, Buffer | null][];
  const json: Uint8Array[] = [];
  for (const [, , text] of rows) {
    // Each part starts and ends at a record's edge: the whole is UTF-8 when each part is.
    if (text === null || !isUtf8(text)) return undefined;
    json.push(text);
  }
  // The first record's comma is the list's opening bracket.
  if (json.length > 0) json[0]![0] = 0x5b;
  else json.push(Buffer.from("["));
  json.push(CLOSE);
  return { json, keys: rows.map(([id, url]) => ({ id, url })) };
}
