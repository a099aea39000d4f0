/** Reading request envelopes and writing list documents (DESIGN.md §3). */
import {
  DEFAULT_PER_PAGE,
  type ListDocument,
  MAX_PER_PAGE,
  type ResourceObject,
} from "../model/resource.js";
import { badParameter, badRequest, ServiceError } from "./errors.js";
import { link } from "./link-base.js";

/** Request `type` values each endpoint family accepts, compared without case, "_" or "-". */
export const TYPE_FAMILIES = {
  tournament: ["tournament", "tournaments"],
  tournamentState: ["tournamentstate", "tournamentstates", "tournament", "tournaments"],
  participant: ["participant", "participants"],
  match: ["match", "matches"],
  matchState: ["matchstate", "matchstates", "match", "matches"],
  station: ["station", "stations"],
  stationQueuer: ["stationqueuer", "stationqueuers", "queuer", "queuers"],
  matchAttachment: ["matchattachment", "matchattachments", "attachment", "attachments"],
  race: ["race", "races"],
  raceState: ["racestate", "racestates", "race", "races"],
  roundState: ["roundstate", "roundstates", "round", "rounds"],
  // The contract spells the input type "ElaspedTime"; its output says "Elapsed Time".
  elapsedTime: ["elapsedtime", "elapsedtimes", "elaspedtime", "elaspedtimes", "elapsed time"],
  bulkElapsedTime: ["bulkelapsedtime", "bulkelapsedtimes", "elapsedtime", "elapsedtimes"],
} as const satisfies Record<string, readonly string[]>;

export type TypeFamily = keyof typeof TYPE_FAMILIES;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How deeply a request body may nest arrays and objects (the deepest the interface uses is 5). */
export const MAX_JSON_DEPTH = 32;

/**
 * The deepest nesting of arrays and objects in JSON text, counted without
 * parsing (brackets inside strings skipped), stopping once past `limit`.
 */
function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Whether `text` holds more than `limit` opening brackets (in strings or not), stopping
 * once past it. Fewer, and it cannot nest past `limit`: a match report's body holds 6, and
 * this look (indexOf, 0.07 us) spares it the walk of nestingDepth (0.5 us a 167-character
 * body here; issue 27, a report's CPU).
 */
function manyOpenings(text: string, limit: number): boolean {
  let n = 0;
  for (let i = text.indexOf("{"); i !== -1 && n <= limit; i = text.indexOf("{", i + 1)) n++;
  for (let i = text.indexOf("["); i !== -1 && n <= limit; i = text.indexOf("[", i + 1)) n++;
  return n > limit;
}

export function parseJson(text: string): unknown {
  if (manyOpenings(text, MAX_JSON_DEPTH) && nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw badRequest(
      `the request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`the request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Returns `data.attributes` after checking the envelope and its `type`. */
/**
 * Inputs the published description draws without the `data` wrapper (RacingInput,
 * ElaspedTimeInput, ElapsedTimeBulkInput: `{"type": ..., "attributes": {...}}` at the
 * top): accepted so, as well as wrapped.
 */
const DRAWN_UNWRAPPED: ReadonlySet<TypeFamily> = new Set([
  "race",
  "elapsedTime",
  "bulkElapsedTime",
]);

function unwrapped(body: unknown, family: TypeFamily): unknown {
  const drawn = DRAWN_UNWRAPPED.has(family) && isObject(body) && body.data === undefined;
  return drawn && isObject(body.attributes) ? { data: body } : body;
}

/** Whether `sent` is `expected` (lower case, ASCII) as `sent.toLowerCase()` without `_` and `-` reads. */
function sameType(sent: string, expected: string): boolean {
  let j = 0;
  for (let i = 0; i < sent.length; i++) {
    let c = sent.charCodeAt(i);
    if (c === 0x5f || c === 0x2d) continue; // _ -
    if (c >= 0x41 && c <= 0x5a) c += 0x20; // A-Z
    if (j >= expected.length || c !== expected.charCodeAt(j)) return false;
    j++;
  }
  return j === expected.length;
}

/**
 * Whether `data.type` names one of `accepted` in any case, with or without `_` and `-`
 * (`"Match"`, `"match_state"`): compared character by character, without the lower-case
 * copy and the replace of each request (issue 27, a report's allocation). Text beyond
 * ASCII is lower-cased as before (`toLowerCase` maps some of it to ASCII: U+212A to "k").
 */
function acceptedType(sent: string, accepted: readonly string[]): boolean {
  for (let i = 0; i < sent.length; i++)
    if (sent.charCodeAt(i) > 0x7f)
      return accepted.includes(sent.toLowerCase().replace(/[_-]/g, ""));
  for (const expected of accepted) if (sameType(sent, expected)) return true;
  return false;
}

export function readAttributes(sent: unknown, family: TypeFamily): Record<string, unknown> {
  const body = unwrapped(sent, family);
  if (!isObject(body) || !isObject(body.data)) {
    throw badRequest(
      'the request body must be {"data": {"type": ..., "attributes": {...}}}',
      "/data",
    );
  }
  const { type, attributes } = body.data;
  if (type !== undefined) {
    const accepted: readonly string[] = TYPE_FAMILIES[family];
    if (!(typeof type === "string" && acceptedType(type, accepted))) {
      throw new ServiceError(422, [
        {
          status: 422,
          detail: `data.type ${JSON.stringify(type)} does not fit this endpoint; send "${accepted[0]}"`,
          source: { pointer: "/data/type" },
        },
      ]);
    }
  }
  if (!isObject(attributes)) {
    throw badRequest("data.attributes must be an object", "/data/attributes");
  }
  return attributes;
}

export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

function positiveInteger(
  raw: string | undefined,
  name: string,
  fallback: number,
  max: number,
): number {
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
    throw badParameter(
      name,
      `${name} must be a whole number from 1 to ${max}, not ${JSON.stringify(raw)}`,
    );
  }
  return Number(raw);
}

export function readPage(query: (name: string) => string | undefined): PageRequest {
  return {
    page: positiveInteger(query("page"), "page", 1, Number.MAX_SAFE_INTEGER),
    perPage: positiveInteger(query("per_page"), "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
}

/** Where a list was asked for (a ServiceRequest): its links name the same path and query. */
export interface ListAddress {
  /** Where links start (link-base.ts). */
  readonly origin: string;
  /** The path without query or `.json`. */
  readonly path: string;
  /** The path as asked, with its query. */
  readonly url: string;
}

/** The list's address at `page`: absolute, with `.json`, its other parameters kept. */
function pageLink(list: ListAddress, page: number, perPage: number): string {
  const at = list.url.indexOf("?");
  const params = new URLSearchParams(at === -1 ? "" : list.url.slice(at + 1));
  params.set("page", String(page));
  params.set("per_page", String(perPage));
  return link(list.origin, list.path, params.toString());
}

export function listDocument(
  data: readonly ResourceObject[],
  total: number,
  request: PageRequest,
  list: ListAddress,
): ListDocument {
  const totalPages = Math.max(1, Math.ceil(total / request.perPage));
  const links: { self: string; next?: string; prev?: string } = {
    self: pageLink(list, request.page, request.perPage),
  };
  if (request.page < totalPages) links.next = pageLink(list, request.page + 1, request.perPage);
  if (request.page > 1)
    links.prev = pageLink(list, Math.min(request.page - 1, totalPages), request.perPage);
  return {
    data,
    meta: { count: total, page: request.page, per_page: request.perPage, total_pages: totalPages },
    links,
  };
}

/**
 * A whole list in one page, as the list shape (`data`, `meta`, `links`): the
 * answer of a change that returns every record it touched (bulk_add,
 * randomize; DESIGN.md §3, issue 15), with `extraMeta` (ignored_attributes) beside the counts.
 */
export function wholeListDocument(
  data: readonly ResourceObject[],
  list: ListAddress,
  extraMeta: Readonly<Record<string, unknown>> = {},
): ListDocument {
  const document = listDocument(
    data,
    data.length,
    { page: 1, perPage: Math.max(1, data.length) },
    list,
  );
  return { ...document, meta: { ...document.meta, ...extraMeta } };
}
