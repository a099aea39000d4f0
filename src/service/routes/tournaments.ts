/** /tournaments: list, get (by id or url), create, update, delete, change_state. */
import type { TournamentSettings } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { openCheckInIfDue, refreshDueCheckIns } from "../bracket/check-in.js";
import { checkMayCreateIn } from "../communities.js";
import { communityOf } from "../community.js";
import type { ServiceContext } from "../context.js";
import { readAttributes } from "../envelope.js";
import { Problems } from "../errors.js";
import { rootOf } from "../link-base.js";
import { currentTournament, findTournament } from "../lookup.js";
import { readJsonBody } from "../request-body.js";
import type { Router, ServiceRequest } from "../router.js";
import { tournamentResource } from "../serializers/tournament.js";
import { freeSlug } from "../url-slug.js";
import {
  dataDocument,
  type Ignored,
  ignoredAttributes,
  ignoredMeta,
} from "../validation/ignored.js";
import { defaultSettings, mergeSettings } from "../validation/tournament-settings.js";
import { tournamentList } from "./tournament-list.js";
import { changeTournamentState } from "./tournament-state.js";

/** Read by the v1 routes too (v1/tournaments.ts). */
export { readFilter } from "./tournament-list.js";

/** Attributes that shape the bracket: frozen once the tournament has started. */
const STRUCTURAL = [
  "tournament_type",
  "group_stage_enabled",
  "group_stage_options",
  "double_elimination_options",
  "round_robin_options",
  "swiss_options",
  "free_for_all_options",
  "seeding_options",
  "match_options",
];

/**
 * Settings inside a STRUCTURAL group that change no bracket and no result: open in every
 * state. Accepting attachments (a VOD link, a score sheet) is decided on the day, often after
 * the start, when the first attachment is refused (an outside review: the refusal's advice
 * could not be followed once underway).
 */
const OPEN_IN_EVERY_STATE: Readonly<Record<string, readonly string[]>> = {
  match_options: ["accept_attachments"],
};

/**
 * The path of a frozen setting `given` would change, or undefined. A group with settings
 * open in every state is compared setting by setting (null and unset alike); any other
 * object is refused even sent unchanged, as before (docs/interface.md).
 */
function frozenChange(key: string, given: unknown, stored: unknown): string | undefined {
  if (given === undefined || given === stored) return undefined;
  const open = OPEN_IN_EVERY_STATE[key];
  if (open === undefined || typeof given !== "object" || given === null || Array.isArray(given))
    return key;
  const before = (stored ?? {}) as Record<string, unknown>;
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = Object.entries(given).find(
    ([sub, value]) => !open.includes(sub) && !same(value, before[sub]),
  );
  return changed === undefined ? undefined : `${key}.${changed[0]}`;
}

/**
 * Attributes that change ranks without shaping the bracket: open while the tournament is
 * played (swiss pairs by them, standings follow), frozen once `finalize` has fixed
 * final_rank (DESIGN.md §3): standings would otherwise disagree with it. The other settings
 * that rank (points, ranking, group stage ranking and tie-breaks) sit in STRUCTURAL groups.
 */
const RANKING_ONCE_COMPLETE = ["tie_breaks"];

function freeUrl(service: ServiceContext, name: string): string {
  return freeSlug(name, "tournament", (url) => service.tournaments.urlTaken(url));
}

/** `ignored`, when given, collects unknown attributes instead of refusing them (v2.1, issue 15). */
export function createTournament(
  service: ServiceContext,
  attributes: Record<string, unknown>,
  communityId: string | undefined,
  ignored?: Ignored,
): TournamentRow {
  const problems = new Problems();
  for (const field of ["name", "tournament_type"]) {
    if (attributes[field] === undefined)
      problems.add(`/data/attributes/${field}`, `${field} is required`);
  }
  const settings = mergeSettings(defaultSettings(), attributes, problems, ignored);
  if (communityId !== undefined) checkMayCreateIn(service, communityId);
  return service.write(() => {
    if (attributes.url === undefined) settings.url = freeUrl(service, settings.name);
    else if (problems.empty && service.tournaments.urlTaken(settings.url)) {
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    }
    problems.throwIfAny();
    const id = service.tournaments.insert({
      settings,
      communityId: communityId ?? null,
      randomSeed: service.newRandomSeed(),
      now: service.now(),
      ownerId: service.caller.user_id,
    });
    // checking_in at once when the window is open already, as a read right after says
    return openCheckInIfDue(service, service.tournaments.findById(id)!);
  });
}

/**
 * A change of type away from single elimination drops the third-place match
 * (`consolation_matches_target_rank`), unless the same request sets it: only a single
 * elimination plays one (plan-stage.ts), and the CLI refuses it on create for any other type
 * (type-options.ts), so kept it was a setting shown (view, export: "consolation rank 3") and
 * never used. As a type's own options, it goes with the type it belongs to.
 */
function dropThirdPlace(
  settings: TournamentSettings,
  before: string,
  attributes: Record<string, unknown>,
): void {
  const type = settings.tournament_type;
  if (type === before || type === "single elimination") return;
  const given = attributes.match_options as Record<string, unknown> | undefined;
  if (given?.consolation_matches_target_rank !== undefined) return;
  delete settings.match_options.consolation_matches_target_rank;
}

/**
 * Merges `attributes` into the settings as they stand inside the write: a
 * change made meanwhile by another process is kept, and structural settings
 * are refused once the tournament has started, whoever started it. `ignored`:
 * as for createTournament.
 */
export function updateTournament(
  service: ServiceContext,
  tournamentId: number,
  attributes: Record<string, unknown>,
  ignored?: Ignored,
): TournamentRow {
  return service.write(() => {
    const row = currentTournament(service, tournamentId);
    const problems = new Problems();
    if (row.state !== "pending") {
      for (const key of STRUCTURAL) {
        // The value it has is no change: a client written from the description sends the
        // tournament_type it requires on every update (src/client/required-fields.ts).
        const stored = (row.settings as unknown as Record<string, unknown>)[key];
        const changed = frozenChange(key, attributes[key], stored);
        if (changed !== undefined) {
          problems.add(
            `/data/attributes/${key}`,
            `${changed} cannot change while the tournament is ${row.state}; reset it first`,
          );
        }
      }
    }
    if (row.state === "complete") refuseRankingChange(row, attributes, problems);
    const settings = mergeSettings(row.settings, attributes, problems, ignored);
    dropThirdPlace(settings, row.settings.tournament_type, attributes);
    if (problems.empty && service.tournaments.urlTaken(settings.url, row.id)) {
      problems.add("/data/attributes/url", `url ${JSON.stringify(settings.url)} is already taken`);
    }
    problems.throwIfAny();
    service.tournaments.updateSettings(row.id, settings, service.now());
    return openCheckInIfDue(service, service.tournaments.findById(row.id)!);
  });
}

/** A complete tournament's RANKING_ONCE_COMPLETE attributes: the value it has, or refused. */
function refuseRankingChange(
  row: TournamentRow,
  attributes: Record<string, unknown>,
  problems: Problems,
): void {
  for (const key of RANKING_ONCE_COMPLETE) {
    const stored = (row.settings as unknown as Record<string, unknown>)[key];
    if (attributes[key] === undefined || JSON.stringify(attributes[key]) === JSON.stringify(stored))
      continue;
    problems.add(
      `/data/attributes/${key}`,
      `${key} cannot change while the tournament is ${row.state}; reset it first`,
    );
  }
}

export function registerTournamentRoutes(
  router: Router,
  service: ServiceContext,
  prefix: string,
): void {
  const root = (r: ServiceRequest) => rootOf(r, service.basePath);
  const resource = (r: ServiceRequest, row: TournamentRow) =>
    tournamentResource(row, service.matches.counts([row.id]).get(row.id)!, root(r));
  const one = (r: ServiceRequest) => findTournament(service, r.params.tournament!, communityOf(r));
  // The list's reply is shared with the embedded read-only path (tournament-list.ts).
  router.get(`${prefix}/tournaments`, (r) =>
    tournamentList(service, r, () => refreshDueCheckIns(service)),
  );
  router.post(`${prefix}/tournaments`, (r) => {
    const attributes = readAttributes(readJsonBody(r), "tournament");
    const ignored: Ignored = [];
    const row = createTournament(service, attributes, communityOf(r), ignored);
    return { status: 201, body: { data: resource(r, row), ...ignoredMeta(ignored) } };
  });
  router.get(`${prefix}/tournaments/:tournament`, (r) => {
    const row = one(r);
    const body = () => ({ data: resource(r, row) });
    return { status: 200, makeBody: body, reusable: true, tournament: row.id };
  });
  router.put(`${prefix}/tournaments/:tournament`, (r) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "tournament");
    const ignored: Ignored = [];
    const row = updateTournament(service, id, attributes, ignored);
    return { status: 200, body: { data: resource(r, row), ...ignoredMeta(ignored) } };
  });
  router.delete(`${prefix}/tournaments/:tournament`, (r) => {
    const id = one(r).id;
    service.write(() => service.tournaments.delete(currentTournament(service, id).id));
    return { status: 204 };
  });
  const changeState = (r: ServiceRequest) => {
    const id = one(r).id;
    const attributes = readAttributes(readJsonBody(r), "tournamentState");
    const ignored = ignoredAttributes(attributes, ["state"]);
    const row = changeTournamentState(service, id, attributes);
    return { status: 200, body: dataDocument(resource(r, row), ignored) };
  };
  router.put(`${prefix}/tournaments/:tournament/change_state`, changeState);
  // The description also publishes a community's change as `change_stage` (its spelling).
  if (prefix !== service.basePath)
    router.put(`${prefix}/tournaments/:tournament/change_stage`, changeState);
}
