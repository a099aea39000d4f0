/**
 * Hand-built stages for the pure bracket rules (service/bracket): rows made
 * from the engine's plans the way the service stores them, drafts over them,
 * reports, and a whole stage played out without a database.
 */
import type { PlannedMatch } from "../../src/engine/index.js";
import type { TournamentSettings, TournamentState } from "../../src/model/tournament.js";
import { newMatchFromPlan } from "../../src/service/bracket/match-codec.js";
import { reportChanges } from "../../src/service/bracket/report.js";
import { StageDraft } from "../../src/service/bracket/stage-draft.js";
import { type StageState, stageState } from "../../src/service/bracket/stage-state.js";
import type { MatchReport } from "../../src/service/validation/match-report.js";
import { defaultSettings } from "../../src/service/validation/tournament-settings.js";
import { newMatchRow } from "../../src/store/match-columns.js";
import type { MatchRow, NewMatch } from "../../src/store/match-rows.js";

export const NOW = "2026-11-23T10:00:00.000Z";
export const REF = { tournamentId: 7, stage: "final", groupId: null } as const;

export function settingsFor(type: TournamentSettings["tournament_type"]): TournamentSettings {
  return { ...defaultSettings(), name: "Cup", url: "cup", tournament_type: type };
}

/** Stored rows as the service makes them from new matches (ids from 1). */
export function rowsOf(matches: readonly NewMatch[]): MatchRow[] {
  return matches.map((m, i) => newMatchRow(m, REF.tournamentId, i + 1, NOW));
}

export const players = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 101 + i, seed: i + 1 }));

export interface Stage {
  readonly type: TournamentSettings["tournament_type"];
  readonly rows: readonly MatchRow[];
  readonly state?: TournamentState;
  readonly inactive?: readonly number[];
  readonly count?: number;
}

export function draftOf(stage: Stage): StageDraft {
  return new StageDraft(stateOf(stage), NOW);
}

export function stateOf(stage: Stage): StageState {
  const inactive = new Set(stage.inactive ?? []);
  return stageState({
    ref: REF,
    tournament: { url: "cup", state: stage.state ?? "underway", settings: settingsFor(stage.type) },
    rows: stage.rows,
    participants: players(stage.count ?? 8).map((p) => ({ ...p, active: !inactive.has(p.id) })),
  });
}

export function planRows(plan: readonly PlannedMatch[]): MatchRow[] {
  return rowsOf(plan.map((m) => newMatchFromPlan(REF, m)));
}

export const byKey = (rows: readonly MatchRow[], key: string) =>
  rows.find((r) => r.plan_key === key)!;

/** A one-on-one report: `winner` advances, 2-0 from the winner's side. */
export function win(row: MatchRow, winner: number): MatchReport {
  const entry = (id: number) => ({
    participantId: id,
    sets: id === winner ? [2] : [0],
    rank: undefined,
    advancing: id === winner,
  });
  return { entries: [entry(row.player1_id!), entry(row.player2_id!)], tie: false };
}

/** `rows` with `key` complete, won by `winner`. */
export function completed(rows: readonly MatchRow[], key: string, winner: number): MatchRow[] {
  return rows.map((r) =>
    r.plan_key !== key
      ? r
      : {
          ...r,
          state: "complete",
          winner_id: winner,
          loser_id: r.player1_id === winner ? r.player2_id : r.player1_id,
        },
  );
}

/**
 * Reports every open one-on-one match of `stage` (the lower id wins), one draft
 * a report, until none is open (at most 1,000 reports; swiss rounds are added
 * as they come): the stage's rows then, and the tournament's state.
 */
export function playOut(stage: Stage): { rows: MatchRow[]; state: TournamentState } {
  let rows = [...stage.rows];
  let state = stage.state ?? "underway";
  for (let n = 0; n < 1000; n++) {
    const open = rows.find((r) => r.active === 1 && r.state === "open");
    if (open === undefined) return { rows, state };
    const draft = draftOf({ ...stage, rows, state });
    reportChanges(draft, open, win(open, Math.min(open.player1_id!, open.player2_id!)));
    rows = draft.rows();
    state = draft.tournamentState;
  }
  throw new Error("still open matches after 1,000 reports");
}
