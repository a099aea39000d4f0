/**
 * Encoding request bodies and decoding response documents of the v2.1
 * interface, leniently: bare-array lists, numeric ids and relationships drawn
 * inside `attributes` (as the contract does for matches) are all accepted.
 */
import type { ListLinks, ListMeta } from "../model/resource.js";
import { ApiError } from "./errors.js";

/** One resource as the client hands it out. */
export interface ApiRecord {
  readonly id: string;
  readonly type: string;
  readonly attributes: Record<string, unknown>;
  readonly relationships?: Record<string, unknown>;
  readonly links?: Record<string, unknown>;
}

/** One page of a list. `meta` and `links` are absent when the service sent a bare array. */
export interface ApiList {
  readonly data: ApiRecord[];
  readonly meta?: ListMeta;
  readonly links?: ListLinks;
}

/** What a request body carries: `{"data": {"type": ..., "attributes": {...}}}`. */
export interface RequestDocument {
  readonly type: string;
  readonly attributes: Record<string, unknown>;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unexpected(what: string): ApiError {
  return new ApiError(0, `unexpected response from the service: ${what}`);
}

export function encodeBody(document: RequestDocument): string {
  return JSON.stringify({ data: { type: document.type, attributes: document.attributes } });
}

/** Parses a response body; an empty body gives undefined. */
export function parseResponseBody(body: string, status: number): unknown {
  if (body.trim() === "") return undefined;
  try {
    return JSON.parse(body);
  } catch {
    const start = body.trim().slice(0, 60).replace(/\s+/g, " ");
    throw new ApiError(status, `unexpected response from the service: not JSON ("${start}")`);
  }
}

function readRelationships(raw: JsonObject, attributes: JsonObject): JsonObject | undefined {
  const outer = isObject(raw.relationships) ? raw.relationships : undefined;
  const inner = isObject(attributes.relationships) ? attributes.relationships : undefined;
  if (outer === undefined && inner === undefined) return undefined;
  return { ...inner, ...outer };
}

/** Turns one raw resource object into an ApiRecord. */
export function decodeRecord(raw: unknown): ApiRecord {
  if (!isObject(raw)) throw unexpected("a resource is not an object");
  const { id, type } = raw;
  if (typeof id !== "string" && typeof id !== "number") {
    throw unexpected("a resource has no id");
  }
  const rawAttributes = isObject(raw.attributes) ? raw.attributes : {};
  const relationships = readRelationships(raw, rawAttributes);
  // The document is the caller's own (freshly parsed, or the embedded service's
  // reply): its attributes are kept, and copied only to take relationships out.
  let attributes = rawAttributes;
  if (relationships !== undefined && Object.hasOwn(rawAttributes, "relationships")) {
    attributes = { ...rawAttributes };
    delete attributes.relationships;
  }
  return {
    id: String(id),
    type: typeof type === "string" ? type : "",
    attributes,
    ...(relationships === undefined ? {} : { relationships }),
    ...(isObject(raw.links) ? { links: raw.links } : {}),
  };
}

/** Decodes `{"data": {...}}` (or a bare resource object). */
export function decodeSingle(document: unknown): ApiRecord {
  const raw = isObject(document) && "data" in document ? document.data : document;
  // The contract draws some single answers (participant create) as one-element arrays.
  if (Array.isArray(raw)) {
    if (raw.length !== 1) throw unexpected(`expected one resource, got ${raw.length}`);
    return decodeRecord(raw[0]);
  }
  return decodeRecord(raw);
}

function readMeta(raw: unknown): ListMeta | undefined {
  if (!isObject(raw)) return undefined;
  const number = (key: string): number | undefined => {
    const value = raw[key];
    if (value === null || value === undefined || value === "") return undefined;
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  };
  const page = number("page");
  const totalPages = number("total_pages");
  if (page === undefined && totalPages === undefined) return undefined;
  return {
    count: number("count") ?? 0,
    page: page ?? 1,
    per_page: number("per_page") ?? 0,
    total_pages: totalPages ?? page ?? 1,
  };
}

function readLinks(raw: unknown): ListLinks | undefined {
  if (!isObject(raw)) return undefined;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  const self = text(raw.self) ?? "";
  const next = text(raw.next);
  const prev = text(raw.prev);
  return {
    self,
    ...(next === undefined ? {} : { next }),
    ...(prev === undefined ? {} : { prev }),
  };
}

/**
 * Decodes a list document, a bare array of resources, or a single-resource
 * document (the contract draws some lists as one object).
 */
export function decodeList(document: unknown): ApiList {
  if (document === undefined) return { data: [] };
  if (Array.isArray(document)) return { data: document.map(decodeRecord) };
  if (!isObject(document)) throw unexpected("a list is neither an array nor an object");
  if (!("data" in document)) return { data: [decodeRecord(document)] };
  const { data } = document;
  const records = Array.isArray(data) ? data.map(decodeRecord) : [decodeRecord(data)];
  const meta = readMeta(document.meta);
  const links = readLinks(document.links);
  return {
    data: records,
    ...(meta === undefined ? {} : { meta }),
    ...(links === undefined ? {} : { links }),
  };
}
