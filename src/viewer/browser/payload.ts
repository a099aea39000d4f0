/** data.json as the page reads it (src/service/viewer/viewer.ts sends it), and its fetch. */
import type { ResourceObject } from "../../model/resource.js";
import { LoadFailure, refusalReason, saidBy } from "./live.js";
import { retryAfterMs } from "./retry.js";

/** The data's answer, 2xx; a LoadFailure saying why otherwise. */
export async function fetchData(url: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      // Revalidated each time: serve answers 304 while nothing changed.
      cache: "no-cache",
      headers: { accept: "application/json" },
    });
  } catch (e) {
    throw new LoadFailure("network", `the bracket's data could not be fetched (${String(e)})`);
  }
  if (response.status === 404)
    throw new LoadFailure(await refusalReason(response), "there is no bracket at this address");
  if (!response.ok) {
    const said = await saidBy(response);
    // A 429 or 503 says when to ask again (Retry-After): live.ts waits that long at least.
    const wait = retryAfterMs(response.headers.get("retry-after"));
    throw new LoadFailure("network", `the bracket's data answered ${response.status}${said}`, wait);
  }
  return response;
}

export interface Payload {
  readonly tournament: ResourceObject;
  readonly participants: readonly ResourceObject[];
  readonly matches: readonly ResourceObject[];
  readonly stations?: readonly ResourceObject[] | null;
  readonly standings?: readonly ResourceObject[] | null;
}

/** Station names by the id of the match each holds. */
export function stationsOf(payload: Payload): Map<number, string> {
  const byId = new Map<string, string>();
  const out = new Map<number, string>();
  for (const s of payload.stations ?? []) {
    const name = String(s.attributes.name ?? s.id);
    byId.set(String(s.id), name);
    const match = s.attributes.match_id;
    if (typeof match === "number") out.set(match, name);
  }
  for (const m of payload.matches) {
    const station = m.attributes.station_id;
    if (station !== null && station !== undefined && byId.has(String(station)))
      out.set(Number(m.id), byId.get(String(station))!);
  }
  return out;
}
