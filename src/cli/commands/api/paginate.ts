/**
 * `tourney api --paginate`: the pages of a list, one request after another — the page
 * `links.next` names, else the next while `meta.total_pages` says there is one (a bare
 * array: while pages come back full), read one at a time: joined.ts writes them as one
 * document (every page's `data`, or array, in order, with the last page's `meta` and `links`).
 * A page that holds only the records of the page before (a service that ignores `?page=`)
 * ends the pages as it ends a list verb's (client/pagination.ts): after "more follow" the
 * list is cut short (exit 1), after a full bare array that was the whole list. Only the page
 * before is held for that, as keys of its records, so the pages still stream.
 */
import type { ApiList } from "../../../client/envelope.js";
import { listCutShort, nextPage, saysMore } from "../../../client/pagination.js";
import type { HttpResponse } from "../../../model/http.js";

/** The service's default page size, for a bare array asked without per_page. */
const DEFAULT_PER_PAGE = 25;
const MAX_PAGES = 10_000;

type JsonObject = Record<string, unknown>;

/** The path with `page` set in its query. */
export function pagePath(path: string, page: number): string {
  const at = path.indexOf("?");
  const params = new URLSearchParams(at === -1 ? "" : path.slice(at + 1));
  params.set("page", String(page));
  return `${at === -1 ? path : path.slice(0, at)}?${params.toString()}`;
}

function perPageOf(path: string): number {
  const at = path.indexOf("?");
  const raw = new URLSearchParams(at === -1 ? "" : path.slice(at + 1)).get("per_page");
  const value = Number(raw);
  return raw !== null && Number.isInteger(value) && value > 0 ? value : DEFAULT_PER_PAGE;
}

function pageOf(path: string): number {
  const at = path.indexOf("?");
  const value = Number(new URLSearchParams(at === -1 ? "" : path.slice(at + 1)).get("page"));
  return Number.isInteger(value) && value > 0 ? value : 1;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A page's records, as a list `nextPage` reads; undefined when the body is not a list. */
function listOf(document: unknown): ApiList | undefined {
  if (Array.isArray(document)) return { data: document };
  const object = document as JsonObject | null;
  if (typeof object !== "object" || object === null || !Array.isArray(object.data)) return;
  return object as unknown as ApiList;
}

/** A page read: its document, its records and the next page's path (undefined at the end). */
export interface PageRead {
  readonly document: unknown;
  readonly records: readonly unknown[];
  readonly next: string | undefined;
  /** The service still said more follow after MAX_PAGES pages: the list stops here. */
  readonly cutShort?: Error;
  /** The page held only the page before's records: not printed, the pages end before it. */
  readonly repeated?: boolean;
}

/** A record's key: its type and id, or its text when it has no id (a bare array's values). */
function keyOf(record: unknown): string {
  const r = record as JsonObject | null;
  const id = typeof r === "object" && r !== null ? r.id : undefined;
  if (typeof id === "string" || typeof id === "number") return `${String(r!.type)}:${id}`;
  return JSON.stringify(record) ?? "";
}

/** Whether `records`, some, are all of `before` (the keys of the page before). */
function repeats(records: readonly unknown[], before: ReadonlySet<string>): boolean {
  return records.length > 0 && records.every((record) => before.has(keyOf(record)));
}

export interface Pager {
  /** The first page's path. */
  readonly first: string;
  /** A page's answer; undefined when its body is not a list (the pages end there). */
  read(response: HttpResponse): PageRead | undefined;
}

export function createPager(path: string): Pager {
  const perPage = perPageOf(path);
  let page = pageOf(path);
  let requests = 0;
  let before = new Set<string>();
  // Whether the page before said itself that more follow (not only that it was full).
  let told = false;
  return {
    first: path,
    read(response) {
      const document = parseJson(response.body);
      const list = listOf(document);
      if (list === undefined) return undefined;
      const following = nextPage(list, page, perPage);
      requests += 1;
      const read = { document, records: list.data, next: undefined };
      if (repeats(list.data, before)) {
        const cut = told ? { cutShort: listCutShort(requests, "repeated") } : {};
        return { ...read, records: [], repeated: true, ...cut };
      }
      before = new Set(list.data.map(keyOf));
      told = saysMore(list);
      if (following === undefined || following <= page) return read;
      if (requests >= MAX_PAGES) return { ...read, cutShort: listCutShort(requests, "endless") };
      page = following;
      return { ...read, next: pagePath(path, page) };
    },
  };
}
