/** The five calls of a plain collection (list, get, create, update, delete) at one path. */
import type { ApiList, ApiRecord } from "./envelope.js";
import { type PageOptions, pageQuery } from "./pagination.js";
import type { Requester } from "./requester.js";
import { type PathSegment, resourcePath } from "./resource-path.js";

export interface CollectionApi {
  list(page?: PageOptions): Promise<ApiList>;
  listAll(): Promise<ApiRecord[]>;
  /** listAll's pages one by one, as they come (`-L N` reads no page past its N records). */
  pages(): AsyncIterable<ApiRecord[]>;
  get(id: PathSegment): Promise<ApiRecord>;
  create(attributes: Record<string, unknown>): Promise<ApiRecord>;
  update(id: PathSegment, attributes: Record<string, unknown>): Promise<ApiRecord>;
  delete(id: PathSegment): Promise<void>;
}

/** `path` is the collection's path, e.g. "/tournaments/12/stations"; `type` the request type. */
export function collectionApi(requester: Requester, path: string, type: string): CollectionApi {
  const one = (id: PathSegment) => `${path}${resourcePath(id)}`;
  return {
    list: (page) => requester.list({ method: "GET", path, query: pageQuery(page) }),
    listAll: () => requester.listAll({ method: "GET", path }),
    pages: () => requester.pages({ method: "GET", path }),
    get: (id) => requester.single({ method: "GET", path: one(id) }),
    create: (attributes) => requester.single({ method: "POST", path, body: { type, attributes } }),
    update: (id, attributes) =>
      requester.single({ method: "PUT", path: one(id), body: { type, attributes } }),
    delete: (id) => requester.none({ method: "DELETE", path: one(id) }),
  };
}
