/** GET /tournaments/{t}/standings: an extension of the v2.1 interface. */
import { standingDocument, tournamentStandings } from "../bracket/standings.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument } from "../envelope.js";
import { findTournament } from "../lookup.js";
import type { Router } from "../router.js";

export function registerStandingsRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  router.get(`${prefix}/tournaments/:tournament/standings`, (r) => {
    const t = findTournament(service, r.params.tournament!, communityOf(r));
    const data = tournamentStandings(service, t).map(standingDocument);
    const perPage = Math.max(1, data.length);
    return {
      status: 200,
      body: listDocument(data, data.length, { page: 1, perPage }, r),
      reusable: true,
    };
  });
}
