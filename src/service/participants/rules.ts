/**
 * The owner states a participant change depends on. Every check here runs on
 * the owner read inside the write transaction that makes the change (see
 * owner.ts and `currentTournament` in lookup.ts): another process may have
 * started or reset the tournament or race since the request came in.
 */
import { unprocessable } from "../errors.js";
import type { ParticipantOwner } from "./owner.js";

export function requireBeforeStart(owner: ParticipantOwner, action: string): void {
  if (!owner.beforeStart) {
    throw unprocessable(
      `cannot ${action} while the ${owner.noun} is ${owner.state}; reset it first`,
    );
  }
}

export function requirePending(owner: ParticipantOwner, action: string): void {
  if (owner.state !== "pending") {
    throw unprocessable(
      `cannot ${action} while the ${owner.noun} is ${owner.state}; only a pending ${owner.noun} allows it`,
    );
  }
}
