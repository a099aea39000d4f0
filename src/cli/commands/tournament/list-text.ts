/**
 * `tournament list` with --json FIELDS, --jq, --limit, rows or a table on the embedded
 * backend: the flat records of the text a plain `--json` list prints (SQLite's,
 * store/tournament-records-json.ts), parsed, instead of the service's records, their
 * JSON:API text, its parse and the flattening (issue 27; figures in docs/development.md).
 * test/cli/tournament-list-json.test.ts prints the full path's bytes through it.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { TournamentFilters } from "../../../client/tournaments.js";
import { remember } from "../../completion/remember.js";
import type { Factory } from "../../factory.js";
import type { FlatRecord } from "../../output/records.js";

/** The records, or undefined (nothing remembered) where the text steps aside. */
export async function recordsOfText(
  f: Factory,
  filters: TournamentFilters,
  client: ApiClient,
): Promise<FlatRecord[] | undefined> {
  const parts: Uint8Array[] = [];
  const written = await client.tournaments.listAllJson(filters, (made) => {
    parts.push(...made);
    return true;
  });
  if (written === undefined) return undefined;
  remember(f, "tournament", written.words);
  return recordsOf(parts);
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

function recordsOf(parts: readonly Uint8Array[]): FlatRecord[] {
  const records: FlatRecord[] = [];
  for (const chunk of chunkTexts(parts))
    for (const record of JSON.parse(`[${chunk}]`) as FlatRecord[]) records.push(record);
  return records;
}
