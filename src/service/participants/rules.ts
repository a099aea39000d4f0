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
    // An outside review: "reset it first" did not say what a reset costs. No participant
    // joins a drawn bracket; a reset (back to pending) is the way, at that price.
    throw unprocessable(
      `cannot ${action} while the ${owner.noun} is ${owner.state}: participants join before the start only; a reset (back to pending) lets them, and removes every match and result`,
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

/**
 * The states in which seeds may change (a seed, a randomize): before the bracket is drawn,
 * the check-in included, as an organiser seeds after seeing who turned up (an outside
 * review: they were frozen from the check-in's opening). Not once predictions are open: the
 * bracket being predicted is drawn from them. A race's: pending.
 */
const SEEDABLE: ReadonlySet<string> = new Set(["pending", "checking_in", "checked_in"]);

export function seedsMayChange(owner: ParticipantOwner): boolean {
  return SEEDABLE.has(owner.state);
}

/** Refuses a change of seeds in any other state, naming those that allow it. */
export function seedRefusal(owner: ParticipantOwner, action: string): string {
  const allowed =
    owner.noun === "tournament"
      ? "seeds change before the start only (pending, checking_in or checked_in)"
      : `only a pending ${owner.noun} allows it`;
  return `cannot ${action} while the ${owner.noun} is ${owner.state}; ${allowed}`;
}
