/**
 * Walk-ins: participants added once the file's check-in was processed (`participants add`
 * while the tournament is checked_in), who are active without having checked in. The replay
 * adds them after it has processed the check-in on the target, as the file's event did.
 * Before, they were added with the others, then set aside by the replayed process_checkin:
 * the target started another bracket (Ada vs Bea where the file has Bea vs Dot), exit 0
 * without results, exit 5 ("its players differ") at the first result, the wrong tournament
 * started there (a reviewer found it).
 *
 * The file tells who they are: a processed check-in sets aside everyone not checked in, and
 * no one checks in after it (the service refuses a check-in outside checking_in, and an
 * abort forgets every check-in and sets no one aside), so once it was processed a participant
 * neither checked in nor set aside by it came after.
 */
import type { TournamentExport } from "../../model/tournament-export.js";
import { hasWindow, removedAfterStart } from "./participant-replay.js";

/** The file's states in which its check-in may still be open or not yet opened. */
const CHECK_IN_NOT_DONE = new Set(["pending", "checking_in"]);

/** The target's states in which its check-in is not processed yet (walk-ins wait). */
export const BEFORE_PROCESSING: ReadonlySet<string> = new Set(["pending", "checking_in"]);

/**
 * The names of the file's walk-ins: none unless its check-in (with a window the target can
 * open) was processed, which shows as someone checked in or someone set aside.
 */
export function walkIns(doc: TournamentExport): Set<string> {
  if (CHECK_IN_NOT_DONE.has(doc.tournament.state) || !hasWindow(doc)) return new Set();
  const removed = removedAfterStart(doc);
  const setAside = (p: TournamentExport["participants"][number]) =>
    !p.active && !removed.has(p.name);
  if (!doc.participants.some((p) => p.checked_in || setAside(p))) return new Set();
  return new Set(doc.participants.filter((p) => !p.checked_in && !setAside(p)).map((p) => p.name));
}
