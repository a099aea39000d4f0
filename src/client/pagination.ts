/**
 * Fetching every page of a list with as few requests as the service allows:
 * `per_page` at its maximum, then `links.next` / `meta.total_pages`. A bare
 * array (no meta, no links) is followed only while pages come back full.
 */
import { MAX_PER_PAGE } from "../model/resource.js";
import type { ApiList, ApiRecord } from "./envelope.js";
import { ApiError } from "./errors.js";

export type PageFetcher = (page: number, perPage: number) => Promise<ApiList>;

export interface CollectOptions {
  readonly perPage?: number;
  /** A guard against a service that never stops answering "there is more". */
  readonly maxPages?: number;
}

const DEFAULT_MAX_PAGES = 10_000;

/**
 * A list cut short by the service: it said more pages follow (links.next or meta) and then
 * sent a page of nothing new (it ignores `page`), or it still said so after `pages` pages.
 * What came before was given (printed, for a list printed as it comes); the command fails,
 * exit 1 (an ApiError without a status), rather than pass a part of the list for all of it.
 */
export function listCutShort(pages: number, why: "repeated" | "endless"): ApiError {
  const what =
    why === "repeated"
      ? `page ${pages} held only records of earlier pages though the service said more follow (does it ignore ?page=?)`
      : `the service still said more pages follow after ${pages} pages`;
  return new ApiError(0, `the list is incomplete: ${what}; it stops there`);
}

/** Whether the list says itself that pages follow (links.next, meta), not only that it is full. */
export function saysMore(list: ApiList): boolean {
  return (list.links?.next ?? "") !== "" || list.meta !== undefined;
}

function pageOfLink(link: string): number | undefined {
  try {
    const raw = new URL(link, "http://placeholder.invalid").searchParams.get("page");
    const page = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(page) && page > 0 ? page : undefined;
  } catch {
    return undefined;
  }
}

/** The page to ask for after `page`, or undefined when the list is complete. */
export function nextPage(list: ApiList, page: number, perPage: number): number | undefined {
  const next = list.links?.next;
  if (next !== undefined && next !== "") return pageOfLink(next) ?? page + 1;
  if (list.meta !== undefined) {
    const current = Math.max(page, list.meta.page);
    return current < list.meta.total_pages ? current + 1 : undefined;
  }
  if (list.links !== undefined) return undefined;
  return list.data.length >= perPage && list.data.length > 0 ? page + 1 : undefined;
}

/**
 * Each page's records not seen on an earlier page, in order, as the pages come: a command
 * can print a long list page by page instead of holding all of it (issue 12).
 */
export async function* eachPage(
  fetchPage: PageFetcher,
  options: CollectOptions = {},
): AsyncGenerator<ApiRecord[]> {
  const perPage = options.perPage ?? MAX_PER_PAGE;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const seen = new Set<string>();
  let page: number | undefined = 1;
  let told = false;
  let fetched = 0;
  for (; page !== undefined && fetched < maxPages; fetched += 1) {
    const list = await fetchPage(page, perPage);
    const fresh = list.data.filter((record) => !seen.has(`${record.type}:${record.id}`));
    // A page of nothing new: the service ignores `page`. After a full bare array (which only
    // may have more) that was the whole list; after "more follow", the list is cut short.
    if (list.data.length > 0 && fresh.length === 0) {
      if (told) throw listCutShort(fetched + 1, "repeated");
      page = undefined;
      break;
    }
    told = saysMore(list);
    for (const record of fresh) seen.add(`${record.type}:${record.id}`);
    if (fresh.length > 0) yield fresh;
    const following = nextPage(list, page, perPage);
    page = following !== undefined && following > page ? following : undefined;
  }
  if (page !== undefined) throw listCutShort(fetched, "endless");
}

/** Every record of every page, in order, without duplicates. */
export async function collectPages(
  fetchPage: PageFetcher,
  options: CollectOptions = {},
): Promise<ApiRecord[]> {
  const records: ApiRecord[] = [];
  for await (const fresh of eachPage(fetchPage, options)) {
    for (const record of fresh) records.push(record);
  }
  return records;
}

/** Which page of a list to ask for (query names as in the contract); the service defaults to 1 of 25. */
export interface PageOptions {
  readonly page?: number | undefined;
  readonly per_page?: number | undefined;
}

export function pageQuery(options: PageOptions | undefined): {
  page: number | undefined;
  per_page: number | undefined;
} {
  return { page: options?.page, per_page: options?.per_page };
}
