/**
 * Who a request is answered for (access.ts says what that lets it reach): a
 * verified credential's account and scopes, the local owner in process, or
 * nobody (a served request before its credential check).
 */
import { type Credential, OWNER_ID } from "../store/credentials.js";

/** What a request does to the records it names. */
export type Access = "read" | "write" | "join";

/** A verified credential (store/credentials.ts), or the local owner. */
export interface Caller extends Credential {
  readonly local?: boolean;
}

export const LOCAL_CALLER: Caller = Object.freeze({
  user_id: OWNER_ID,
  username: "owner",
  scopes: null,
  local: true,
});

/**
 * A served request before its credential says whose it is: owns nothing,
 * reads public records only, carries no scope.
 */
export const NOBODY: Caller = Object.freeze({
  user_id: 0,
  username: "",
  scopes: new Set<string>(),
});

/** Reads, writes, or (registering oneself to a tournament) joins. */
export function accessOf(method: string, path: string): Access {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return "read";
  return path.endsWith("/participants/register") ? "join" : "write";
}
