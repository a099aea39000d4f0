/**
 * Who a request is answered for (access.ts says what that lets it reach): a
 * verified credential's account and scopes, the local owner in process, or
 * nobody (a served request before its credential check).
 */
import { type Credential, OWNER_ID } from "../store/credentials.js";
import type { TournamentFilter, TournamentRepository } from "../store/tournaments-repository.js";

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

/**
 * The tournaments repository as the service holds it: `list` and `count` show
 * only what the caller may read (access.ts), whoever lists (the v2.1 and v1
 * routes alike); every other method is the repository's own. Tried as a class
 * forwarding to the repository (issue 27, a4e6570: one map for every service): the
 * median report of a process's second tournament on a file took 3.0 us more and its
 * main thread 7.4 us more of CPU (8 paired runs against this; one more call level on
 * every request's tournament lookup), so it stays an object over the repository.
 */
export function visibleTournaments(
  repo: TournamentRepository,
  caller: () => Caller,
): TournamentRepository {
  const visible = (filter: TournamentFilter): TournamentFilter => {
    const c = caller();
    return c.local === true ? filter : { ...filter, visibleTo: c.user_id };
  };
  return Object.assign(Object.create(repo) as TournamentRepository, {
    list: (filter: TournamentFilter, limit: number, offset: number) =>
      repo.list(visible(filter), limit, offset),
    count: (filter: TournamentFilter) => repo.count(visible(filter)),
  });
}
