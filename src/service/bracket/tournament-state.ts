/** The tournament state machine (DESIGN.md §3): every change_state value. */
import type { StateChange } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { abortCheckIn, processCheckIn } from "./check-in.js";
import {
  finalizeGroupStage,
  finalStageEntrants,
  resetGroupStage,
  startGroupStage,
} from "./group-stage.js";
import { startStage } from "./plan-stage.js";
import { finalStageRanks } from "./ranks.js";
import { loadStage } from "./stage-io.js";
import { assertStartWithinLimits } from "./stage-limits.js";

const POINTER = "/data/attributes/state";
const BEFORE_START = new Set(["pending", "checking_in", "checked_in", "accepting_predictions"]);

function notFrom(row: TournamentRow, change: string, hint: string): never {
  throw unprocessable(`cannot ${change} a tournament that is ${row.state}; ${hint}`, POINTER);
}

function start(service: ServiceContext, row: TournamentRow): void {
  const twoStage = row.settings.group_stage_enabled;
  if (twoStage && row.state !== "group_stages_finalized") {
    notFrom(
      row,
      "start",
      "a two-stage tournament runs start_group_stage, then finalize_group_stage, then start",
    );
  }
  if (!twoStage && !BEFORE_START.has(row.state)) notFrom(row, "start", "reset it first");
  if (row.state === "checking_in") notFrom(row, "start", "process or abort the check-in first");
  const participants = twoStage
    ? finalStageEntrants(row)
    : service.participants.activeSeeds(row.id);
  if (participants.length < 2) {
    throw unprocessable(
      `a tournament needs at least 2 active participants to start; it has ${participants.length}`,
      POINTER,
    );
  }
  assertStartWithinLimits(row.settings, participants.length);
  startStage(
    service,
    row.settings,
    { tournamentId: row.id, stage: "final", groupId: null },
    participants,
  );
  const now = service.now();
  service.tournaments.setState(
    row.id,
    "underway",
    now,
    twoStage ? {} : { started: now, completed: null },
  );
}

function startGroups(service: ServiceContext, row: TournamentRow): void {
  if (!row.settings.group_stage_enabled)
    notFrom(row, "start_group_stage", "group_stage_enabled is false; enable it or use start");
  if (!BEFORE_START.has(row.state) || row.state === "checking_in")
    notFrom(row, "start_group_stage", "it must be pending or checked_in");
  startGroupStage(service, row);
}

function reset(service: ServiceContext, row: TournamentRow): void {
  if (BEFORE_START.has(row.state)) notFrom(row, "reset", "it has not started");
  const now = service.now();
  service.matches.deleteAll(row.id);
  service.matches.deleteByes(row.id);
  service.participants.clearResults(row.id, true, now);
  service.tournaments.setStageData(row.id, null);
  service.tournaments.setState(row.id, "pending", now, { started: null, completed: null });
}

function finalize(service: ServiceContext, row: TournamentRow): void {
  if (row.state !== "awaiting_review")
    notFrom(row, "finalize", "finalize needs every match complete (awaiting_review)");
  const now = service.now();
  const ranks = finalStageRanks(
    loadStage(service, row, { tournamentId: row.id, stage: "final", groupId: null }),
  );
  service.participants.setFinalRanks(row.id, ranks, now);
  service.tournaments.setState(row.id, "complete", now, { completed: now });
}

function openPredictions(service: ServiceContext, row: TournamentRow): void {
  if (row.state !== "pending")
    notFrom(row, "open_predictions", "predictions open before the start, from pending");
  service.tournaments.setState(row.id, "accepting_predictions", service.now());
}

const TRANSITIONS: Record<StateChange, (service: ServiceContext, row: TournamentRow) => void> = {
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

export function applyStateChange(
  service: ServiceContext,
  row: TournamentRow,
  change: StateChange,
): void {
  TRANSITIONS[change](service, row);
}
