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
 * `JSON.stringify` give again. SQLite's json_quote escapes a column's text as
 * `JSON.stringify` does (`"`, `\`, \b \f \n \r \t, other controls as \u00XX). A key the
 * serializer writes without `?? null` is left out when the settings lack it, as
 * `JSON.stringify` leaves out an undefined value (`',"k":' || NULL` is NULL, which concat
 * skips). Where the serializer's object could come out in another order or fail (an option
 * group that is not an object, a `swiss_options` key that reads as an array index, which
 * JavaScript puts first), and where the bytes are not valid
 * UTF-8 (the JavaScript path reads them as U+FFFD), there is no text: the caller lists as
 * usual. test/store/tournament-records-json.test.ts compares it with that path.
 *
 * Measured (bench/startup.mjs, docs/development.md): the embedded list of 1,000 went from
 * parsing 1.3 MB of settings, building and copying 1,000 records and encoding 1.6 MB of
 * JSON (GC a sixth of its CPU) to one statement and one write.
 */
import { isUtf8 } from "node:buffer";
import type { RecordsJson } from "../model/records-json.js";
import type { Db } from "./database.js";
import { type TournamentFilter, whereClause } from "./tournaments-repository.js";

/** `t.settings -> path`: the JSON text of a value of the settings, NULL when absent. */
const at = (path: string) => `(t.settings -> '$.${path}')`;
/** `"key":value`, left out (NULL) when the settings lack it; first in its object, or after a comma. */
const kept = (key: string, path = key, first = false) =>
  `'${first ? "" : ","}"${key}":' || ${at(path)}`;
/** `"key":value` or `"key":null` (the serializer's `?? null`). */
const orNull = (key: string, path = key, first = false) =>
  `'${first ? "" : ","}"${key}":' || ifnull(${at(path)}, 'null')`;
const quoted = (key: string, column: string) => `',"${key}":' || json_quote(t.${column})`;

/**
 * swiss_options as `{ rounds: s.rounds ?? null, ...s }` writes it: rounds first (the store
 * writes it last when set), then the other keys in their order.
 */
const OTHER_SWISS = "json_remove(t.settings -> '$.swiss_options', '$.rounds')";
const SWISS = `',"swiss_options":{"rounds":' || ifnull(${at("swiss_options.rounds")}, 'null') ||
  CASE WHEN ${OTHER_SWISS} = '{}' THEN '}' ELSE ',' || substr(${OTHER_SWISS}, 2) END`;

/** One record's text, in the serializer's order of attributes. */
const RECORD = `concat('{"id":', t.id,
  ${["name", "url", "tournament_type", "game_name", "private"].map((k) => kept(k)).join(", ")},
  ${orNull("starts_at")}, ${kept("description")}, ${kept("notifications")},
  ',"match_options":{', ${orNull("consolation_matches_target_rank", "match_options.consolation_matches_target_rank", true)},
  ${kept("accept_attachments", "match_options.accept_attachments")}, '}',
  ',"registration_options":{', ${kept("open_signup", "registration_options.open_signup", true)},
  ${orNull("signup_cap", "registration_options.signup_cap")},
  ${orNull("check_in_duration", "registration_options.check_in_duration")}, '}',
  ${[
    "seeding_options",
    "station_options",
    "group_stage_enabled",
    "group_stage_options",
    "double_elimination_options",
    "round_robin_options",
  ]
    .map((k) => kept(k))
    .join(", ")},
  ${SWISS}, ${kept("free_for_all_options")}, ${kept("tie_breaks")},
  ${quoted("state", "state")}, ',"participants_count":', t.participants_count,
  ',"progress_meter":', CASE WHEN c.total > 0 THEN (100 * c.complete) / c.total ELSE 0 END,
  ',"matches_count":', ifnull(c.total, 0), ',"matches_complete":', ifnull(c.complete, 0),
  ',"timestamps":{', ${orNull("starts_at", "starts_at", true)},
  ${quoted("created_at", "created_at")}, ${quoted("updated_at", "updated_at")},
  ${quoted("started_at", "started_at")}, ${quoted("completed_at", "completed_at")}, '}}')`;

/**
 * 1 when the serializer's record of the row is the text above: its option groups objects
 * (`.x` of null throws; of a string, spreads its characters), registration_options with
 * its first key (open_signup, written without `?? null`), and no key of swiss_options that
 * JavaScript would order before `rounds` (one that reads as an array index).
 */
const RENDERABLE = `json_type(t.settings, '$.match_options') = 'object'
  AND json_type(t.settings, '$.registration_options') = 'object'
  AND json_type(t.settings, '$.registration_options.open_signup') IS NOT NULL
  AND json_type(t.settings, '$.swiss_options') = 'object'
  AND NOT (${at("swiss_options")} GLOB '*[{,]"[0-9]*')`;

/**
 * The statement over the rows `where` selects (tournaments-repository.ts whereClause), in
 * id order. The aggregates take the rows in the order `listed` gives them (an ORDER BY in
 * each cost a sort of the records' text: ~40 % of the statement); the caller checks the ids
 * came in order.
 */
function statement(where: string): string {
  return `WITH listed AS (SELECT * FROM tournaments t${where} ORDER BY t.id),
  counts AS (
    SELECT tournament_id, COUNT(*) AS total, COUNT(CASE WHEN state = 'complete' THEN 1 END) AS complete
    FROM matches WHERE active = 1 AND tournament_id IN (SELECT id FROM listed) GROUP BY tournament_id)
  SELECT CAST(concat('[', group_concat(${RECORD}, ','), ']', char(10)) AS BLOB) AS json,
    group_concat(t.id) AS ids, json_group_array(${at("url")}) AS urls,
    ifnull(min(${RENDERABLE}), 1) AS renderable
  FROM listed t LEFT JOIN counts c ON c.tournament_id = t.id`;
}

/** The ids of the rows as they were aggregated, or undefined when not in increasing order. */
function idsInOrder(text: string | null): number[] | undefined {
  const ids = text === null ? [] : text.split(",").map(Number);
  return ids.every((id, i) => i === 0 || id > ids[i - 1]!) ? ids : undefined;
}

/**
 * Every tournament `filter` selects, in id order, as the CLI's JSON text; undefined when
 * a row's record could come out otherwise (see above): the caller lists as usual.
 */
export function tournamentRecordsJson(db: Db, filter: TournamentFilter): RecordsJson | undefined {
  const where = whereClause(filter);
  const row = db.prepare(statement(where.sql)).get(...where.params) as {
    json: Buffer;
    ids: string | null;
    urls: string;
    renderable: number;
  };
  const ids = idsInOrder(row.ids);
  if (ids === undefined || row.renderable !== 1 || !isUtf8(row.json)) return undefined;
  const urls = JSON.parse(row.urls) as unknown[];
  return { json: row.json, keys: ids.map((id, i) => ({ id, url: urls[i] })) };
}
