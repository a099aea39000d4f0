/** Participants of a tournament: `/tournaments/{t}/participants...`, bulk add included. */
import type { ApiList, ApiRecord } from "./envelope.js";
import { BulkAddCompensationError, NotFoundError } from "./errors.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

const TYPE = "Participants";

export interface ParticipantsApi {
  list(tournament: PathSegment, page?: PageOptions): Promise<ApiList>;
  listAll(tournament: PathSegment): Promise<ApiRecord[]>;
  get(tournament: PathSegment, participant: PathSegment): Promise<ApiRecord>;
  create(tournament: PathSegment, attributes: Record<string, unknown>): Promise<ApiRecord>;
  update(
    tournament: PathSegment,
    participant: PathSegment,
    attributes: Record<string, unknown>,
  ): Promise<ApiRecord>;
  delete(tournament: PathSegment, participant: PathSegment): Promise<void>;
  /**
   * Adds all or none: one request, or (with bulkChunkSize) one per chunk, deleting
   * what earlier chunks created when a later one fails, then rethrowing.
   */
  bulkAdd(tournament: PathSegment, participants: readonly object[]): Promise<ApiRecord[]>;
  clear(tournament: PathSegment): Promise<void>;
  randomize(tournament: PathSegment): Promise<ApiRecord[]>;
  /** Registers the authenticated user. */
  register(tournament: PathSegment, attributes?: Record<string, unknown>): Promise<ApiRecord>;
  unregister(tournament: PathSegment): Promise<void>;
  /** Checks a participant in while the tournament is checking_in (an extension of v2.1). */
  checkIn(tournament: PathSegment, participant: PathSegment): Promise<ApiRecord>;
  undoCheckIn(tournament: PathSegment, participant: PathSegment): Promise<ApiRecord>;
}

export interface ParticipantsOptions {
  /** Largest bulk_add request; undefined sends everything at once. */
  readonly bulkChunkSize?: number | undefined;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

export function participantsApi(
  requester: Requester,
  options: ParticipantsOptions = {},
): ParticipantsApi {
  const all = (t: PathSegment) => resourcePath("tournaments", t, "participants");
  const one = (t: PathSegment, p: PathSegment) => resourcePath("tournaments", t, "participants", p);
  const remove = (t: PathSegment, p: PathSegment) =>
    requester.none({ method: "DELETE", path: one(t, p) });

  async function sendChunk(t: PathSegment, chunk: readonly object[]) {
    const list = await requester.list({
      method: "POST",
      path: `${all(t)}/bulk_add`,
      body: { type: TYPE, attributes: { participants: chunk } },
    });
    return list.data;
  }

  /** Deletes what earlier chunks created, newest first, then throws. */
  async function compensate(t: PathSegment, created: readonly ApiRecord[], cause: unknown) {
    const leftover: string[] = [];
    for (const record of [...created].reverse()) {
      try {
        await remove(t, record.id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) leftover.unshift(record.id);
      }
    }
    if (leftover.length > 0) throw new BulkAddCompensationError(cause, leftover);
    throw cause;
  }

  async function bulkAdd(t: PathSegment, participants: readonly object[]) {
    if (participants.length === 0) return [];
    const size = options.bulkChunkSize ?? participants.length;
    const created: ApiRecord[] = [];
    for (const chunk of chunksOf(participants, Math.max(1, Math.floor(size)))) {
      try {
        created.push(...(await sendChunk(t, chunk)));
      } catch (error) {
        await compensate(t, created, error);
      }
    }
    return created;
  }

  return {
    list: (t, page) => requester.list({ method: "GET", path: all(t), query: pageQuery(page) }),
    listAll: (t) => requester.listAll({ method: "GET", path: all(t) }),
    get: (t, p) => requester.single({ method: "GET", path: one(t, p) }),
    create: (t, attributes) =>
      requester.single({ method: "POST", path: all(t), body: { type: TYPE, attributes } }),
    update: (t, p, attributes) =>
      requester.single({ method: "PUT", path: one(t, p), body: { type: TYPE, attributes } }),
    delete: remove,
    bulkAdd,
    clear: (t) => requester.none({ method: "DELETE", path: `${all(t)}/clear` }),
    randomize: async (t) =>
      (await requester.list({ method: "PUT", path: `${all(t)}/randomize` })).data,
    register: (t, attributes = {}) =>
      requester.single({
        method: "POST",
        path: `${all(t)}/register`,
        body: { type: TYPE, attributes },
      }),
    unregister: (t) => requester.none({ method: "DELETE", path: `${all(t)}/register` }),
    checkIn: (t, p) => requester.single({ method: "POST", path: `${one(t, p)}/check_in` }),
    undoCheckIn: (t, p) => requester.single({ method: "POST", path: `${one(t, p)}/undo_check_in` }),
  };
}
