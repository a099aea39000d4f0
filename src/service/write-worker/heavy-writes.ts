/**
 * The requests `serve` hands to its write worker (lane.ts, issue 27): writes that
 * touch a whole tournament at once, which can hold the event loop for seconds when run
 * on it (a 50,000-player double elimination's start: ~3 s, every read waiting behind
 * it). Told by path and method alone, before anything is read:
 *
 * - a tournament's change_state (start, start_group_stage, reset, finalize, ...): a
 *   start writes every match, a reset deletes them, a finalize ranks everyone; in v2.1,
 *   its v2.0 forms, under a community, and POST (a known client's alias) as PUT;
 * - v1's state operations (POST /v1/tournaments/{t}/start, finalize, reset, ...);
 * - a tournament's deletion (its matches go with it);
 * - a bulk add of participants whose body is at least BULK_BYTES (about 250 names).
 *
 * A request sent to the worker is answered by the same service code over the same
 * database file as on the main thread, so its reply is the same; a request that
 * turns out light (a refused start, a small tournament) costs one message each way.
 */
import type { HttpRequest, HttpResponse } from "../../model/http.js";

/** A bulk add body from this size on goes to the worker (about 250 names; 1,000 names of ~15 bytes: ~16 KB). */
export const BULK_BYTES = 4 * 1024;

const VERSION = String.raw`/v2(?:\.[01])?(?:/communities/[^/]+)?`;
const TOURNAMENT = "/tournaments/[^/]+";
const V1_OPERATIONS = "start|finalize|reset|process_check_ins|abort_check_in|open_for_predictions";

const STATE_CHANGE = new RegExp(`^${VERSION}${TOURNAMENT}/change_state$`);
const V1_STATE_CHANGE = new RegExp(`^/v1${TOURNAMENT}/(?:${V1_OPERATIONS})$`);
const DELETION = new RegExp(`^(?:${VERSION}|/v1)${TOURNAMENT}$`);
const BULK_ADD = new RegExp(`^(?:${VERSION}|/v1)${TOURNAMENT}/participants/bulk_(?:add|create)$`);

/** The path without its query, `.json` (or v1's `.xml`) suffix and trailing slash. */
function barePath(path: string): string {
  const at = path.indexOf("?");
  let bare = at === -1 ? path : path.slice(0, at);
  if (bare.length > 1 && bare.endsWith("/")) bare = bare.slice(0, -1);
  return bare.replace(/\.(?:json|xml)$/, "");
}

/** Whether `request` is one of the tournament-wide writes above. */
export function isHeavyWrite(request: HttpRequest): boolean {
  const { method } = request;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const path = barePath(request.path);
  if (method === "DELETE") return DELETION.test(path);
  if (method === "POST" && V1_STATE_CHANGE.test(path)) return true;
  if ((method === "PUT" || method === "POST") && STATE_CHANGE.test(path)) return true;
  return method === "POST" && (request.body?.length ?? 0) >= BULK_BYTES && BULK_ADD.test(path);
}

/** A tournament a state change left with new match rows: its id and the ways its paths name it. */
export interface ChangedTournament {
  readonly id: number;
  /** The path segments that name it: its id, its url, the state change's own. */
  readonly refs: ReadonlySet<string>;
}

const REPORT = new RegExp(`^(?:${VERSION}|/v1)/tournaments/([^/]+)/matches/(\\d+)$`);

/** A match report's tournament (as its path names it) and match id; undefined for any other request. */
export function reportPath(
  request: HttpRequest,
): { tournament: string; match: number } | undefined {
  if (request.method !== "PUT") return undefined;
  const found = REPORT.exec(barePath(request.path));
  return found === null ? undefined : { tournament: decoded(found[1]!), match: Number(found[2]) };
}

/**
 * Whether a match report says who won or that it is a tie (it would complete the match,
 * unless refused): from its body (v1: also its query) alone.
 */
export function completes(request: HttpRequest): boolean {
  // v1: match[winner_id] (a participant or "tie"), in a form, JSON or the query string.
  if (request.path.startsWith("/v1/"))
    return `${request.path}${request.body ?? ""}`.includes("winner_id");
  return completesInV2(request.body);
}

type ReportBody = { data?: { attributes?: { tie?: unknown; match?: unknown } } };

/** Whether a v2 report's body says a tie or who advances. */
function completesInV2(body: string | undefined): boolean {
  let attributes: NonNullable<ReportBody["data"]>["attributes"];
  try {
    attributes = (JSON.parse(body ?? "") as ReportBody)?.data?.attributes;
  } catch {
    return false;
  }
  if (attributes?.tie === true) return true;
  const entries = attributes?.match;
  return (
    Array.isArray(entries) &&
    entries.some((e) => (e as { advancing?: unknown } | null)?.advancing === true)
  );
}

const REF = new RegExp(`^(?:${VERSION}|/v1)/tournaments/([^/]+)/`);
const MATCH_LIST = new RegExp(`^(?:${VERSION}|/v1)/tournaments/([^/]+)/matches$`);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Reply = { data?: { id?: unknown; attributes?: { url?: unknown } } } & {
  tournament?: { id?: unknown; url?: unknown };
};

/**
 * The tournament a state change the worker answered (a start, a reset, ...) leaves
 * with new match rows, from the reply (v2.1's data, v1's tournament), or undefined
 * for any other request, a refusal, or a reply that is not JSON.
 */
export function changedTournament(
  request: HttpRequest,
  response: HttpResponse,
): ChangedTournament | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const path = barePath(request.path);
  if (!STATE_CHANGE.test(path) && !V1_STATE_CHANGE.test(path)) return undefined;
  let body: Reply;
  try {
    body = JSON.parse(response.body) as Reply;
  } catch {
    return undefined; // v1's XML
  }
  const id = Number(body?.data?.id ?? body?.tournament?.id);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const refs = new Set([String(id), decoded(REF.exec(path)?.[1] ?? "")]);
  const url = body?.data?.attributes?.url ?? body?.tournament?.url;
  if (typeof url === "string") refs.add(url);
  return { id, refs };
}

/** Whether `request` reads the list of matches of a tournament named by one of `refs`. */
export function readsMatchesOf(request: HttpRequest, refs: ReadonlySet<string>): boolean {
  const ref = matchListOf(request);
  return ref !== undefined && refs.has(ref);
}

/** The tournament (id or url, decoded) whose list of matches `request` reads (a GET or HEAD), or undefined. */
export function matchListOf(request: HttpRequest): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  const ref = MATCH_LIST.exec(barePath(request.path))?.[1];
  return ref === undefined ? undefined : decoded(ref);
}
