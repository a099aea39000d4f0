/**
 * Fields the published description requires of a request body that a caller may
 * leave out: the remote backend (`publishedForm`) sends them, since the hosted service
 * is known only through that description (DESIGN.md §3: the client speaks it
 * literally). The embedded backend sends what the caller gave, as before. The choice
 * for each field not given is in docs/interface.md ("Fields the description requires"):
 *
 * - a value that is "not set" where there is one: an attachment's `url` or `description`
 *   `null`, an elapsed time's `points` `0` when none were set by hand (the description's
 *   own default; 0 and null mean "not set", the round's own points apply, DESIGN.md §3);
 * - on a create, what serve would make of it: a race's `url` the name's slug (taken: the
 *   first free `_2`, `_3` ... of the races list), its `raceType` "time trial";
 * - on an update, the record's current value, read just before the write: a race's
 *   `name`, `url` and `raceType`, a tournament's `name` and `tournament_type`, an elapsed
 *   time's `elapsedTime`, and its `points` when they were set by hand (else 0). The write
 *   of a race or a tournament carries `If-Match` with the read's ETag when the service
 *   gave one: a change made by someone else in between is answered 412, read again and
 *   the write sent again (updateWithCurrent); a service that ignores If-Match can undo
 *   such a change. A read refused 403 (a key that may write but not read) sends the
 *   update without the fields, as before they were sent.
 */
import { freeSlug, slugFrom } from "../model/url-slug.js";
import { type ApiRecord, decodeSingle } from "./envelope.js";
import { ApiError, AuthError, RejectedError } from "./errors.js";
import type { Requester } from "./requester.js";

type Attributes = Record<string, unknown>;

/** Whether `attributes` lacks any of `keys` (a key given as undefined is lacking). */
export function lacksAny(attributes: Attributes, keys: readonly string[]): boolean {
  return keys.some((key) => attributes[key] === undefined);
}

/**
 * `attributes` with each of `keys` it lacks taken from the record `read()` gives (read
 * only when one is lacking); a value the record does not hold is left out.
 */
export async function withCurrent(
  attributes: Attributes,
  keys: readonly string[],
  read: () => Promise<ApiRecord>,
): Promise<Attributes> {
  if (!lacksAny(attributes, keys)) return attributes;
  const now = (await read()).attributes;
  const filled: Attributes = {};
  for (const key of keys)
    if (attributes[key] === undefined && now[key] !== undefined) filled[key] = now[key];
  return { ...filled, ...definedOnly(attributes) };
}

/** A record read with the ETag its answer carried (undefined: the service gave none). */
export interface TaggedRecord {
  readonly record: ApiRecord;
  readonly etag: string | undefined;
}

/** The record at `path` (a GET) with its answer's ETag. */
export async function tagged(requester: Requester, path: string): Promise<TaggedRecord> {
  const got = await requester.conditional({ method: "GET", path }, undefined);
  // Asked with no If-None-Match, the answer is never a 304.
  if (got === undefined) throw new ApiError(304, "a read asked with no tag was answered 304");
  return { record: decodeSingle(got.body), etag: got.etag };
}

/**
 * The most times an update is sent after a 412 (the record changed between its read and
 * its write): each time read again first. More 412s than that: the last one is thrown.
 */
const MAX_PRECONDITION_TRIES = 4;

/**
 * An update whose `given` attributes lack some of `keys`: the record is read (`read`) and
 * the write (`write`) sends the lacking ones from it, with `If-Match` the read's ETag when
 * it had one; answered 412 (someone else wrote in between), read and sent again. A read
 * refused 403 (a credential that may write but not read: serve's scope refusal) sends
 * `given` alone, the write getting its own answer. `given` holding every key: written as
 * it is, nothing read.
 */
export async function updateWithCurrent(
  given: Attributes,
  keys: readonly string[],
  read: () => Promise<TaggedRecord>,
  write: (attributes: Attributes, ifMatch: string | undefined) => Promise<ApiRecord>,
): Promise<ApiRecord> {
  if (!lacksAny(given, keys)) return write(given, undefined);
  for (let tries = 1; ; tries++) {
    let current: TaggedRecord;
    try {
      current = await read();
    } catch (error) {
      if (error instanceof AuthError && error.status === 403)
        return write(definedOnly(given), undefined);
      throw error;
    }
    const attributes = await withCurrent(given, keys, async () => current.record);
    try {
      return await write(attributes, current.etag);
    } catch (error) {
      const changed = error instanceof ApiError && error.status === 412;
      if (!changed || current.etag === undefined || tries >= MAX_PRECONDITION_TRIES) throw error;
    }
  }
}

/** `attributes` with each of `defaults`' keys it lacks set to the default's value. */
export function withDefaults(attributes: Attributes, defaults: Attributes): Attributes {
  return { ...defaults, ...definedOnly(attributes) };
}

function definedOnly(attributes: Attributes): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined));
}

/**
 * The most urls a race create tries after it read the taken ones: the first free one, then
 * (each refused as the url, e.g. taken by a create in between or by a race the list does
 * not show) the next free one, up to this many in all.
 */
const MAX_URL_TRIES = 10;

function refusedUrl(error: unknown): boolean {
  return (
    error instanceof RejectedError &&
    error.errors.length > 0 &&
    error.errors.every((e) => e.pointer === "/data/attributes/url")
  );
}

/**
 * A race create without a `url`: sent with the name's slug; when the service refuses the
 * url alone (taken), the urls taken are read once (`taken`: the races list) and the first
 * free one of `slug_2`, `slug_3` ... is sent, as serve picks one for a create that gives
 * none (model/url-slug.ts freeSlug); refused again, the next free one. A create that gives
 * a url sends it as it is.
 */
export async function createWithUrl(
  attributes: Attributes,
  noun: string,
  create: (attributes: Attributes) => Promise<ApiRecord>,
  taken: () => Promise<readonly string[]>,
): Promise<ApiRecord> {
  if (attributes.url !== undefined || typeof attributes.name !== "string")
    return create(attributes);
  const name = attributes.name;
  const base = slugFrom(name, noun);
  try {
    return await create({ ...attributes, url: base });
  } catch (error) {
    if (!refusedUrl(error)) throw error;
  }
  const refused = new Set([base, ...(await taken())]);
  for (let tries = 1; ; tries++) {
    const url = freeSlug(name, noun, (candidate) => refused.has(candidate));
    try {
      return await create({ ...attributes, url });
    } catch (error) {
      if (tries >= MAX_URL_TRIES || !refusedUrl(error)) throw error;
      refused.add(url);
    }
  }
}
