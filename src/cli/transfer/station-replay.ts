/**
 * An export's stations into the target, after the results: each station found
 * by name or created (stream url, details, the match it holds), then its queue
 * (the matches waiting, in order) completed; what is already there is not sent again.
 * A service without stations (the published description has none: the list is 404 for
 * the tournament just read or made) is sent none: not carried, as the dry run says.
 */
import type { ApiClient } from "../../client/api-client.js";
import type { ApiRecord } from "../../client/envelope.js";
import { NotFoundError } from "../../client/errors.js";
import { participantNameKey } from "../../model/participant-name.js";
import { matchKey, type TournamentExport } from "../../model/tournament-export.js";
import { targetMatches } from "./target-matches.js";

/** A 404 for the queue of a station just found or made: a service answering an empty queue so. */
function none(error: unknown): ApiRecord[] {
  if (error instanceof NotFoundError) return [];
  throw error;
}

async function targetMatchIds(client: ApiClient, url: string): Promise<Map<string, string>> {
  return new Map([...(await targetMatches(client, url))].map(([key, m]) => [key, m.id]));
}

/**
 * Creates the missing stations and queue entries, and puts a held match on a station that is
 * there without it (a station made by hand, or by a run stopped before); returns how many
 * requests it sent. Stations are found by name as the service compares names (it refuses a
 * second station of a name; export-contents.ts refuses a document with two alike, before
 * anything is sent). Before, a run again found a station there and went on, so a station
 * missing its match was reported as imported.
 */
export async function replayStations(client: ApiClient, doc: TournamentExport): Promise<number> {
  if (doc.stations.length === 0) return 0;
  const url = doc.tournament.url;
  const stations = client.stations.of(url);
  // A 404 for the stations of the tournament just read or made: a service without them.
  const listed = await stations.listAll().catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (listed === undefined) return 0;
  const have = new Map(listed.map((s) => [participantNameKey(String(s.attributes.name)), s]));
  const ids = await targetMatchIds(client, url);
  let sent = 0;
  for (const s of doc.stations) {
    const held = doc.matches.find((m) => m.station === s.name);
    const matchId = held === undefined ? undefined : ids.get(matchKey(held));
    let station = have.get(participantNameKey(s.name));
    if (
      station !== undefined &&
      matchId !== undefined &&
      String(station.attributes.match_id) !== matchId
    ) {
      station = await stations.update(station.id, { match_id: Number(matchId) });
      sent++;
    }
    if (station === undefined) {
      station = await stations.create({
        ...s.attributes,
        name: s.name,
        ...(matchId === undefined ? {} : { match_id: Number(matchId) }),
      });
      sent++;
    }
    const queuers = client.stations.queuers(url, station.id);
    const entries = await queuers.listAll().catch(none);
    const queued = new Set(entries.map((q) => String(q.attributes.match_id)));
    for (const key of s.queue) {
      const id = ids.get(key);
      if (id === undefined || queued.has(id)) continue;
      await queuers.create({ match_id: Number(id) });
      sent++;
    }
  }
  return sent;
}
