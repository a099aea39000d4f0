/**
 * The states a service's records may not say, worked out from what they do (pure): the
 * published description's Tournament has no `state`, and a Match may lack one too
 * (v2.1.swagger.json). The export, the import and its plan (cli/transfer/published-state.ts)
 * and `watch` (watch-events.ts) read them the same way. A state given is kept as given.
 */
import type { ExportedMatch } from "./tournament-export.js";

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
 * way, or once all are complete awaiting review, or complete when `finalized` (its
 * participants hold final ranks, which only the finalize gives: serve's
 * tournament-state.ts, as the hosted service). Without them, an import of the document
 * never finalizes it. Whether a tournament with no matches is checking in is not told:
 * pending.
 */
export function tournamentStateOf(
  given: unknown,
  matches: readonly Pick<ExportedMatch, "group" | "state">[],
  finalized = false,
): string {
  if (typeof given === "string" && given !== "") return given;
  if (matches.length === 0) return "pending";
  const finals = matches.filter((m) => m.group === null);
  if (finals.length === 0) return "group_stages_underway";
  if (!finals.every((m) => m.state === "complete")) return "underway";
  return finalized ? "complete" : "awaiting_review";
}
