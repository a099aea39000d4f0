/**
 * Turning an error response into a typed error. Reads JSON:API error bodies
 * (one or several errors, `errors` drawn as an array or one object), the published
 * description's array of them (`[{"errors": {...}}]`), v1 bodies
 * (`{"errors": ["..."]}`), `{"error"|"message": "..."}`, HTML error pages and
 * empty bodies — never crashing on a body that is not JSON.
 */
import type { HttpResponse } from "../model/http.js";
import {
  ApiError,
  AuthError,
  type ErrorDetail,
  NotFoundError,
  RateLimitError,
  RedirectError,
  RejectedError,
  ServerError,
} from "./errors.js";
import { parseRetryAfter } from "./retry.js";
import { statusLine } from "./status-text.js";

const REJECTED_STATUSES: ReadonlySet<number> = new Set([400, 406, 413, 415, 422]);
const MAX_SUMMARY_LENGTH = 200;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function toDetail(raw: unknown): ErrorDetail | undefined {
  if (typeof raw === "string") return text(raw) === undefined ? undefined : { detail: raw.trim() };
  if (!isObject(raw)) return undefined;
  const detail = text(raw.detail) ?? text(raw.title) ?? text(raw.message);
  if (detail === undefined) return undefined;
  const status = Number(raw.status);
  const source = isObject(raw.source) ? raw.source : {};
  // A JSON pointer (RFC 6901) starts with "/": the description's example fills it with
  // prose ("Where did this error occur"), which points at nothing.
  const pointer = text(source.pointer)?.startsWith("/") === true ? text(source.pointer) : undefined;
  const parameter = text(source.parameter);
  return {
    ...(raw.status !== undefined && Number.isInteger(status) ? { status } : {}),
    detail,
    ...(pointer === undefined ? {} : { pointer }),
    ...(parameter === undefined ? {} : { parameter }),
  };
}

/**
 * Error details of a parsed JSON body; empty when it holds none. The published description
 * draws every error answer as an array of ErrorModel, `[{"errors": {detail, status, source}}]`
 * (`errors` one object there; an array is read too): each item's details, in order.
 */
export function readErrorDetails(document: unknown): ErrorDetail[] {
  if (Array.isArray(document)) return document.flatMap(readErrorDetails);
  if (!isObject(document)) return [];
  const { errors } = document;
  const list = Array.isArray(errors) ? errors : errors === undefined ? [] : [errors];
  const details = list.map(toDetail).filter((d): d is ErrorDetail => d !== undefined);
  if (details.length > 0) return details;
  const single = text(document.error) ?? text(document.message) ?? text(document.detail);
  return single === undefined ? [] : [{ detail: single }];
}

function decodeEntities(value: string): string {
  return value
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

function shorten(value: string): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SUMMARY_LENGTH ? `${flat.slice(0, MAX_SUMMARY_LENGTH - 1)}…` : flat;
}

/** The `<title>` of an HTML page, or the first line of text that says something. */
export function summarizeText(body: string): string | undefined {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  if (title !== undefined && title.trim() !== "") return shorten(decodeEntities(title));
  const withoutMarkup = body
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "\n");
  const line = withoutMarkup
    .split(/\r?\n/)
    .map((l) => decodeEntities(l).trim())
    .find((l) => /[\p{L}\p{N}]/u.test(l));
  return line === undefined ? undefined : shorten(line);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function messageOf(
  status: number,
  body: string,
  document: unknown,
  details: readonly ErrorDetail[],
): string {
  if (details.length > 0) return details.map((d) => d.detail).join("; ");
  const head = statusLine(status);
  if (body.trim() === "" || document !== undefined) return head;
  const summary = summarizeText(body);
  if (summary === undefined || head.toLowerCase().includes(summary.toLowerCase())) return head;
  if (summary.toLowerCase().includes(head.toLowerCase())) return summary;
  return `${head}: ${summary}`;
}

/** The address the service moved to, less the path asked: its new base URL, if it says so. */
function movedBase(location: string, requestPath: string | undefined): string | undefined {
  if (requestPath === undefined || !URL.canParse(location)) return undefined;
  const url = new URL(location);
  const path = requestPath.split("?")[0]!;
  if (!url.pathname.endsWith(path)) return undefined;
  return `${url.origin}${url.pathname.slice(0, url.pathname.length - path.length)}`;
}

/**
 * The typed error for a response with a status other than 2xx; `requestPath` (the path
 * asked, under the base URL) lets a redirect's error name the base URL to set.
 */
export function errorFromResponse(
  response: HttpResponse,
  nowMs: number,
  requestPath?: string,
): ApiError {
  const { status, body } = response;
  const location = response.headers.location;
  if (status >= 300 && status < 400 && location !== undefined) {
    const message = `the service answered ${statusLine(status)}, to ${location}: it is at another address now, and tourney follows no redirect (it would send the credentials on)`;
    return new RedirectError(status, message, location, movedBase(location, requestPath));
  }
  const document = parseJson(body);
  const details = readErrorDetails(document);
  const message = messageOf(status, body, document, details);
  if (status === 404) return new NotFoundError(status, message, details);
  if (status === 401 || status === 403) return new AuthError(status, message, details);
  if (status === 429) {
    const retryAfter = parseRetryAfter(response.headers["retry-after"], nowMs);
    return new RateLimitError(status, message, details, retryAfter);
  }
  if (REJECTED_STATUSES.has(status)) return new RejectedError(status, message, details);
  if (status >= 500) {
    const retryAfter = parseRetryAfter(response.headers["retry-after"], nowMs);
    return new ServerError(status, message, details, retryAfter);
  }
  return new ApiError(status, message, details);
}
