/**
 * The tournament state machine (DESIGN.md §3): start, reset, finalize here;
 * the group stage and check-in transitions arrive with the next capability.
 */
import type { StateChange } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import { planFinalStage, storeStage } from "./plan-stage.js";
import { finalStageRanks, stageParticipants } from "./ranks.js";

const POINTER = "/data/attributes/state";
const STARTABLE = new Set(["pending", "checked_in", "accepting_predictions"]);

function notFrom(row: TournamentRow, change: string, hint: string): never {
  throw unprocessable(`cannot ${change} a tournament that is ${row.state}; ${hint}`, POINTER);
}

function start(service: ServiceContext, row: TournamentRow): void {
  if (row.settings.group_stage_enabled && row.state !== "group_stages_finalized") {
    notFrom(
      row,
      "start",
      "a two-stage tournament starts with start_group_stage, then finalize_group_stage",
    );
  }
  if (!STARTABLE.has(row.state) && row.state !== "group_stages_finalized")
    notFrom(row, "start", "reset it first");
  const participants = service.participants.listActive(row.id);
  if (participants.length < 2) {
    throw unprocessable(
      `a tournament needs at least 2 active participants to start; it has ${participants.length}`,
      POINTER,
    );
  }
  const plan = planFinalStage(
    row.settings,
    stageParticipants(service, row.id, new Set(participants.map((p) => p.id))),
  );
  storeStage(service, { tournamentId: row.id, stage: "final", groupId: null }, plan);
  const now = service.now();
  service.tournaments.setState(row.id, "underway", now, { started: now, completed: null });
}

function reset(service: ServiceContext, row: TournamentRow): void {
  if (row.state === "pending") notFrom(row, "reset", "it has not started");
  const now = service.now();
  service.matches.deleteAll(row.id);
  service.participants.clearResults(row.id, true, now);
  service.tournaments.setState(row.id, "pending", now, { started: null, completed: null });
}

function finalize(service: ServiceContext, row: TournamentRow): void {
  if (row.state !== "awaiting_review") {
    notFrom(row, "finalize", "finalize needs every match complete (awaiting_review)");
  }
  const now = service.now();
  const ranks = finalStageRanks(service, row.settings, {
    tournamentId: row.id,
    stage: "final",
    groupId: null,
  });
  service.participants.setFinalRanks(row.id, ranks, now);
  service.tournaments.setState(row.id, "complete", now, { completed: now });
}

export function applyStateChange(
  service: ServiceContext,
  row: TournamentRow,
  change: StateChange,
): void {
  switch (change) {
    case "start":
      start(service, row);
      return;
    case "reset":
      reset(service, row);
      return;
    case "finalize":
      finalize(service, row);
      return;
    default:
      throw unprocessable(
        `the transition ${change} from ${row.state} is not available yet in this version of the service`,
        POINTER,
      );
  }
}
