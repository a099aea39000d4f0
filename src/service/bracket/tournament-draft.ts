/**
 * The functional core of the tournament's state changes (start, reset, the
 * group stage, finalize, check-in). A change reads a `TournamentFacts` (the
 * tournament row and what it needs of participants and stages; loaded by the
 * shell, tournament-io.ts, or built by hand with `tournamentFacts`) and
 * records every write on a `TournamentDraft`. Writes to a stage's matches are
 * recorded on a `StageDraft` and kept as that stage's list of `StageChange`s,
 * the shape reports and reopens use; the shell applies the whole list in the
 * route's one write transaction.
 */
import type { EngineParticipant } from "../../engine/index.js";
import type { TournamentState } from "../../model/tournament.js";
import type { MatchRow, StageRef } from "../../store/match-rows.js";
import type { StageData, TournamentRow } from "../../store/tournaments-repository.js";
import type { Bye } from "./round-plans.js";
import { type StageChange, StageDraft } from "./stage-draft.js";
import { type StageParticipant, type StageState, stageState } from "./stage-state.js";

/** `started` / `completed` are set (or cleared with null) when given. */
export interface Stamps {
  readonly started?: string | null;
  readonly completed?: string | null;
}

export type TournamentChange =
  | { readonly kind: "state"; readonly state: TournamentState; readonly stamps: Stamps }
  | { readonly kind: "stage_data"; readonly data: StageData | null }
  /** Every match and bye of the tournament goes. */
  | { readonly kind: "clear_matches" }
  /** Final ranks (and group places with `groups`) are forgotten. */
  | { readonly kind: "clear_results"; readonly groups: boolean }
  | { readonly kind: "final_ranks"; readonly ranks: ReadonlyMap<number, number> }
  | { readonly kind: "groups"; readonly groups: ReadonlyMap<number, number | null> }
  /** process_checkin's rule: active participants not checked in sit out (marked as set aside by it). */
  | { readonly kind: "set_aside_unchecked" }
  /** abort_checkin's rule: those it set aside come back, every check-in is forgotten. */
  | { readonly kind: "undo_check_in" }
  /** reset's rule: those process_checkin set aside come back, check-ins kept. */
  | { readonly kind: "restore_set_aside" }
  /** abort_checkin: the check-in window stays closed until starts_at or the duration changes. */
  | { readonly kind: "disarm_check_in" }
  | { readonly kind: "stage"; readonly ref: StageRef; readonly changes: readonly StageChange[] };

/** What a state change reads. Each part is read when first asked for, before any write. */
export interface TournamentFacts {
  readonly row: TournamentRow;
  /** Active participants' ids and seeds, in seed order. */
  activeSeeds(): readonly EngineParticipant[];
  /** The group numbers that have matches. */
  groups(): readonly number[];
  stage(ref: StageRef): StageState;
}

export class TournamentDraft {
  readonly changes: TournamentChange[] = [];

  constructor(
    readonly facts: TournamentFacts,
    /** The time of the change (timestamps, rows' updated_at). */
    readonly now: string,
  ) {}

  get row(): TournamentRow {
    return this.facts.row;
  }

  /** The tournament's stage `stage` (group number `groupId`). */
  ref(stage: "final" | "group", groupId: number | null = null): StageRef {
    return { tournamentId: this.row.id, stage, groupId };
  }

  /** Runs `change` on a draft of the stage and keeps what it recorded. */
  stage(ref: StageRef, change: (draft: StageDraft) => void): void {
    const draft = new StageDraft(this.facts.stage(ref), this.now);
    change(draft);
    if (draft.changes.length > 0) this.changes.push({ kind: "stage", ref, changes: draft.changes });
  }

  setState(state: TournamentState, stamps: Stamps = {}): void {
    this.changes.push({ kind: "state", state, stamps });
  }

  record(change: TournamentChange): void {
    this.changes.push(change);
  }
}

/** A stage's stored rows and byes, for `tournamentFacts`. */
export interface StoredStageData {
  readonly rows: readonly MatchRow[];
  readonly byes?: readonly Bye[];
}

export interface TournamentData {
  readonly row: TournamentRow;
  /** Every participant, in seed order. */
  readonly participants: readonly StageParticipant[];
  /** The stages that have rows, by `stageKey`. */
  readonly stages?: ReadonlyMap<string, StoredStageData>;
}

export const stageKey = (ref: StageRef) => `${ref.stage}:${ref.groupId ?? 0}`;

/** Facts from plain data (tests; no database). */
export function tournamentFacts(data: TournamentData): TournamentFacts {
  const stages = data.stages ?? new Map<string, StoredStageData>();
  const { row, participants } = data;
  return {
    row,
    activeSeeds: () => participants.filter((p) => p.active).map(({ id, seed }) => ({ id, seed })),
    groups: () =>
      [...stages.keys()]
        .filter((k) => k.startsWith("group:"))
        .map((k) => Number(k.slice("group:".length)))
        .sort((a, b) => a - b),
    stage: (ref) => {
      const stage = stages.get(stageKey(ref));
      const rows = stage?.rows ?? [];
      return stageState({ ref, tournament: row, participants, rows, byes: stage?.byes ?? [] });
    },
  };
}
