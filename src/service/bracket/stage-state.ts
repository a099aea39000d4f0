/**
 * What a transition of a stage (a report, a reopen, a forfeit) reads: the
 * tournament, the stage's rows, its bracket index, its byes and the
 * participants. The service loads it from the store (stage-io.ts); tests build
 * it by hand with `stageState`. Transitions never write through it: they
 * return changes (stage-draft.ts).
 */
import { type BracketIndex, buildIndex } from "../../engine/index.js";
import type {
  TournamentSettings,
  TournamentState,
  TournamentType,
} from "../../model/tournament.js";
import type { MatchResultRow, MatchRow, StageRef } from "../../store/match-rows.js";
import { plannedFrom } from "./match-codec.js";
import type { Bye } from "./round-plans.js";

/** The format of a stage: the tournament type for the final stage, stage_type for groups. */
export function stageFormat(
  settings: TournamentSettings,
  stage: "final" | "group",
): TournamentType {
  return stage === "final" ? settings.tournament_type : settings.group_stage_options.stage_type;
}

export interface StageParticipant {
  readonly id: number;
  readonly seed: number;
  readonly active: boolean;
}

export interface StageTournament {
  readonly url: string;
  readonly state: TournamentState;
  readonly settings: TournamentSettings;
}

export interface StageState {
  readonly ref: StageRef;
  readonly tournament: StageTournament;
  /** The stage's format: the tournament type, or the groups' stage type. */
  readonly format: TournamentType;
  /** A row of the stage by plan key. */
  row(key: string): MatchRow | undefined;
  /** The result columns of a row by plan key (what the progression reads, many times a report). */
  result(key: string): MatchResultRow | undefined;
  /** Every row of the stage (inactive resets included), in play order. */
  rows(): readonly MatchRow[];
  /**
   * Active rows of the stage that are not complete; with `atMost` (> 0) the count may stop
   * there (any figure >= atMost then: enough to tell whether the stage is complete).
   */
  countIncomplete(atMost?: number): number;
  /** The stage's bracket index (elimination stages). */
  index(): BracketIndex;
  byes(): readonly Bye[];
  /** The tournament's participants, in seed order. */
  participants(): readonly StageParticipant[];
  /**
   * The participants among `ids`, in seed order: what a group's or a swiss round's end reads
   * (a stage of a few players need not read the tournament's thousands).
   */
  entrants(ids: ReadonlySet<number>): readonly StageParticipant[];
  /** Whether a participant of the tournament is deactivated (their matches are forfeited). */
  anyInactive(): boolean;
}

export interface StageData {
  readonly ref: StageRef;
  readonly tournament: StageTournament;
  readonly rows: readonly MatchRow[];
  readonly byes?: readonly Bye[];
  readonly participants: readonly StageParticipant[];
}

/** A stage state from plain data (every row of the stage, in any order). */
export function stageState(data: StageData): StageState {
  const rows = [...data.rows].sort(
    (a, b) => a.suggested_play_order - b.suggested_play_order || a.id - b.id,
  );
  const byKey = new Map(rows.map((r) => [r.plan_key, r]));
  let index: BracketIndex | undefined;
  return {
    ref: data.ref,
    tournament: data.tournament,
    format: stageFormat(data.tournament.settings, data.ref.stage),
    row: (key) => byKey.get(key),
    result: (key) => byKey.get(key),
    rows: () => rows,
    countIncomplete: () => rows.filter((r) => r.active === 1 && r.state !== "complete").length,
    index: () => {
      index ??= buildIndex(rows.map(plannedFrom));
      return index;
    },
    byes: () => data.byes ?? [],
    participants: () => data.participants,
    entrants: (ids) => data.participants.filter((p) => ids.has(p.id)),
    anyInactive: () => data.participants.some((p) => !p.active),
  };
}
