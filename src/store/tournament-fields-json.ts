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
 * (stepAsideColumns: a row without its stored part, an id of 0 or below, a check-in due), for a key no record has (the whole records then name the fields there
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
  type ChunkCounts,
  COLUMN_VALUES,
  chunkRows,
  eachChunk,
  stepAsideColumns,
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
function fieldsStatement(
  where: string,
  fields: readonly string[],
  ordered: boolean,
  due: boolean,
): string {
  const order = ordered ? " ORDER BY t.id" : "";
  const object = fields.flatMap((key, i) => [
    `'${i === 0 ? "{" : ","}${JSON.stringify(key)}:'`,
    ...valueParts(key)!,
  ]);
  return `SELECT CAST(group_concat(concat(${object.join(", ")}, '}'), ','${order}) AS BLOB) AS json,
    group_concat(t.id, ','${order}) AS ids, json_group_array(${WORD}${order}) AS words,
    count(*) AS count, ${stepAsideColumns(due)}
  FROM ${chunkRows(
    where,
    fields.some((key) => COUNTED.has(key)),
  )}
    LEFT JOIN tournament_records r ON r.tournament_id = t.id`;
}

interface Chunk extends ChunkCounts {
  json: Buffer | null;
  words: string;
}

/**
 * Writes `shape.fields` of every tournament `filter` selects, in id order, to `write` as
 * the JSON text of an array of objects (each the fields in the asked order) and a line
 * break, in one call. Undefined, with nothing written, where it steps aside (see above;
 * `due`: an ISO time at which no check-in may be due).
 */
export function writeTournamentFieldsJson(
  db: Db,
  filter: TournamentFilter,
  shape: RecordsShape,
  write: BytesSink,
  due?: string,
): WrittenRecords | undefined {
  const { fields } = shape;
  if (fields.length === 0 || !fields.every((key) => valueParts(key) !== undefined))
    return undefined;
  const where = whereClause(filter);
  const statement = (ordered: boolean) =>
    fieldsStatement(where.sql, fields, ordered, due !== undefined);
  const words: string[] = [];
  const parts: Uint8Array[] = [];
  const made = readTransaction(db, () => {
    const whole = eachChunk<Chunk>(db, statement, where.params, due, (chunk) => {
      words.push(chunk.words);
      parts.push(Buffer.from(parts.length === 0 ? "[" : ","), chunk.json!);
    });
    if (!whole) return false;
    parts.push(Buffer.from(parts.length === 0 ? "[]\n" : "]\n"));
    return true;
  });
  if (!made || !parts.every((part) => isUtf8(part))) return undefined;
  write(parts);
  return { words: wordsOf(words) };
}
