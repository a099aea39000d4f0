/**
 * The tournament state machine (DESIGN.md §3): every change_state value, as a
 * pure change of a tournament draft (tournament-draft.ts). `applyStateChange`
 * loads, runs and writes one (tournament-io.ts).
 */
import type { StateChange } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { abortCheckIn, processCheckIn } from "./check-in.js";
import {
  finalizeGroupStage,
  finalStageEntrants,
  resetGroupStage,
  resetToPending,
  startGroupStage,
} from "./group-stage.js";
import { forfeitsAtStart, startStage } from "./plan-stage.js";
import { finalStageRanks } from "./ranks.js";
import type { Entrant } from "./round-plans.js";
import type { StageChange } from "./stage-draft.js";
import { assertStartWithinLimits } from "./stage-limits.js";
import type { TournamentDraft } from "./tournament-draft.js";
import { runTournamentChange } from "./tournament-io.js";

const POINTER = "/data/attributes/state";
const BEFORE_START = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

function notFrom(row: TournamentRow, change: string, hint: string): never {
  throw unprocessable(`cannot ${change} a tournament that is ${row.state}; ${hint}`, POINTER);
}

/**
 * A two-stage tournament's start (its final stage) before its group stage is finalized: what
 * is missing and what to run. "cannot start a tournament that is pending" read as a
 * contradiction (an outside review): pending is when a one-stage tournament starts.
 * group-stage-hint.ts (the CLI) reads "(the tournament is STATE)" to name its commands.
 */
function groupStageFirst(row: TournamentRow): never {
  const then = "finalize_group_stage once every group match is complete, then start";
  const is = `(the tournament is ${row.state})`;
  if (row.state === "group_stages_underway")
    throw unprocessable(
      `cannot start yet: the group stage is being played ${is}; run ${then}`,
      POINTER,
    );
  if (!BEFORE_START.has(row.state)) notFrom(row, "start", "reset it first");
  const checkIn = row.state === "checking_in" ? "process or abort the check-in, then " : "";
  throw unprocessable(
    `cannot start yet: this tournament has a group stage (group_stage_enabled), not played yet ${is}; ${checkIn}run start_group_stage, then ${then}`,
    POINTER,
  );
}

function start(draft: TournamentDraft): void {
  const { row } = draft;
  const twoStage = row.settings.group_stage_enabled;
  if (twoStage && row.state !== "group_stages_finalized") groupStageFirst(row);
  if (!twoStage && !BEFORE_START.has(row.state)) notFrom(row, "start", "reset it first");
  if (row.state === "checking_in") notFrom(row, "start", "process or abort the check-in first");
  const participants = twoStage ? qualifiers(draft) : draft.facts.activeSeeds();
  if (participants.length < 2) {
    throw unprocessable(
      `a tournament needs at least 2 active participants to start; it has ${participants.length}`,
      POINTER,
    );
  }
  assertStartWithinLimits(row.settings, participants.length);
  const ref = draft.ref("final");
  let forfeits: readonly StageChange[] = [];
  draft.stage(ref, (stage) => {
    startStage(stage, row.settings, participants);
    forfeits = forfeitsAtStart(stage, row.settings, participants);
  });
  draft.setState("underway", twoStage ? {} : { started: draft.now, completed: null });
  // After the state: a forfeit can complete the stage (awaiting_review).
  if (forfeits.length > 0) draft.record({ kind: "stage", ref, changes: forfeits });
}

/**
 * The final stage's entrants after a group stage, in its stored seeding, each marked
 * active or not. A qualifier removed since (deactivated) still enters, and forfeits at
 * once: as a removal once started forfeits (participants delete: "later it deactivates
 * and forfeits"), their opponent advances; the next of their group does not take
 * their place.
 */
function qualifiers(draft: TournamentDraft): Entrant[] {
  const active = new Set(draft.facts.activeSeeds().map((p) => p.id));
  return finalStageEntrants(draft.row).map((p) => ({ ...p, active: active.has(p.id) }));
}

function startGroups(draft: TournamentDraft): void {
  const { row } = draft;
  if (!row.settings.group_stage_enabled)
    notFrom(row, "start_group_stage", "group_stage_enabled is false; enable it or use start");
  if (!BEFORE_START.has(row.state) || row.state === "checking_in")
    notFrom(row, "start_group_stage", "it must be pending or checked_in");
  startGroupStage(draft);
}

function reset(draft: TournamentDraft): void {
  if (BEFORE_START.has(draft.row.state)) notFrom(draft.row, "reset", "it has not started");
  resetToPending(draft);
}

function finalize(draft: TournamentDraft): void {
  if (draft.row.state !== "awaiting_review")
    notFrom(draft.row, "finalize", "finalize needs every match complete (awaiting_review)");
  const ranks = finalStageRanks(draft.facts.stage(draft.ref("final")));
  draft.record({ kind: "final_ranks", ranks });
  draft.setState("complete", { completed: draft.now });
}

function openPredictions(draft: TournamentDraft): void {
  if (draft.row.state !== "pending")
    notFrom(draft.row, "open_predictions", "predictions open before the start, from pending");
  draft.setState("accepting_predictions");
}

/** Each change_state value as a pure change: it records on the draft or throws. */
export const STATE_TRANSITIONS: Record<StateChange, (draft: TournamentDraft) => void> = {
  start,
  reset,
  finalize,
  start_group_stage: startGroups,
  finalize_group_stage: finalizeGroupStage,
  reset_group_stage: resetGroupStage,
  process_checkin: processCheckIn,
  abort_checkin: abortCheckIn,
  open_predictions: openPredictions,
};

/** Runs a change_state value on `row` (as read inside the write) and writes its changes. */
export function applyStateChange(
  service: ServiceContext,
  row: TournamentRow,
  change: StateChange,
): void {
  runTournamentChange(service, row, STATE_TRANSITIONS[change]);
}
