/** GET /tournaments/{t}/standings: an extension of the v2.1 interface. */
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { standingDocument, tournamentStandings } from "../bracket/standings.js";
import type { StandingDocuments } from "../bracket/standings-steps.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { listDocument } from "../envelope.js";
import { findTournament } from "../lookup.js";
import type { Router } from "../router.js";

/** Standings given to the route for tournament `t`; undefined: the route makes them in one piece. */
export type GivenStandings = (t: TournamentRow) => StandingDocuments | undefined;

/**
 * Where the route's standings come from: made in one piece as it answers (the in-process
 * service, every request but serve's GET of them), or given for one answer: serve makes
 * them a part at a time first, then answers with them (public/standings-answer.ts), the
 * route's lookups, access checks, envelope and ETag as they are.
 */
export class StandingsSource {
  #given: GivenStandings | undefined;

  /** Runs `answer` (one request, synchronous) with `given` asked for the standings. */
  with<T>(given: GivenStandings, answer: () => T): T {
    this.#given = given;
    try {
      return answer();
    } finally {
      this.#given = undefined;
    }
  }

  documentsOf(service: ServiceContext, t: TournamentRow): StandingDocuments {
    return this.#given?.(t) ?? tournamentStandings(service, t).map(standingDocument);
  }
}

export function registerStandingsRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
  source = new StandingsSource(),
): void {
  router.get(`${prefix}/tournaments/:tournament/standings`, (r) => {
    const t = findTournament(service, r.params.tournament!, communityOf(r));
    const data = source.documentsOf(service, t);
    const perPage = Math.max(1, data.length);
    return {
      status: 200,
      body: listDocument(data, data.length, { page: 1, perPage }, r),
      reusable: true,
      tournament: t.id,
    };
  });
}
