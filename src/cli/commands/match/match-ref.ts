/**
 * Naming a match on the command line: its id (`57`) or its identifier (`A`,
 * `B`, ... `AA`; `F1-2` in a free for all). Identifiers are unique within a
 * stage only: when several matches carry one (groups of a group stage, group
 * stage and final stage), the single open one is taken, else the id is needed.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { ResourceObject } from "../../../model/resource.js";
import { UnknownReferenceError, UsageError } from "../../errors.js";

export const MATCH_REF_HELP = "match id, or identifier (A, B, ... AA) as `match list` shows it";

function whereIs(match: ResourceObject): string {
  const group = match.attributes.group_id;
  const stage = group === null || group === undefined ? "final stage" : `group ${String(group)}`;
  return `${match.id} (${stage}, ${String(match.attributes.state)})`;
}

export async function resolveMatch(
  client: ApiClient,
  tournament: string,
  ref: string,
): Promise<ResourceObject> {
  if (/^\d+$/.test(ref)) return client.matches.get(tournament, ref);
  const identifier = ref.trim().toUpperCase();
  const all = await client.matches.listAll(tournament);
  const named = all.filter((m) => String(m.attributes.identifier).toUpperCase() === identifier);
  if (named.length === 0) {
    throw new UnknownReferenceError(
      `no match ${JSON.stringify(ref)} in tournament ${tournament}; \`tourney match list ${tournament}\` shows them`,
    );
  }
  if (named.length === 1) return named[0]!;
  const open = named.filter((m) => m.attributes.state === "open");
  if (open.length === 1) return open[0]!;
  throw new UsageError(
    `match ${identifier} is ambiguous in tournament ${tournament}: it names matches ${named
      .map(whereIs)
      .join(", ")}; name the match by its id`,
  );
}
