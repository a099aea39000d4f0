/** GET /tournaments/{t}/standings: an extension of the v2.1 interface. */
import { tournamentStandings } from "../bracket/standings.js";
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
    const rows = tournamentStandings(service, t);
    const data = rows.map((s) => ({
      id: `${s.stage}:${s.group_id ?? 0}:${s.participant_id}`,
      type: "standing",
      attributes: { ...s },
    }));
    const perPage = Math.max(1, data.length);
    return {
      status: 200,
      body: listDocument(data, data.length, { page: 1, perPage }, r),
      reusable: true,
    };
  });
}
