/**
 * Which OAuth scope (model/oauth.ts) a request needs, from its method and path
 * alone: one table for every route, the v1 ones included, so no route declares
 * its own. The resource family is the last family noun at a noun position of
 * the path (`/tournaments/{t}/matches/{m}/attachments` -> attachments);
 * reads (GET, HEAD, OPTIONS) need `<family>:read`, anything else `<family>:write`.
 *
 * - tournaments, and what organises them: races, rounds, stations, queuers;
 * - participants (of a tournament or a race; registering oneself included), and the
 *   standings of a tournament or a race (every participant's name and place: before, they
 *   needed `tournaments:read` alone, so a key without `participants:read` read the names);
 * - matches, and a race's elapsed times (results, as a match report is);
 * - attachments;
 * - `/me` needs `me`; `/communities` and a community's own paths need
 *   `communities:manage` (the contract: "read and manage communities"), while a
 *   tournament path under `/communities/{c}` needs what the same path needs
 *   without it.
 */

const FAMILIES: ReadonlyMap<string, string> = new Map([
  ["tournaments", "tournaments"],
  ["races", "tournaments"],
  ["rounds", "tournaments"],
  ["stations", "tournaments"],
  ["station_queuers", "tournaments"],
  // A match's queue entry, as a known client names it (routes/client-aliases.ts).
  ["station_queuer", "tournaments"],
  ["participants", "participants"],
  ["standings", "participants"],
  ["matches", "matches"],
  ["elapsed_times", "matches"],
  ["attachments", "attachments"],
]);

function isRead(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/** The scope `method path` needs (path without query or `.json`), or undefined for a path of none. */
export function requiredScope(method: string, path: string): string | undefined {
  let rest: string;
  if (path.startsWith("/v2.1/")) rest = path.slice(6);
  else if (path.startsWith("/v1/")) rest = path.slice(4);
  else return undefined;
  const segments = rest.split("/");
  if (segments[0] === "me") return "me";
  let at = 0;
  if (segments[0] === "communities") {
    if (segments[2] !== "tournaments") return "communities:manage";
    at = 2;
  }
  let family: string | undefined;
  for (let i = at; i < segments.length; i += 2) family = FAMILIES.get(segments[i]!) ?? family;
  if (family === undefined) return undefined;
  return `${family}:${isRead(method) ? "read" : "write"}`;
}
