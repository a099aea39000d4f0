/**
 * Some fields of each tournament of a list (`tourney tournament list --json id,name`, and
 * the columns of its rows and table), made by SQLite as JSON text (issue 27): for each
 * record an object of the asked keys in the asked order, each key's value the text the
 * plain `--json` record has for it (store/tournament-records-json.ts: the stored head's
 * value, or the same column expressions), `null` where the record lacks the key. The CLI
 * parses these small objects instead of the 1.6 MB of whole records of 1,000 tournaments,
 * and prints them through the printer as before: `JSON.parse` then `JSON.stringify` of the
 * same values, so any text SQLite gives back in another spelling prints as the whole
 * record's does. Every key of TOURNAMENT_RECORD_KEYS is in every object, as the service's
 * record has it (null where the settings lack it, as `--json FIELDS` prints it there).
 *
 * Steps aside (undefined, nothing written) where the whole records' text does
 * (allRenderable), for a key no record has (the whole records then name the fields there
 * are), and for text that is not valid UTF-8 (the whole records' path replaces it as the
 * CLI reads it).
 * test/cli/tournament-list-fields.test.ts compares every field with the full path's.
 */
import { isUtf8 } from "node:buffer";
import {
  type BytesSink,
  type RecordsShape,
  TOURNAMENT_RECORD_KEYS,
  type WrittenRecords,
} from "../model/records-json.js";
import type { Db } from "./database.js";
import { readTransaction } from "./read-transaction.js";
import {
  allRenderable,
  COLUMN_VALUES,
  chunkRows,
  eachChunk,
  WORD,
  wordsOf,
} from "./tournament-records-json.js";
import { type TournamentFilter, whereClause } from "./tournaments-repository.js";

/** A head key's JSON text in the stored head (NULL when the settings lack it). */
const inHead = (key: string) => `((r.head || '}') -> '$.${key}')`;

/**
 * The concat parts of `key`'s value text: the id, a column value as the whole record reads
 * it, else a key of the stored head (TOURNAMENT_RECORD_KEYS between the id and the
 * columns), `null` where the settings lack it; undefined for a key no record has.
 */
function valueParts(key: string): readonly string[] | undefined {
  if (key === "id") return ["t.id"];
  if (Object.hasOwn(COLUMN_VALUES, key)) return COLUMN_VALUES[key];
  return TOURNAMENT_RECORD_KEYS.includes(key) ? [`ifnull(${inHead(key)}, 'null')`] : undefined;
}

/** Keys whose values need the tournament's match counts. */
const COUNTED = new Set(["progress_meter", "matches_count", "matches_complete"]);

/** The chunk statement for `fields` (all with valueParts). */
function fieldsStatement(where: string, fields: readonly string[], ordered: boolean): string {
  const order = ordered ? " ORDER BY t.id" : "";
  const object = fields.flatMap((key, i) => [
    `'${i === 0 ? "{" : ","}${JSON.stringify(key)}:'`,
    ...valueParts(key)!,
  ]);
  return `SELECT CAST(group_concat(concat(${object.join(", ")}, '}'), ','${order}) AS BLOB) AS json,
    group_concat(t.id, ','${order}) AS ids, json_group_array(${WORD}${order}) AS words,
    count(*) AS count
  FROM ${chunkRows(
    where,
    fields.some((key) => COUNTED.has(key)),
  )}
    LEFT JOIN tournament_records r ON r.tournament_id = t.id`;
}

interface Chunk {
  json: Buffer | null;
  ids: string;
  words: string;
  count: number;
}

/**
 * Writes `shape.fields` of every tournament `filter` selects, in id order, to `write` as
 * the JSON text of an array of objects (each the fields in the asked order) and a line
 * break, in one call. Undefined, with nothing written, where it steps aside (see above).
 */
export function writeTournamentFieldsJson(
  db: Db,
  filter: TournamentFilter,
  shape: RecordsShape,
  write: BytesSink,
): WrittenRecords | undefined {
  const { fields } = shape;
  if (fields.length === 0 || !fields.every((key) => valueParts(key) !== undefined))
    return undefined;
  const where = whereClause(filter);
  const renderable = db.prepare(allRenderable(where.sql)).pluck();
  const statement = (ordered: boolean) => fieldsStatement(where.sql, fields, ordered);
  const words: string[] = [];
  const parts: Uint8Array[] = [];
  const made = readTransaction(db, () => {
    if (renderable.get(...where.params) !== 1) return false;
    eachChunk<Chunk>(db, statement, where.params, (chunk) => {
      words.push(chunk.words);
      parts.push(Buffer.from(parts.length === 0 ? "[" : ","), chunk.json!);
    });
    parts.push(Buffer.from(parts.length === 0 ? "[]\n" : "]\n"));
    return true;
  });
  if (!made || !parts.every((part) => isUtf8(part))) return undefined;
  write(parts);
  return { words: wordsOf(words) };
}
