/**
 * `tournament list --state` on a remote profile. The published list filter `state` takes its
 * three groups only (pending, in_progress, ended: findTournaments in v2.1.swagger.json; the
 * hosted service refuses another value, 422), where the embedded service and serve take
 * every state as well. So `all` sends no filter, a group is sent as it is, and a finer state
 * is sent as the group it falls under (model/tournament.ts STATE_FILTER_GROUPS, DESIGN.md's
 * states) and the group's records are kept only when in that state, page by page as they come
 * (a page with none of them does not end the list; `-L N` reads no page past the N-th kept). The published Tournament has no state:
 * a service whose records give none cannot tell a finer state apart within its group, and
 * is refused naming the group to ask for, rather than answered with the whole group.
 */
import type { ApiRecord } from "../../../client/envelope.js";
import type { TournamentFilters } from "../../../client/tournaments.js";
import { STATE_FILTER_GROUPS, type TournamentState } from "../../../model/tournament.js";
import { UsageError } from "../../errors.js";

export interface StateQuery {
  /** The filters to send. */
  readonly filters: TournamentFilters;
  /** A finer state asked, and the group sent for it: the records to keep of it. */
  readonly only?: { readonly state: string; readonly group: string };
}

/** The filters as the published interface takes them; a finer state to keep, if one is asked. */
export function publishedStateQuery(filters: TournamentFilters): StateQuery {
  const { state, ...rest } = filters;
  if (state === undefined || state === "all") return { filters: rest };
  if (Object.hasOwn(STATE_FILTER_GROUPS, state)) return { filters };
  const group = Object.keys(STATE_FILTER_GROUPS).find((g) =>
    STATE_FILTER_GROUPS[g]!.includes(state as TournamentState),
  );
  if (group === undefined) return { filters };
  const sent = { ...rest, state: group };
  // A group of one state (ended: complete) is exactly that state: nothing to keep out.
  if (STATE_FILTER_GROUPS[group]!.length === 1) return { filters: sent };
  return { filters: sent, only: { state, group } };
}

/** The records in the state asked (all of them when the query asked a group or none). */
export function inState(records: readonly ApiRecord[], query: StateQuery): ApiRecord[] {
  const { only } = query;
  if (only === undefined) return [...records];
  const stateless = records.find((r) => typeof r.attributes.state !== "string");
  if (stateless !== undefined)
    throw new UsageError(
      `--state ${only.state}: the service's tournaments give no state (tournament ${stateless.id} has none, as published), so it cannot tell them apart within ${only.group}: \`--state ${only.group}\` lists them all`,
    );
  return records.filter((r) => r.attributes.state === only.state);
}

/** inState of each page as it comes. */
export async function* inStatePages(
  pages: AsyncIterable<readonly ApiRecord[]>,
  query: StateQuery,
): AsyncGenerator<ApiRecord[]> {
  for await (const page of pages) yield inState(page, query);
}
