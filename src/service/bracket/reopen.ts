/**
 * Reopening a complete match, as a pure transition: its result and scores are
 * cleared (a free-for-all match keeps its players, without ranks), and so is
 * every match that depends on it (slots filled from it become unknown again).
 * Refused when a dependent match is complete, unless the request resets those
 * too. match-actions.ts loads the stage and writes the changes.
 */
import { reopenEffects, slotParticipant } from "../../engine/index.js";
import { blankEntry, encodeEntries } from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import { unprocessable } from "../errors.js";
import { playersOf } from "./match-codec.js";
import { isEliminationMatch } from "./progress.js";
import { checkStageOpen, type ParticipantLabel } from "./report.js";
import type { StageDraft } from "./stage-draft.js";

/** Sides whose later rounds are paired from earlier results (a round robin's are planned whole). */
const PAIRED_FROM_RESULTS = new Set(["swiss", "free_for_all"]);

const CLEARED = { winnerId: null, loserId: null, tie: false, completedAt: null } as const;

export function reopenChanges(
  draft: StageDraft,
  row: MatchRow,
  resetDependents: boolean,
  label: ParticipantLabel = (id) => `participant ${id}`,
): void {
  const { tournament } = draft.state;
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
  checkNotRemovalForfeit(draft, row, label);
  const dependents = isEliminationMatch(row) ? dependentMatches(draft, row, resetDependents) : [];
  if (PAIRED_FROM_RESULTS.has(row.side)) dropLaterRounds(draft, row, resetDependents);
  draft.setResult(row.plan_key, {
    ...CLEARED,
    state: "open",
    scoreSets: null,
    entries: clearedEntries(row),
  });
  if (dependents.length > 0) resetDependentsOf(draft, row, dependents);
  if (draft.tournamentState === "awaiting_review") draft.setTournamentState("underway");
}

/**
 * A one-on-one match completed by a removal's forfeit (progress.ts forfeit: no score sets,
 * where a report always stores a list, empty or not) is not reopened while its loser is
 * removed and its winner still in: a reopen clears the result, and nothing in the row would
 * then tell the forfeit from a played result, so a report could award it to the removed
 * player. A played result (scores stored, even none: `[]`) is reopened and re-entered as
 * played, the removed player winning or tying included; their later matches forfeit as
 * they open. A forfeit between two removed players is reopened (one of them wins).
 */
function checkNotRemovalForfeit(draft: StageDraft, row: MatchRow, label: ParticipantLabel): void {
  if (row.side === "free_for_all" || row.score_sets !== null) return;
  if (row.winner_id === null || row.loser_id === null) return;
  const removed = (id: number) => draft.participant(id)?.active === false;
  if (!removed(row.loser_id) || removed(row.winner_id)) return;
  throw unprocessable(
    `match ${row.identifier} (${row.id}) was forfeited by ${label(row.loser_id)}, removed from the tournament, to ${label(row.winner_id)}: a removal's forfeit stands while they are removed, so it is not reopened (a played result is)`,
    "/data/attributes/state",
  );
}

/** A free-for-all match keeps its players, without scores, ranks or advancing; others store none. */
function clearedEntries(row: MatchRow): string | null {
  if (row.entries === null) return null;
  return encodeEntries(playersOf(row).map(blankEntry));
}

function dependentMatches(draft: StageDraft, row: MatchRow, resetDependents: boolean): MatchRow[] {
  const effects = reopenEffects(draft.state.index(), row.plan_key);
  const dependents = effects.dependents.map((key) => draft.row(key)!);
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
  draft: StageDraft,
  row: MatchRow,
  dependents: readonly MatchRow[],
): void {
  const index = draft.state.index();
  const effects = reopenEffects(index, row.plan_key);
  for (const d of dependents) {
    draft.setResult(d.plan_key, { ...CLEARED, state: "pending", scoreSets: null, entries: null });
    if (d.only_if_loser_wins !== null) draft.setState(d.plan_key, "pending", false);
  }
  for (const slot of effects.clearedSlots) draft.setSlot(slot.match, slot.slot, null);
  const results = draft.results();
  for (const d of dependents) {
    if (d.only_if_loser_wins !== null) continue;
    const known =
      slotParticipant(index, results, d.plan_key, "player1") !== undefined &&
      slotParticipant(index, results, d.plan_key, "player2") !== undefined;
    if (known) draft.setState(d.plan_key, "open", true);
  }
}

/**
 * Swiss and free for all: the rounds after a reopened match were paired from
 * its result, so they are removed (and paired again once the round completes).
 * Refused when one of their matches is complete, unless reset_dependents.
 */
function dropLaterRounds(draft: StageDraft, row: MatchRow, resetDependents: boolean): void {
  const later = draft.rows().filter((r) => r.round > row.round);
  if (later.length === 0) return;
  const played = later.filter((r) => r.state === "complete");
  if (played.length > 0 && !resetDependents) {
    const names = played.map((d) => `${d.identifier} (${d.id})`).join(", ");
    throw unprocessable(
      `round ${row.round + 1} onwards was paired from match ${row.identifier} and has results: ${names}; reopen with reset_dependents true to remove those rounds`,
      "/data/attributes/state",
    );
  }
  draft.dropRoundsAfter(row.round);
}
