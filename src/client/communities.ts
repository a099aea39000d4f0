/** Communities of the authenticated user: `GET /communities` (drawn as one object or a list). */
import type { ApiRecord } from "./envelope.js";
import type { Requester } from "./requester.js";

export interface CommunitiesApi {
  list(): Promise<ApiRecord[]>;
}

export function communitiesApi(requester: Requester): CommunitiesApi {
  return {
    list: async () => (await requester.list({ method: "GET", path: "/communities" })).data,
  };
}
