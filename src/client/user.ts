/** The authenticated user: `GET /me`. */
import type { ApiRecord } from "./envelope.js";
import type { Requester } from "./requester.js";

export interface UserApi {
  me(): Promise<ApiRecord>;
}

export function userApi(requester: Requester): UserApi {
  return { me: () => requester.single({ method: "GET", path: "/me" }) };
}
