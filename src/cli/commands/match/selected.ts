/**
 * The matches a list's filters (`?state=`, `?participant_id=`) select, told by their own
 * records: a service that ignores the filters (the Prism mock answers its one complete match
 * whatever is asked; a hosted service may too) answers matches in every state and of every
 * participant, and those are left out here, so `match list --participant`, `match report`'s
 * prompt of open matches and `demo` take only what they asked for. A match that gives no
 * state, or names no player in any form, is taken as the service filtered it. The embedded
 * service and serve filter as asked: nothing is left out there.
 */
import type { ApiClient } from "../../../client/api-client.js";
import type { MatchFilters } from "../../../client/matches.js";
import { playerIds } from "../../../model/match-players.js";
import type { ResourceObject } from "../../../model/resource.js";

/** Whether `m` names a player: player1_id, player2_id, participant_ids or a relationship. */
function namesPlayers(m: ResourceObject): boolean {
  const a = m.attributes;
  return (
    "player1_id" in a ||
    "player2_id" in a ||
    "participant_ids" in a ||
    m.relationships?.player1 !== undefined ||
    m.relationships?.player2 !== undefined
  );
}

/** Whether the participant `id` plays in `m` (either slot, or a free-for-all's entries). */
function playsIn(m: ResourceObject, id: string): boolean {
  const entries = m.attributes.participant_ids;
  const ids = [...playerIds(m), ...(Array.isArray(entries) ? entries : [])];
  return ids.some((p) => p != null && String(p) === id) || !namesPlayers(m);
}

/** The test of a match's record against `filters` (as sent: the service may have ignored them). */
export function selectedBy(filters: MatchFilters): (m: ResourceObject) => boolean {
  const { state, participant_id: participant } = filters;
  return (m) => {
    const given = m.attributes.state;
    if (state !== undefined && typeof given === "string" && given !== state) return false;
    return participant === undefined || playsIn(m, String(participant));
  };
}

/** Every match of `tournament` that `filters` select, asked with them and checked here. */
export async function selectedMatches(
  client: ApiClient,
  tournament: string,
  filters: MatchFilters,
): Promise<ResourceObject[]> {
  return (await client.matches.listAll(tournament, filters)).filter(selectedBy(filters));
}
