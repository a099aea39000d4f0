/** Matches of a tournament: list with filters, get, report scores, change state. */
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

/** List filters, named as the contract's query parameters. */
export interface MatchFilters {
  /** "pending", "open" or "complete". */
  readonly state?: string | undefined;
  readonly participant_id?: string | number | undefined;
  /**
   * A match identifier (A, B, ... AA): serve's addition (docs/interface.md). A server
   * without it answers every match: the caller filters what comes back.
   */
  readonly identifier?: string | undefined;
}

/** One participant's line of a report: `score_set` is "3,1,2" (one score per set). */
export interface MatchReportEntry {
  readonly participant_id: string | number;
  readonly score_set: string;
  readonly rank?: number | undefined;
  readonly advancing?: boolean | undefined;
}

export interface MatchReport {
  readonly match: readonly MatchReportEntry[];
  readonly tie?: boolean | undefined;
}

/** "reopen", "mark_as_underway" or "unmark_as_underway". */
export type MatchStateChange = "reopen" | "mark_as_underway" | "unmark_as_underway";

export interface MatchStateOptions {
  /** With reopen: also reset dependent matches that are already complete. */
  readonly reset_dependents?: boolean | undefined;
}

export interface MatchesApi {
  list(tournament: PathSegment, filters?: MatchFilters & PageOptions): Promise<ApiList>;
  listAll(tournament: PathSegment, filters?: MatchFilters): Promise<ApiRecord[]>;
  /** listAll's pages one by one, as they come (a long list printed without holding it). */
  pages(tournament: PathSegment, filters?: MatchFilters): AsyncIterable<ApiRecord[]>;
  get(tournament: PathSegment, match: PathSegment): Promise<ApiRecord>;
  /** Reports scores (and, with an advancing entry or a tie, the result). */
  update(tournament: PathSegment, match: PathSegment, report: MatchReport): Promise<ApiRecord>;
  changeState(
    tournament: PathSegment,
    match: PathSegment,
    state: MatchStateChange,
    options?: MatchStateOptions,
  ): Promise<ApiRecord>;
}

function filterQuery(filters: MatchFilters | undefined) {
  const participant = filters?.participant_id;
  return {
    state: filters?.state,
    participant_id: participant === undefined ? undefined : String(participant),
    identifier: filters?.identifier,
  };
}

/**
 * The report's attributes; `publishedForm` (the remote backend's) sends each
 * participant_id as the string the description's Match draws ("76").
 */
function reportAttributes(report: MatchReport, publishedForm: boolean): Record<string, unknown> {
  const match = report.match.map((entry) => {
    const line: Record<string, unknown> = {
      participant_id: publishedForm ? String(entry.participant_id) : entry.participant_id,
      score_set: entry.score_set,
    };
    if (entry.rank !== undefined) line.rank = entry.rank;
    if (entry.advancing !== undefined) line.advancing = entry.advancing;
    return line;
  });
  return report.tie === undefined ? { match } : { match, tie: report.tie };
}

export interface MatchesOptions {
  readonly publishedForm?: boolean | undefined;
}

export function matchesApi(requester: Requester, options: MatchesOptions = {}): MatchesApi {
  const publishedForm = options.publishedForm === true;
  const all = (t: PathSegment) => resourcePath("tournaments", t, "matches");
  const one = (t: PathSegment, m: PathSegment) => resourcePath("tournaments", t, "matches", m);
  return {
    list: (t, filters) =>
      requester.list({
        method: "GET",
        path: all(t),
        query: { ...filterQuery(filters), ...pageQuery(filters) },
      }),
    listAll: (t, filters) =>
      requester.listAll({ method: "GET", path: all(t), query: filterQuery(filters) }),
    pages: (t, filters) =>
      requester.pages({ method: "GET", path: all(t), query: filterQuery(filters) }),
    get: (t, m) => requester.single({ method: "GET", path: one(t, m) }),
    update: (t, m, report) =>
      requester.single({
        method: "PUT",
        path: one(t, m),
        body: { type: "Match", attributes: reportAttributes(report, publishedForm) },
      }),
    changeState: (t, m, state, options) =>
      requester.single({
        method: "PUT",
        path: `${one(t, m)}/change_state`,
        body: {
          type: "MatchState",
          attributes:
            options?.reset_dependents === undefined
              ? { state }
              : { state, reset_dependents: options.reset_dependents },
        },
      }),
  };
}
