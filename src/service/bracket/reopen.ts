/**
 * Reopening a complete match: its result and scores are cleared (a free-for-all
 * match keeps its players, without ranks), and so is every match
 * that depends on it (slots filled from it become unknown again). Refused when
 * a dependent match is complete, unless the request resets those too.
 */
import { reopenEffects, slotParticipant } from "../../engine/index.js";
import type { MatchRow } from "../../store/matches-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { isEliminationMatch } from "./progress.js";
import { checkStageOpen } from "./report.js";
import { playersOf } from "./rounds.js";
import { stageIndex, stageOf, storedResults } from "./stage-index.js";

const CLEARED = { winnerId: null, loserId: null, tie: false, completedAt: null } as const;

export function reopenMatch(
  service: ServiceContext,
  tournament: TournamentRow,
  row: MatchRow,
  resetDependents: boolean,
): void {
  if (tournament.state === "complete") {
    throw unprocessable(
      `tournament ${tournament.url} is complete (finalized); its matches can no longer be reopened`,
    );
  }
  checkStageOpen(tournament, row, "reopened");
  if (row.state !== "complete")
    throw unprocessable(
      `match ${row.identifier} (${row.id}) is ${row.state}, not complete: nothing to reopen`,
    );
  const now = service.now();
  const dependents = isEliminationMatch(row) ? dependentMatches(service, row, resetDependents) : [];
  if (!isEliminationMatch(row)) dropLaterRounds(service, row, resetDependents);
  service.matches.setResult(
    row.id,
    { ...CLEARED, state: "open", scoreSets: null, entries: clearedEntries(row) },
    now,
  );
  if (dependents.length > 0) resetDependentsOf(service, row, dependents);
  if (tournament.state === "awaiting_review")
    service.tournaments.setState(tournament.id, "underway", now);
}

/** A free-for-all match keeps its players, without scores, ranks or advancing; others store none. */
function clearedEntries(row: MatchRow): string | null {
  if (row.entries === null) return null;
  const blank = (id: number) => ({
    participant_id: id,
    score_set: "",
    rank: null,
    advancing: false,
  });
  return JSON.stringify(playersOf(row).map(blank));
}

function dependentMatches(
  service: ServiceContext,
  row: MatchRow,
  resetDependents: boolean,
): MatchRow[] {
  const ref = stageOf(row);
  const effects = reopenEffects(stageIndex(service.matches, ref), row.plan_key);
  const dependents = effects.dependents.map((key) => service.matches.findByKey(ref, key)!);
  const played = dependents.filter((d) => d.active === 1 && d.state === "complete");
  if (played.length > 0 && !resetDependents) {
    const names = played.map((d) => `${d.identifier} (${d.id})`).join(", ");
    throw unprocessable(
      `matches that depend on ${row.identifier} are complete: ${names}; reopen with reset_dependents true to reset them too`,
      "/data/attributes/state",
    );
  }
  return dependents;
}

function resetDependentsOf(
  service: ServiceContext,
  row: MatchRow,
  dependents: readonly MatchRow[],
): void {
  const ref = stageOf(row);
  const now = service.now();
  const index = stageIndex(service.matches, ref);
  const effects = reopenEffects(index, row.plan_key);
  for (const d of dependents) {
    service.matches.setResult(
      d.id,
      { ...CLEARED, state: "pending", scoreSets: null, entries: null },
      now,
    );
    if (d.only_if_loser_wins !== null)
      service.matches.setState(ref, d.plan_key, "pending", false, now);
  }
  for (const slot of effects.clearedSlots)
    service.matches.setSlot(ref, slot.match, slot.slot, null, now);
  const results = storedResults(service.matches, ref);
  for (const d of dependents) {
    if (d.only_if_loser_wins !== null) continue;
    const known =
      slotParticipant(index, results, d.plan_key, "player1") !== undefined &&
      slotParticipant(index, results, d.plan_key, "player2") !== undefined;
    if (known) service.matches.setState(ref, d.plan_key, "open", true, now);
  }
}

/**
 * Swiss and free for all: the rounds after a reopened match were paired from
 * its result, so they are removed (and paired again once the round completes).
 * Refused when one of their matches is complete, unless reset_dependents.
 */
function dropLaterRounds(service: ServiceContext, row: MatchRow, resetDependents: boolean): void {
  const ref = stageOf(row);
  const later = service.matches.stageRows(ref).filter((r) => r.round > row.round);
  if (later.length === 0) return;
  const played = later.filter((r) => r.state === "complete");
  if (played.length > 0 && !resetDependents) {
    const names = played.map((d) => `${d.identifier} (${d.id})`).join(", ");
    throw unprocessable(
      `round ${row.round + 1} onwards was paired from match ${row.identifier} and has results: ${names}; reopen with reset_dependents true to remove those rounds`,
      "/data/attributes/state",
    );
  }
  service.matches.deleteRoundsAfter(ref, row.round);
}
