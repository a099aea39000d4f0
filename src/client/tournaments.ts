/** Tournaments: `/tournaments` and `/tournaments/{t}` (with the client's community scope). */
import type { BytesSink, RecordsShape, WrittenRecords } from "../model/records-json.js";
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { tagged, updateWithCurrent } from "./required-fields.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

/** List filters, named as the contract's query parameters. */
export interface TournamentFilters {
  /** "pending", "in_progress" or "ended". */
  readonly state?: string | undefined;
  /** "single_elimination", "swiss", ... */
  readonly type?: string | undefined;
  /** A date, e.g. "2024-01-31" or "01/31/2024". */
  readonly created_after?: string | undefined;
  readonly created_before?: string | undefined;
}

export interface TournamentsApi {
  list(filters?: TournamentFilters & PageOptions): Promise<ApiList>;
  listAll(filters?: TournamentFilters): Promise<ApiRecord[]>;
  /** listAll's pages one by one, as they come (`-L N` reads no page past its N records). */
  pages(filters?: TournamentFilters): AsyncIterable<ApiRecord[]>;
  /**
   * listAll's records written to `write` as the CLI's `--json` text, as it is made, when the
   * transport can make it (requester.ts); undefined, with nothing written, when not. With
   * `shape`, only the fields it names of each record.
   */
  listAllJson(
    filters: TournamentFilters,
    write: BytesSink,
    shape?: RecordsShape,
  ): Promise<WrittenRecords | undefined>;
  /** By id or url slug. */
  get(tournament: PathSegment): Promise<ApiRecord>;
  create(attributes: Record<string, unknown>): Promise<ApiRecord>;
  update(tournament: PathSegment, attributes: Record<string, unknown>): Promise<ApiRecord>;
  delete(tournament: PathSegment): Promise<void>;
  /** `state` is a change: "start", "finalize", "reset", "process_checkin", ... */
  changeState(tournament: PathSegment, state: string): Promise<ApiRecord>;
  /**
   * Standings of every stage (an extension of v2.1: `GET /tournaments/{t}/standings`),
   * one record per participant and stage; a service without it answers 404.
   */
  standings(tournament: PathSegment): Promise<ApiRecord[]>;
}

function filterQuery(filters: TournamentFilters | undefined) {
  return {
    state: filters?.state,
    type: filters?.type,
    created_after: filters?.created_after,
    created_before: filters?.created_before,
  };
}

export interface TournamentsOptions {
  /**
   * The remote backend's: an update carries `name` and `tournament_type`, which the
   * description's Tournament requires, the current ones when not given (required-fields.ts).
   */
  readonly publishedForm?: boolean | undefined;
}

/** Tournament's required attributes. */
const TOURNAMENT_REQUIRED = ["name", "tournament_type"];

export function tournamentsApi(
  requester: Requester,
  options: TournamentsOptions = {},
): TournamentsApi {
  const one = (tournament: PathSegment) => resourcePath("tournaments", tournament);
  const get = (tournament: PathSegment) =>
    requester.single({ method: "GET", path: one(tournament) });
  const published = options.publishedForm === true;
  return {
    list: (filters) =>
      requester.list({
        method: "GET",
        path: "/tournaments",
        query: { ...filterQuery(filters), ...pageQuery(filters) },
      }),
    listAll: (filters) =>
      requester.listAll({ method: "GET", path: "/tournaments", query: filterQuery(filters) }),
    pages: (filters) =>
      requester.pages({ method: "GET", path: "/tournaments", query: filterQuery(filters) }),
    listAllJson: (filters, write, shape) =>
      requester.records(
        { method: "GET", path: "/tournaments", query: filterQuery(filters) },
        write,
        shape,
      ),
    get,
    create: (attributes) =>
      requester.single({
        method: "POST",
        path: "/tournaments",
        body: { type: "tournament", attributes },
      }),
    update: (tournament, given) => {
      const write = (attributes: Record<string, unknown>, ifMatch: string | undefined) =>
        requester.single({
          method: "PUT",
          path: one(tournament),
          body: { type: "tournament", attributes },
          ...(ifMatch === undefined ? {} : { headers: { "If-Match": ifMatch } }),
        });
      if (!published) return write(given, undefined);
      return updateWithCurrent(
        given,
        TOURNAMENT_REQUIRED,
        () => tagged(requester, one(tournament)),
        write,
      );
    },
    delete: (tournament) => requester.none({ method: "DELETE", path: one(tournament) }),
    changeState: (tournament, state) =>
      requester.single({
        method: "PUT",
        path: `${one(tournament)}/change_state`,
        body: { type: "TournamentState", attributes: { state } },
      }),
    standings: (tournament) =>
      requester.listAll({ method: "GET", path: `${one(tournament)}/standings` }),
  };
}
