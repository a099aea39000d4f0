/**
 * Aliases for a known third-party client (issue 25): Node-Challonge-V2 sends
 * some v2.1 operations with another method or path than the published ones.
 * Each alias below maps to exactly one published (or DESIGN.md §3) operation
 * and is answered by that operation's own handler, with its checks, access and
 * scopes; nothing else is loosened. Under /v2.1/tournaments only (the client
 * names no community), never under the deprecated /v2 (v20/version.ts answers
 * only the v2.0 table). docs/interface.md, "Aliases for known clients", lists them.
 *
 *   POST .../change_state (tournament, match)     -> PUT, the same path
 *   POST .../participants/randomize               -> PUT, the same path
 *   POST .../participants/clear                   -> DELETE, the same path
 *   POST .../participants/unregister              -> DELETE .../participants/register
 *   POST .../participants/bulk_create             -> POST .../participants/bulk_add
 *   GET|POST .../matches/{m}/stations             -> .../stations (the match must exist)
 *   GET|PUT|DELETE .../matches/{m}/stations/{s}   -> .../stations/{s} (the same)
 *   GET|PUT|DELETE .../matches/{m}/station_queuer -> .../stations/{s}/station_queuers/{q},
 *                                                    the queue entry of match m
 *
 * POST .../matches/{m}/station_queuer is no alias: it names no station, so it
 * maps to no one operation.
 */
import type { HttpMethod } from "../../model/http.js";
import type { ServiceContext } from "../context.js";
import { notFound } from "../errors.js";
import { findTournament } from "../lookup.js";
import type { Reply, Router, ServiceRequest } from "../router.js";

/** Answers `r` as `method path` would be answered: that route's handler, with its parameters. */
function delegate(router: Router, r: ServiceRequest, method: HttpMethod, path: string): Reply {
  const match = router.match(method, path);
  if (match.kind !== "found") throw notFound(`no such path: ${method} ${path}`);
  (r as { params: Readonly<Record<string, string>> }).params = match.params;
  return match.handler(r);
}

/** The path with its last segment replaced. */
function sibling(path: string, last: string): string {
  return `${path.slice(0, path.lastIndexOf("/"))}/${last}`;
}

export function registerClientAliases(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const t = `${prefix}/tournaments/:tournament`;
  const as = (method: HttpMethod) => (r: ServiceRequest) => delegate(router, r, method, r.path);
  router.post(`${t}/change_state`, as("PUT"));
  router.post(`${t}/matches/:match/change_state`, as("PUT"));
  router.post(`${t}/participants/randomize`, as("PUT"));
  router.post(`${t}/participants/clear`, as("DELETE"));
  router.post(`${t}/participants/bulk_create`, (r) =>
    delegate(router, r, "POST", sibling(r.path, "bulk_add")),
  );
  router.post(`${t}/participants/unregister`, (r) => {
    // Unregistering oneself joins (leaves) a tournament, as DELETE .../register does (caller.ts).
    service.access = "join";
    return delegate(router, r, "DELETE", sibling(r.path, "register"));
  });
  registerStationAliases(router, service, prefix);
}

/** The tournament's path and the match of `r` (404 when either is unknown or hidden). */
function matchOf(service: ServiceContext, prefix: string, r: ServiceRequest) {
  const tournament = findTournament(service, r.params.tournament!, undefined);
  const ref = r.params.match!;
  const match = /^\d+$/.test(ref) ? service.matches.find(tournament.id, Number(ref)) : undefined;
  if (match === undefined) throw notFound(`match ${ref} not found in tournament ${tournament.url}`);
  return { base: `${prefix}/tournaments/${tournament.id}`, match };
}

function registerStationAliases(router: Router, service: ServiceContext, prefix: string): void {
  const m = `${prefix}/tournaments/:tournament/matches/:match`;
  const stations = (method: HttpMethod) => (r: ServiceRequest) => {
    const { base } = matchOf(service, prefix, r);
    const station = r.params.station === undefined ? "" : `/${r.params.station}`;
    return delegate(router, r, method, `${base}/stations${station}`);
  };
  router.get(`${m}/stations`, stations("GET"));
  router.post(`${m}/stations`, stations("POST"));
  for (const method of ["GET", "PUT", "DELETE"] as const) {
    router.add(method, `${m}/stations/:station`, stations(method));
    router.add(method, `${m}/station_queuer`, (r) => {
      const { base, match } = matchOf(service, prefix, r);
      const queuer = service.stations.queuerOfMatch(match.id);
      if (queuer === undefined) throw notFound(`match ${match.id} waits in no station's queue`);
      const path = `${base}/stations/${queuer.station_id}/station_queuers/${queuer.id}`;
      return delegate(router, r, method, path);
    });
  }
}
