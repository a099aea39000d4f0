/**
 * v1's `include_participants=1` and `include_matches=1` nest a tournament's participants and
 * matches into the record a route answers (tournaments.ts presentTournament, participants.ts
 * show). The path's own scope was all they asked (`tournaments:read` for a tournament), so a key
 * scoped without `participants:read` read every name, and one without `matches:read` every
 * result. Each include now asks its list's own scope, before the route reads or writes
 * anything: an update sent with include_participants=1 is refused unwritten.
 */

import type { ServiceContext } from "../context.js";
import { requireScope } from "../credentials.js";
import type { V1Call } from "./transport.js";
import { flagParam } from "./values.js";

const INCLUDED_SCOPES = [
  ["include_participants", "participants:read"],
  ["include_matches", "matches:read"],
] as const;

/** Refuses 403 a call whose includes ask for lists its credential may not read. */
export function checkIncludedScopes(service: ServiceContext, call: V1Call): void {
  for (const [flag, scope] of INCLUDED_SCOPES)
    if (flagParam(call.params, flag)) {
      const { method, path } = call.request;
      requireScope(service, scope, `${method} ${path} with ${flag}=1`);
    }
}
