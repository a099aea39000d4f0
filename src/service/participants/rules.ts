/**
 * The tournament states a participant change depends on. Every check here
 * runs on rows read inside the write transaction that makes the change (see
 * `currentTournament` in lookup.ts): another process may have started or
 * reset the tournament since the request came in.
 */
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { unprocessable } from "../errors.js";

export const BEFORE_START: ReadonlySet<string> = new Set([
  "pending",
  "checking_in",
  "checked_in",
  "accepting_predictions",
]);

export function requireBeforeStart(row: TournamentRow, action: string): void {
  if (!BEFORE_START.has(row.state)) {
    throw unprocessable(`cannot ${action} while the tournament is ${row.state}; reset it first`);
  }
}

export function requirePending(row: TournamentRow, action: string): void {
  if (row.state !== "pending") {
    throw unprocessable(
      `cannot ${action} while the tournament is ${row.state}; only a pending tournament allows it`,
    );
  }
}
