/**
 * Who a request is answered for (access.ts says what that lets it reach): a
 * verified credential's account and scopes, the local owner in process, or
 * nobody (a served request before its credential check).
 */
import { forwardMethods } from "../store/cache/table-writes.js";
import { type Credential, OWNER_ID } from "../store/credentials.js";
import {
  type TournamentFilter,
  TournamentRepository,
  type TournamentRow,
} from "../store/tournaments-repository.js";

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
 * routes alike); every other method is the repository's own (forwardMethods).
 * A class, its methods made once a process, not an object made per service with
 * `Object.create(repo)` (a new map a service: the route's tournament lookup was
 * thrown away at a process's second service's first report; issue 27).
 */
class VisibleTournaments {
  constructor(
    readonly plain: TournamentRepository,
    private readonly caller: () => Caller,
  ) {}

  /** The lookup of every request that names a tournament: its own method, not a forwarded one. */
  findById(id: number): TournamentRow | undefined {
    return this.plain.findById(id);
  }

  list(filter: TournamentFilter, limit: number, offset: number): TournamentRow[] {
    return this.plain.list(this.visible(filter), limit, offset);
  }

  count(filter: TournamentFilter): number {
    return this.plain.count(this.visible(filter));
  }

  private visible(filter: TournamentFilter): TournamentFilter {
    const c = this.caller();
    return c.local === true ? filter : { ...filter, visibleTo: c.user_id };
  }

  static {
    forwardMethods(VisibleTournaments, TournamentRepository);
  }
}

export function visibleTournaments(
  repo: TournamentRepository,
  caller: () => Caller,
): TournamentRepository {
  return new VisibleTournaments(repo, caller) as object as TournamentRepository;
}
