/**
 * States an export works out when the service does not say them: the published
 * description's Tournament and Match attributes have no `state` (v2.1.swagger.json
 * definitions Tournament, Match), so a hosted service answering as published gives an
 * export nothing to copy, and `String(undefined)` wrote "undefined" into the document,
 * which its import could not replay. A state the service gives is always kept as given.
 */
import type { ExportedMatch } from "../../model/tournament-export.js";

/**
 * A match's state from its result and players: complete with a winner or a tie, open
 * with both players known, else pending (the three the export format allows).
 */
export function matchStateOf(
  given: unknown,
  m: Pick<ExportedMatch, "winner" | "tie" | "players">,
): ExportedMatch["state"] {
  if (given === "pending" || given === "open" || given === "complete") return given;
  if (m.winner !== null || m.tie) return "complete";
  const known = m.players.filter((p) => p !== null).length;
  return known >= 2 && known === m.players.length ? "open" : "pending";
}

/**
 * A tournament's state from its matches, never further than they show: no matches,
 * pending; only group matches, the group stage under way; final-stage matches, under
 * way, or awaiting review once all are complete (whether it was finalized is not told,
 * so an import of the document never finalizes it).
 */
export function tournamentStateOf(given: unknown, matches: readonly ExportedMatch[]): string {
  if (typeof given === "string" && given !== "") return given;
  if (matches.length === 0) return "pending";
  const finals = matches.filter((m) => m.group === null);
  if (finals.length === 0) return "group_stages_underway";
  return finals.every((m) => m.state === "complete") ? "awaiting_review" : "underway";
}
