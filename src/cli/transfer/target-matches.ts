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
import { StateRefusedError } from "../errors.js";

export function keyOf(m: ApiRecord): string {
  return matchKey({
    group: m.attributes.group_id == null ? null : Number(m.attributes.group_id),
    identifier: String(m.attributes.identifier),
  });
}

/**
 * The target's matches by key. Two under one key whose records give no `group_id` are two
 * groups' matches of one identifier (the hosted shape: a group stage's matches cannot be
 * told apart there): refused, naming why, before a result could be sent to the wrong one.
 * Before, the import stopped at the first group match saying "its existence differ".
 */
export async function targetMatches(
  client: ApiClient,
  url: string,
): Promise<Map<string, ApiRecord>> {
  const byKey = new Map<string, ApiRecord>();
  for (const m of await client.matches.listAll(url)) {
    const key = keyOf(m);
    const other = byKey.get(key);
    if (other !== undefined && m.attributes.group_id === undefined)
      throw new StateRefusedError(
        `import stopped: the target's ${url} has 2 matches ${String(m.attributes.identifier)} (ids ${other.id}, ${m.id}) and no group_id (as published) to tell their groups apart; nothing more sent`,
      );
    byKey.set(key, m);
  }
  return byKey;
}
