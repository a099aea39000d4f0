/**
 * v1 tournaments: index, create, show, update, destroy and the state
 * operations, over the v2.1 routes' own functions (routes/tournaments.ts,
 * routes/tournament-state.ts).
 */
import type { StateChange } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { refreshDueCheckIns } from "../bracket/check-in.js";
import type { ServiceContext } from "../context.js";
import { currentTournament, findTournament } from "../lookup.js";
import type { Router } from "../router.js";
import { changeTournamentState } from "../routes/tournament-state.js";
import { createTournament, readFilter, updateTournament } from "../routes/tournaments.js";
import { checkIncludedScopes } from "./included-scopes.js";
import { participantRecord, wrappedMatches } from "./records.js";
import { renameTournamentProblem, tournamentAttributes } from "./tournament-input.js";
import { tournamentRecord } from "./tournament-record.js";
import { V1_PREFIX, type V1Call, v1Error, v1Handler } from "./transport.js";
import { flagParam, recordParam, textParam } from "./values.js";

const BEFORE_GROUPS = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

/** The wrapped tournament; `include_participants=1` and `include_matches=1` nest the lists. */
export function presentTournament(service: ServiceContext, call: V1Call, row: TournamentRow) {
  const counts = service.matches.counts([row.id]).get(row.id)!;
  const record = tournamentRecord(row, counts, call.origin, service.now());
  if (flagParam(call.params, "include_participants")) {
    record.participants = service.participants
      .list(row.id)
      .map((p) => ({ participant: participantRecord(p) }));
  }
  if (flagParam(call.params, "include_matches")) {
    record.matches = wrappedMatches(service, row.id, service.matches.list(row.id, {}));
  }
  return { tournament: record };
}

/** The tournament a v1 path names (id or url), or 404. */
export function v1Tournament(service: ServiceContext, call: V1Call): TournamentRow {
  return findTournament(service, call.request.params.tournament!, undefined);
}

function index(service: ServiceContext, call: V1Call) {
  const subdomain = textParam(call.params, "subdomain");
  const filter = readFilter((n) => textParam(call.params, n), subdomain || undefined);
  refreshDueCheckIns(service);
  const rows = service.tournaments.list(filter, service.tournaments.count(filter), 0);
  const counts = service.matches.counts(rows.map((t) => t.id));
  return rows.map((t) => ({
    tournament: tournamentRecord(t, counts.get(t.id)!, call.origin, service.now()),
  }));
}

/**
 * The v1 state operations as v2.1 change_state values. v1's start and finalize
 * also run a two-stage tournament's group stage: which one applies is decided
 * on the tournament as it stands inside the write.
 */
const STATE_OPERATIONS: Readonly<Record<string, (row: TournamentRow) => StateChange>> = {
  process_check_ins: () => "process_checkin",
  abort_check_in: () => "abort_checkin",
  start: (row) =>
    row.settings.group_stage_enabled && BEFORE_GROUPS.has(row.state)
      ? "start_group_stage"
      : "start",
  finalize: (row) => (row.state === "group_stages_underway" ? "finalize_group_stage" : "finalize"),
  reset: () => "reset",
  open_for_predictions: () => "open_predictions",
};

function changeState(service: ServiceContext, call: V1Call, operation: string): TournamentRow {
  const id = v1Tournament(service, call).id;
  const choose = STATE_OPERATIONS[operation]!;
  return service.write(() => {
    const state = choose(currentTournament(service, id));
    return changeTournamentState(service, id, { state });
  });
}

export function registerV1TournamentRoutes(router: Router, service: ServiceContext): void {
  const path = `${V1_PREFIX}/tournaments`;
  // Each route's includes asked of their scopes first (included-scopes.ts).
  const route = (fn: (call: V1Call) => unknown) =>
    v1Handler(
      service,
      (call) => {
        checkIncludedScopes(service, call);
        return fn(call);
      },
      renameTournamentProblem,
    );
  const present = (call: V1Call, row: TournamentRow) => presentTournament(service, call, row);
  router.get(
    path,
    route((call) => index(service, call)),
  );
  router.post(
    path,
    route((call) => {
      const input = recordParam(call.params, "tournament", true);
      // v1 made a single elimination when no type was given.
      const attributes = { tournament_type: "single elimination", ...tournamentAttributes(input) };
      const subdomain = textParam(input, "subdomain");
      return present(call, createTournament(service, attributes, subdomain || undefined));
    }),
  );
  router.get(
    `${path}/:tournament`,
    route((call) => present(call, v1Tournament(service, call))),
  );
  router.put(
    `${path}/:tournament`,
    route((call) => {
      const row = v1Tournament(service, call);
      const input = recordParam(call.params, "tournament", false);
      const subdomain = Object.hasOwn(input, "subdomain")
        ? textParam(input, "subdomain")
        : undefined;
      if (subdomain !== undefined && (subdomain || null) !== row.community_id) {
        throw v1Error(422, "tournament[subdomain] is set when the tournament is created");
      }
      const attributes = keepPlacements(row.settings, tournamentAttributes(input));
      return present(call, updateTournament(service, row.id, attributes));
    }),
  );
  router.delete(
    `${path}/:tournament`,
    route((call) => {
      const id = v1Tournament(service, call).id;
      const gone = service.write(() => {
        const row = currentTournament(service, id);
        const record = present(call, row);
        service.tournaments.delete(row.id);
        return record;
      });
      return gone;
    }),
  );
  for (const operation of Object.keys(STATE_OPERATIONS)) {
    router.post(
      `${path}/:tournament/${operation}`,
      route((call) => present(call, changeState(service, call, operation))),
    );
  }
}

/**
 * `hold_third_place_match=true` on a tournament that decides more places (a consolation rank of
 * 5, 9, ...: v1 reads it as true) keeps them: a v1 client writing back the record it read would
 * otherwise cut its 5th-8th placement matches down to the third-place match.
 */
function keepPlacements(
  settings: { readonly match_options: { readonly consolation_matches_target_rank?: number } },
  attributes: Record<string, unknown>,
): Record<string, unknown> {
  const given = attributes.match_options as Record<string, unknown> | undefined;
  const now = settings.match_options.consolation_matches_target_rank ?? 0;
  if (given?.consolation_matches_target_rank !== 3 || now <= 3) return attributes;
  const { consolation_matches_target_rank: _, ...rest } = given;
  return { ...attributes, match_options: rest };
}
