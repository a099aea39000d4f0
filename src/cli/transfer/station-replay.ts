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
import type { TournamentExport } from "../../model/tournament-export.js";
import { stationSteps } from "./station-steps.js";
import { targetMatches } from "./target-matches.js";

const nullable = (id: unknown): string | null => (id == null ? null : String(id));

/** A 404 for the queue of a station just found or made: a service answering an empty queue so. */
function none(error: unknown): ApiRecord[] {
  if (error instanceof NotFoundError) return [];
  throw error;
}

async function targetMatchIds(client: ApiClient, url: string): Promise<Map<string, string>> {
  return new Map([...(await targetMatches(client, url))].map(([key, m]) => [key, m.id]));
}

/** A queue on the target as match ids and queuer ids, first to last. */
interface Entry {
  readonly match: string;
  readonly queuer: string;
}

/**
 * Makes each station's queue the file's, in order: a match queued at another station (the
 * target's auto_assign queues every open match without a station as each station is made,
 * on the shortest queue) leaves that queue for the file's station; one at the right station
 * in another place is moved there; one the file queues nowhere leaves its queue. Before,
 * each entry missing here was created, and a match the target had queued elsewhere stopped
 * the import: "match 4 is already queued at station 1" (exit 5, on every run). The queues
 * are read once and kept here as each request leaves them. Returns the requests sent.
 */
async function replayQueues(
  client: ApiClient,
  doc: TournamentExport,
  ids: ReadonlyMap<string, string>,
  stationIds: ReadonlyMap<string, string>,
  quiet: () => Promise<void>,
): Promise<number> {
  const url = doc.tournament.url;
  const queues = new Map<string, Entry[]>();
  for (const stationId of new Set(stationIds.values())) {
    const listed = await client.stations.queuers(url, stationId).listAll().catch(none);
    queues.set(
      stationId,
      listed.map((q) => ({ match: String(q.attributes.match_id), queuer: q.id })),
    );
  }
  const stationOf = (match: string) =>
    [...queues].find(([, queue]) => queue.some((e) => e.match === match))?.[0];
  const wanted = new Set(doc.stations.flatMap((s) => s.queue.map((key) => ids.get(key))));
  let sent = 0;
  for (const s of doc.stations) {
    const stationId = stationIds.get(s.name)!;
    const queuers = client.stations.queuers(url, stationId);
    const queue = queues.get(stationId)!;
    let position = 0;
    for (const key of s.queue) {
      const match = ids.get(key);
      if (match === undefined) continue;
      position++;
      const other = stationOf(match);
      if (other !== undefined && other !== stationId) {
        const there = queues.get(other)!;
        const [entry] = there.splice(
          there.findIndex((e) => e.match === match),
          1,
        );
        await quiet();
        await client.stations.queuers(url, other).delete(entry!.queuer);
        sent++;
      }
      const at = queue.findIndex((e) => e.match === match);
      if (at === position - 1) continue;
      await quiet();
      if (at >= 0) {
        const [entry] = queue.splice(at, 1);
        await queuers.update(entry!.queuer, { position });
        queue.splice(position - 1, 0, entry!);
      } else {
        const made = await queuers.create({ match_id: Number(match), position });
        queue.splice(position - 1, 0, { match, queuer: made.id });
      }
      sent++;
    }
    for (const entry of queue.slice(position))
      if (!wanted.has(entry.match)) {
        await quiet();
        await queuers.delete(entry.queuer);
        queue.splice(queue.indexOf(entry), 1);
        sent++;
      }
  }
  return sent;
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
  const options = doc.tournament.settings.station_options as Record<string, unknown> | undefined;
  const nothing = { quiet: async () => {}, reached: () => {} };
  if (options?.auto_assign !== true || doc.stations.length === 0)
    return placeStations(client, doc, nothing);
  // With auto_assign the target places each open match as each station is made (the first
  // station made takes the earliest open match, though the file may hold it at another);
  // the file's places are set with it off, then it is put back (also when a request fails).
  // Turning it on places nothing more: the file's stations and queues were already as
  // auto_assign leaves them. Off only when a request is due; a run killed while it was off
  // left it off, and a run again puts it back even when nothing else is due (not on a
  // service without stations, the list a 404: nothing of them is sent there).
  const target = await client.tournaments.get(doc.tournament.url);
  const now = target.attributes.station_options as Record<string, unknown> | undefined;
  let off = false;
  const reached = () => {
    if (now?.auto_assign === false) off = true;
  };
  const quiet = async () => {
    if (off) return;
    off = true;
    await client.tournaments.update(doc.tournament.url, {
      station_options: { ...options, auto_assign: false },
    });
  };
  try {
    return await placeStations(client, doc, { quiet, reached });
  } finally {
    if (off) await client.tournaments.update(doc.tournament.url, { station_options: options });
  }
}

async function placeStations(
  client: ApiClient,
  doc: TournamentExport,
  how: { readonly quiet: () => Promise<void>; readonly reached: () => void },
): Promise<number> {
  if (doc.stations.length === 0) return 0;
  const url = doc.tournament.url;
  const stations = client.stations.of(url);
  // A 404 for the stations of the tournament just read or made: a service without them.
  const listed = await stations.listAll().catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  });
  if (listed === undefined) return 0;
  how.reached();
  const ids = await targetMatchIds(client, url);
  const keys = new Map([...ids].map(([key, id]) => [id, key]));
  const target = listed.map((s) => {
    const id = nullable(s.attributes.match_id);
    return {
      id: s.id,
      name: String(s.attributes.name),
      match: id === null ? null : (keys.get(id) ?? `#${id}`),
    };
  });
  const idOf = (key: string | null) => (key === null ? null : Number(ids.get(key)));
  const made = new Map<string, string>();
  // The decisions the plan lists too (station-steps.ts), sent in order.
  const steps = stationSteps(doc, target, (key) => ids.has(key));
  for (const step of steps) {
    await how.quiet();
    if (step.kind !== "create") {
      const matchId = step.kind === "take" ? null : idOf(step.match);
      await stations.update(step.station, { match_id: matchId });
      continue;
    }
    const { file, match } = step;
    const station = await stations.create({
      ...file.attributes,
      name: file.name,
      ...(match === null ? {} : { match_id: idOf(match) }),
    });
    made.set(file.name, station.id);
  }
  // The file's stations by name: the target's found as the service compares names, or made.
  const have = new Map(target.map((s) => [participantNameKey(s.name), s.id]));
  const placed = new Map(
    doc.stations.map((s) => [s.name, have.get(participantNameKey(s.name)) ?? made.get(s.name)!]),
  );
  return steps.length + (await replayQueues(client, doc, ids, placed, how.quiet));
}
