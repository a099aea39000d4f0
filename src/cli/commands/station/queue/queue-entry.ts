/**
 * A station's queue as the queue verbs see it: the station (id or name) and its
 * entries, each named on the command line by the match it waits for.
 */
import type { ApiClient } from "../../../../client/api-client.js";
import type { ResourceObject } from "../../../../model/resource.js";
import { UnknownReferenceError } from "../../../errors.js";
import { matchIdOf, stationId, stationQueue } from "../station-ref.js";

/** A queue entry named by its match, in a station's queue. */
export interface QueueTarget {
  /** Tournament id or url. */
  readonly tournament: string;
  /** Station id or name. */
  readonly station: string;
  /** Match id or identifier. */
  readonly match: string;
  /** `--group`: the match's group, for an identifier a group stage repeats. */
  readonly group?: string | undefined;
}

/** The station's id and the queue entry holding the match, or an error saying it is not queued. */
export async function findQueueEntry(
  client: ApiClient,
  o: QueueTarget,
): Promise<{ station: string; entry: ResourceObject }> {
  const station = await stationId(client, o.tournament, o.station);
  const matchId = await matchIdOf(client, o.tournament, o.match, o.group);
  const entries = await stationQueue(client, o.tournament, station, o.station);
  const entry = entries.find((q) => Number(q.attributes.match_id) === matchId);
  if (entry === undefined) {
    throw new UnknownReferenceError(
      `match ${o.match} is not in the queue of station ${o.station}; \`tourney station queue list ${o.tournament} ${JSON.stringify(o.station)}\` shows it`,
    );
  }
  return { station, entry };
}
