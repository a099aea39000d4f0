/**
 * Completing matches and moving their results through the stage: winners and
 * losers into their next matches, the grand-final reset, forfeits of
 * deactivated participants, and the end of the stage.
 */
import { advance } from "../../engine/index.js";
import type { MatchRow, StageRef } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";
import { stageFormat } from "./plan-stage.js";
import { continueFreeForAll, continueSwiss } from "./rounds.js";
import { stageIndex, stageOf, storedResults } from "./stage-index.js";

export interface Completion {
  readonly winnerId: number | null;
  readonly loserId: number | null;
  readonly tie: boolean;
  readonly scoreSets: readonly (readonly [number, number])[] | null;
  readonly entries: readonly object[] | null;
}

/** Sides whose results move participants on; the others (round robin, swiss) do not. */
const ELIMINATION_SIDES = new Set(["winners", "losers", "grand_final", "third_place"]);

export function isEliminationMatch(row: MatchRow): boolean {
  return ELIMINATION_SIDES.has(row.side);
}

/** Stage complete: the final stage moves the tournament to awaiting_review. */
function onStageComplete(service: ServiceContext, ref: StageRef): void {
  if (ref.stage !== "final") return;
  const tournament = service.tournaments.findById(ref.tournamentId);
  if (tournament?.state === "underway")
    service.tournaments.setState(ref.tournamentId, "awaiting_review", service.now());
}

export function completeMatch(
  service: ServiceContext,
  row: MatchRow,
  completion: Completion,
): void {
  const now = service.now();
  service.matches.setResult(
    row.id,
    {
      state: "complete",
      winnerId: completion.winnerId,
      loserId: completion.loserId,
      tie: completion.tie,
      scoreSets: completion.scoreSets === null ? null : JSON.stringify(completion.scoreSets),
      entries: completion.entries === null ? null : JSON.stringify(completion.entries),
      completedAt: now,
    },
    now,
  );
  const ref = stageOf(row);
  if (isEliminationMatch(row) && completion.winnerId !== null && completion.loserId !== null) {
    advanceFrom(service, row, ref, { winnerId: completion.winnerId, loserId: completion.loserId });
  } else if (service.matches.countIncomplete(ref) === 0) {
    continueRounds(service, ref);
  }
}

/** The last match of a round: swiss and free for all play another round, or the stage is over. */
function continueRounds(service: ServiceContext, ref: StageRef): void {
  const settings = service.tournaments.findById(ref.tournamentId)!.settings;
  const format = stageFormat(settings, ref.stage);
  const before = service.matches.countStage(ref);
  let done = true;
  if (format === "swiss") done = continueSwiss(service, settings, ref);
  else if (format === "free for all") done = continueFreeForAll(service, settings, ref);
  if (done) {
    onStageComplete(service, ref);
    return;
  }
  if (!service.participants.anyInactive(ref.tournamentId)) return;
  for (const row of service.matches.stageRows(ref).slice(before))
    forfeitIfInactive(service, ref, row.plan_key);
}

function advanceFrom(
  service: ServiceContext,
  row: MatchRow,
  ref: StageRef,
  outcome: { winnerId: number; loserId: number },
): void {
  const index = stageIndex(service.matches, ref);
  const advancement = advance(index, storedResults(service.matches, ref), row.plan_key, outcome);
  const now = service.now();
  const { assignments, playable } = advancement;
  // A match that becomes playable by its last assignment is opened in the same write.
  const opened: string[] = [];
  for (let i = 0; i < assignments.length; i++) {
    const a = assignments[i]!;
    let opens = playable.includes(a.match);
    for (let j = i + 1; opens && j < assignments.length; j++)
      if (assignments[j]!.match === a.match) opens = false;
    service.matches.setSlot(ref, a.match, a.slot, a.participantId, now, opens ? "open" : undefined);
    if (opens) opened.push(a.match);
  }
  if (advancement.reset === "required") {
    const reset = [...index.matches.values()].find((m) => m.onlyIfLoserWins === row.plan_key);
    if (reset !== undefined && !opened.includes(reset.key))
      service.matches.setState(ref, reset.key, "pending", true, now);
  }
  for (const key of playable)
    if (!opened.includes(key)) service.matches.setState(ref, key, "open", true, now);
  if (advancement.stageComplete) onStageComplete(service, ref);
  if (playable.length > 0 && service.participants.anyInactive(ref.tournamentId))
    for (const key of playable) forfeitIfInactive(service, ref, key);
}

/**
 * A newly playable match with a deactivated participant is won by the other
 * one (callers first check that the tournament has deactivated participants).
 */
function forfeitIfInactive(service: ServiceContext, ref: StageRef, key: string): void {
  const row = service.matches.findByKey(ref, key);
  if (row === undefined || row.state !== "open" || row.side === "free_for_all") return;
  const inactive = (id: number | null) =>
    id !== null && service.participants.find(ref.tournamentId, id)?.active === 0;
  const [p1, p2] = [row.player1_id, row.player2_id];
  if (p1 === null || p2 === null || (!inactive(p1) && !inactive(p2))) return;
  const winner = inactive(p1) && !inactive(p2) ? p2 : p1;
  forfeit(service, row, winner);
}

/** Completes `row` with `winnerId` as winner, without scores. */
export function forfeit(service: ServiceContext, row: MatchRow, winnerId: number): void {
  const loserId = row.player1_id === winnerId ? row.player2_id : row.player1_id;
  completeMatch(service, row, { winnerId, loserId, tie: false, scoreSets: null, entries: null });
}
