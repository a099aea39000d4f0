/**
 * `tournament list` with --json FIELDS, --jq, --limit, rows or a table on the embedded
 * backend: the flat records of the text a plain `--json` list prints (SQLite's,
 * store/tournament-records-json.ts), parsed, instead of the service's records, their
 * JSON:API text, its parse and the flattening (issue 27; figures in docs/development.md).
 * With --json FIELDS (or rows, a table: their columns' fields) SQLite makes only those
 * fields of each record (store/tournament-fields-json.ts), and the whole records' text is
 * parsed only where that steps aside.
 * test/cli/tournament-list-json.test.ts prints the full path's bytes through it.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { TournamentFilters } from "../../../client/tournaments.js";
import { type RecordsShape, TOURNAMENT_RECORD_KEYS } from "../../../model/records-json.js";
import { remember } from "../../completion/remember.js";
import type { Factory } from "../../factory.js";
import { TOURNAMENT_COLUMNS } from "../../output/columns.js";
import type { Printer } from "../../output/printer.js";
import type { FlatRecord } from "../../output/records.js";

/**
 * Whether the query leaves some tournaments out (`--state all` does not): the names it
 * shows are then added to the completion cache, none removed (a whole list replaces them).
 */
export function narrows(filters: TournamentFilters): boolean {
  return Object.entries(filters).some(
    ([key, value]) => value !== undefined && !(key === "state" && value === "all"),
  );
}

/**
 * The records `printer` lists, or undefined (nothing remembered) where the text steps
 * aside; `chosen` when they have only the fields it reads (Printer.listFields), in its order.
 */
export async function recordsOfText(
  f: Factory,
  filters: TournamentFilters,
  client: ApiClient,
  printer: Printer,
): Promise<{ records: FlatRecord[]; chosen: boolean } | undefined> {
  const fields = printer.listFields(TOURNAMENT_COLUMNS);
  if (fields !== undefined) {
    const some = await fieldsOfText(f, filters, client, { fields });
    if (some !== undefined) return { records: some, chosen: true };
  }
  const parts: Uint8Array[] = [];
  const written = await client.tournaments.listAllJson(filters, (made) => {
    parts.push(...made);
    return true;
  });
  if (written === undefined) return undefined;
  remember(f, "tournament", written.words, undefined, narrows(filters));
  return { records: recordsOf(parts, true), chosen: false };
}

/**
 * The records with `shape.fields` only (null where the settings lack one), or undefined
 * where SQLite's text of them steps aside (a field no record has among them).
 */
async function fieldsOfText(
  f: Factory,
  filters: TournamentFilters,
  client: ApiClient,
  shape: RecordsShape,
): Promise<FlatRecord[] | undefined> {
  const parts: Uint8Array[] = [];
  const written = await client.tournaments.listAllJson(
    filters,
    (made) => {
      parts.push(...made);
      return true;
    },
    shape,
  );
  if (written === undefined) return undefined;
  remember(f, "tournament", written.words, undefined, narrows(filters));
  // One JSON text (an array and a line break), parsed whole: ~50 KB for two fields of 1,000.
  return JSON.parse(Buffer.concat(parts).toString("utf8")) as FlatRecord[];
}

const COMMA = 0x2c;

/**
 * The texts of the records' chunks, as writeTournamentRecordsJson writes its parts ("[", the
 * chunks of records with "," between them, "]\n"), each to be parsed on its own (the 1,000's
 * 1.6 MB never made one copy and one string); else the whole text, as one.
 */
function chunkTexts(parts: readonly Uint8Array[]): string[] {
  const decoder = new TextDecoder();
  const separators = parts.filter((_, i) => i % 2 === 0 && i > 0 && i < parts.length - 1);
  if (parts.length % 2 === 0 || !separators.every((p) => p.length === 1 && p[0] === COMMA)) {
    const last = parts.length - 1;
    const text = parts.map((part, i) => decoder.decode(part, { stream: i < last })).join("");
    return [text.trim().slice(1, -1)];
  }
  const chunks: string[] = [];
  for (let i = 1; i < parts.length - 1; i += 2) chunks.push(decoder.decode(parts[i]));
  return chunks;
}

/**
 * The records of the text; `whole` ones each with every key the service's record has
 * (TOURNAMENT_RECORD_KEYS): a key the settings lack is left out of the text, as
 * JSON.stringify leaves out undefined, but the service's record has it (undefined), so
 * `--json FIELDS` prints it as null and names it among the fields there are.
 */
function recordsOf(parts: readonly Uint8Array[], whole: boolean): FlatRecord[] {
  const records: FlatRecord[] = [];
  for (const chunk of chunkTexts(parts))
    for (const record of JSON.parse(`[${chunk}]`) as FlatRecord[]) {
      if (whole && Object.keys(record).length < TOURNAMENT_RECORD_KEYS.length)
        for (const key of TOURNAMENT_RECORD_KEYS)
          if (!Object.hasOwn(record, key)) record[key] = undefined;
      records.push(record);
    }
  return records;
}
