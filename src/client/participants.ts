/**
 * Participants of a tournament or a race (participant-owner.ts):
 * `/tournaments/{t}/participants...` or `/races/{r}/participants...`, bulk add included.
 */

import type { BulkAddControl, BulkAddOptions } from "./bulk-add.js";
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import { type ParticipantOwner, participantsPath } from "./participant-owner.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";
import { checkedOwners } from "./unpublished-participants.js";

export type { ParticipantOwner } from "./participant-owner.js";

const TYPE = "Participants";

export interface ParticipantsApi {
  list(owner: ParticipantOwner, page?: PageOptions): Promise<ApiList>;
  listAll(owner: ParticipantOwner): Promise<ApiRecord[]>;
  /** listAll's pages one by one, as they come (`-L N` reads no page past its N records). */
  pages(owner: ParticipantOwner): AsyncIterable<ApiRecord[]>;
  get(owner: ParticipantOwner, participant: PathSegment): Promise<ApiRecord>;
  create(owner: ParticipantOwner, attributes: Record<string, unknown>): Promise<ApiRecord>;
  update(
    owner: ParticipantOwner,
    participant: PathSegment,
    attributes: Record<string, unknown>,
  ): Promise<ApiRecord>;
  delete(owner: ParticipantOwner, participant: PathSegment): Promise<void>;
  /**
   * Requests of at most bulkChunkSize (and MAX_BULK_ADD) names: inside one
   * transaction when the backend has one (embedded), else deleting what earlier
   * chunks created when a later one fails or `control.stop` is aborted (see bulk-add.ts).
   */
  bulkAdd(
    owner: ParticipantOwner,
    participants: readonly object[],
    control?: BulkAddControl,
  ): Promise<ApiRecord[]>;
  /** bulkAdd runs in the backend's one transaction (embedded): stopped, nothing is kept, nothing undone. */
  readonly bulkAddIsOneTransaction: boolean;
  clear(owner: ParticipantOwner): Promise<void>;
  randomize(owner: ParticipantOwner): Promise<ApiRecord[]>;
  /** Registers the authenticated user. */
  register(owner: ParticipantOwner, attributes?: Record<string, unknown>): Promise<ApiRecord>;
  unregister(owner: ParticipantOwner): Promise<void>;
  /** Checks a participant in while the tournament is checking_in (an extension of v2.1). */
  checkIn(owner: ParticipantOwner, participant: PathSegment): Promise<ApiRecord>;
  undoCheckIn(owner: ParticipantOwner, participant: PathSegment): Promise<ApiRecord>;
}

export interface ParticipantsOptions {
  /** Largest bulk_add request; undefined: MAX_BULK_ADD (model/bulk-add.ts). */
  readonly bulkChunkSize?: number | undefined;
  /** The backend's transaction across requests (the in-process transport's). */
  readonly transaction?: BulkAddOptions["transaction"];
}

export function participantsApi(
  requester: Requester,
  options: ParticipantsOptions = {},
): ParticipantsApi {
  const all = participantsPath;
  const one = (t: ParticipantOwner, p: PathSegment) => `${all(t)}${resourcePath(p)}`;
  const remove = (t: ParticipantOwner, p: PathSegment) =>
    requester.none({ method: "DELETE", path: one(t, p) });

  return checkedOwners(requester, {
    list: (t, page) => requester.list({ method: "GET", path: all(t), query: pageQuery(page) }),
    listAll: (t) => requester.listAll({ method: "GET", path: all(t) }),
    pages: (t) => requester.pages({ method: "GET", path: all(t) }),
    get: (t, p) => requester.single({ method: "GET", path: one(t, p) }),
    create: (t, attributes) =>
      requester.single({ method: "POST", path: all(t), body: { type: TYPE, attributes } }),
    update: (t, p, attributes) =>
      requester.single({ method: "PUT", path: one(t, p), body: { type: TYPE, attributes } }),
    delete: remove,
    bulkAdd: lazyBulkAdd(requester, {
      chunkSize: options.bulkChunkSize,
      transaction: options.transaction,
    }),
    bulkAddIsOneTransaction: options.transaction !== undefined,
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
  });
}

/**
 * The bulk add (bulk-add.ts), loaded on its first call: in the build a script of its own,
 * dist/noun-bulk-add.js (build/noun-split.mjs FOLDERS), which only the commands adding a
 * roster load; in the core, every command loaded its 5.7 KB (and its code cache).
 */
function lazyBulkAdd(requester: Requester, options: BulkAddOptions): ParticipantsApi["bulkAdd"] {
  let adder: ParticipantsApi["bulkAdd"] | undefined;
  return async (owner, participants, control) => {
    adder ??= (await import("./bulk-add.js")).bulkAdder(requester, options);
    return adder(owner, participants, control);
  };
}
