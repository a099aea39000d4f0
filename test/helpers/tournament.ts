/**
 * Hand-built tournaments for the pure state changes (service/bracket/
 * tournament-state.ts): a tournament row, its participants and stored stages
 * as plain data, and the rows a change's stage lists would store.
 */
import type { TournamentSettings, TournamentState } from "../../src/model/tournament.js";
import { newMatchFromPlan } from "../../src/service/bracket/match-codec.js";
import {
  type StoredStageData,
  type TournamentChange,
  TournamentDraft,
  tournamentFacts,
} from "../../src/service/bracket/tournament-draft.js";
import { newMatchRow } from "../../src/store/match-columns.js";
import type { MatchRow, NewMatch } from "../../src/store/match-rows.js";
import type { StageData, TournamentRow } from "../../src/store/tournaments-repository.js";
import { NOW, players, REF } from "./stage.js";

export interface Tournament {
  readonly state: TournamentState;
  readonly settings: TournamentSettings;
  readonly count?: number;
  readonly inactive?: readonly number[];
  readonly stageData?: StageData;
  readonly checkInOpensAt?: string;
  readonly stages?: ReadonlyMap<string, StoredStageData>;
}

export function tournamentRow(t: Tournament): TournamentRow {
  return {
    id: REF.tournamentId,
    url: t.settings.url,
    name: t.settings.name,
    tournament_type: t.settings.tournament_type,
    state: t.state,
    settings: t.settings,
    stage_data: t.stageData ?? null,
    community_id: null,
    random_seed: 1,
    check_in_opens_at: t.checkInOpensAt ?? null,
    created_at: NOW,
    updated_at: NOW,
    started_at: null,
    completed_at: null,
    participants_count: t.count ?? 8,
    owner_id: 1,
  };
}

/** A draft of the tournament, at NOW. */
export function tournamentDraft(t: Tournament): TournamentDraft {
  const inactive = new Set(t.inactive ?? []);
  const participants = players(t.count ?? 8).map((p) => ({ ...p, active: !inactive.has(p.id) }));
  const facts = tournamentFacts({
    row: tournamentRow(t),
    participants,
    ...(t.stages === undefined ? {} : { stages: t.stages }),
  });
  return new TournamentDraft(facts, NOW);
}

export type StageList = Extract<TournamentChange, { kind: "stage" }>;

/** The stage lists of `changes`, in order. */
export function stageLists(changes: readonly TournamentChange[]): StageList[] {
  return changes.filter((c): c is StageList => c.kind === "stage");
}

/**
 * The rows a stage list stores, as the shell would (ids from `firstId`; a
 * streamed plan is read here, once).
 */
export function storedRows({ ref, changes }: StageList, firstId = 1): MatchRow[] {
  const made: NewMatch[] = [];
  for (const c of changes) {
    if (c.kind === "insert") made.push(...c.matches);
    if (c.kind === "plan") for (const m of c.plan) made.push(newMatchFromPlan(ref, m));
  }
  return made.map((m, i) => newMatchRow(m, REF.tournamentId, firstId + i, NOW));
}
