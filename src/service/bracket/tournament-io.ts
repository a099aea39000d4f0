/**
 * The imperative shell around the tournament's state changes: the facts a
 * change reads, from the repositories, and the one place its list of changes
 * is written (stage lists through stage-io.ts). Callers run it inside
 * `service.write`, so the list lands in one transaction or not at all.
 */
import type { EngineParticipant } from "../../engine/index.js";
import type { StageRef } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { syncStations } from "../stations/station-io.js";
import { applyChanges, loadStage, participantsOnce } from "./stage-io.js";
import type { StageParticipant, StageState } from "./stage-state.js";
import {
  type TournamentChange,
  TournamentDraft,
  type TournamentFacts,
} from "./tournament-draft.js";

/** Facts read from the repositories when first asked for (one query each). */
class StoredTournament implements TournamentFacts {
  /** Read once for every stage the change reads (a group stage's finalize: each group). */
  private readonly people: () => readonly StageParticipant[];

  constructor(
    private readonly service: ServiceContext,
    readonly row: TournamentRow,
  ) {
    this.people = participantsOnce(service, row.id);
  }

  activeSeeds(): readonly EngineParticipant[] {
    return this.service.participants.activeSeeds(this.row.id);
  }

  groups(): readonly number[] {
    return this.service.matches.groups(this.row.id);
  }

  stage(ref: StageRef): StageState {
    return loadStage(this.service, this.row, ref, this.people);
  }
}

/** Writes `changes` in order (inside the caller's transaction). */
export function applyTournamentChanges(
  service: ServiceContext,
  tournamentId: number,
  changes: readonly TournamentChange[],
  now: string,
): void {
  const { participants, tournaments, matches } = service;
  for (const c of changes) {
    switch (c.kind) {
      case "state":
        tournaments.setState(tournamentId, c.state, now, c.stamps);
        break;
      case "stage_data":
        tournaments.setStageData(tournamentId, c.data);
        break;
      case "clear_matches":
        matches.deleteAll(tournamentId);
        matches.deleteByes(tournamentId);
        break;
      case "clear_results":
        participants.clearResults(tournamentId, c.groups, now);
        break;
      case "final_ranks":
        participants.setFinalRanks(tournamentId, c.ranks, now);
        break;
      case "groups":
        participants.setGroups(tournamentId, c.groups, now);
        break;
      case "set_aside_unchecked":
        participants.deactivateUnchecked(tournamentId, now);
        break;
      case "undo_check_in":
        participants.undoCheckIn(tournamentId, now);
        break;
      case "restore_set_aside":
        participants.restoreSetAside(tournamentId, now);
        break;
      case "disarm_check_in":
        tournaments.disarmCheckIn(tournamentId);
        break;
      case "stage":
        applyChanges(service, c.ref, c.changes, now);
        break;
    }
  }
}

/**
 * Runs `change` on a draft of the tournament `row` (as read inside the write)
 * and applies what it recorded; a change that throws (a refused state change)
 * has written nothing.
 */
export function runTournamentChange(
  service: ServiceContext,
  row: TournamentRow,
  change: (draft: TournamentDraft) => void,
): void {
  const now = service.now();
  const draft = new TournamentDraft(new StoredTournament(service, row), now);
  change(draft);
  applyTournamentChanges(service, row.id, draft.changes, now);
  syncStations(service, row);
}
