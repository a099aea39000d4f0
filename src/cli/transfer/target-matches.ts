/**
 * The target tournament's matches by their key across backends (group and identifier). A
 * match record without `group_id` (the published description's Match has none, so the
 * hosted service's records lack it) is a final-stage match, as one whose group_id is null:
 * before, `Number(undefined)` keyed it "group NaN A", no file's match was found there, and
 * the import stopped at the first result ("its existence differ").
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { matchKey } from "../../model/tournament-export.js";

export function keyOf(m: ApiRecord): string {
  return matchKey({
    group: m.attributes.group_id == null ? null : Number(m.attributes.group_id),
    identifier: String(m.attributes.identifier),
  });
}

export async function targetMatches(
  client: ApiClient,
  url: string,
): Promise<Map<string, ApiRecord>> {
  return new Map((await client.matches.listAll(url)).map((m) => [keyOf(m), m]));
}
