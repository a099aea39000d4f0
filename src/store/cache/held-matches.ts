/**
 * The match rows of one tournament as the cache holds them: by id, by stage
 * and plan key, in list order, and the lists asked for since the last change.
 * Rows are never changed in place: a change puts a new row object everywhere
 * the old one was, so a row a caller holds stays as it was read.
 */
import { changedRow } from "../match-columns.js";
import type { MatchChanges, MatchFilter, MatchRow, MatchState, StageRef } from "../match-rows.js";

/** A stage as a number: the final stage -1, a group its id (0 if none). */
function stageNumber(stage: string, groupId: number | null): number {
  return stage === "final" ? -1 : (groupId ?? 0);
}

/** The order of GET .../matches (stage DESC: the group stage first), then play order, group, id. */
function listOrder(a: MatchRow, b: MatchRow): number {
  if (a.stage !== b.stage) return a.stage < b.stage ? 1 : -1;
  return (
    a.suggested_play_order - b.suggested_play_order ||
    (a.group_id ?? -1) - (b.group_id ?? -1) ||
    a.id - b.id
  );
}

function isState(row: MatchRow, state: MatchState | undefined): boolean {
  return state === undefined || row.state === state;
}

function involves(row: MatchRow, participantId: number): boolean {
  return (
    row.player1_id === participantId ||
    row.player2_id === participantId ||
    row.entries?.includes(`"participant_id":${participantId},`) === true
  );
}

/**
 * One stage's rows: by id (in id order) and by plan key; `derived` holds what
 * callers work out from the stage's plan (its bracket index), until a row is added.
 */
export class StageRows {
  readonly byId = new Map<number, MatchRow>();
  readonly byKey = new Map<string, MatchRow>();
  derived: unknown;
}

const NO_ROWS: Iterable<MatchRow> = [];

export class HeldMatches {
  readonly byId = new Map<number, MatchRow>();
  readonly stages = new Map<number, StageRows>();
  /** Every row in list order, and each row's place in it (built on first use). */
  private ordered: MatchRow[] | undefined;
  private readonly places = new Map<number, number>();
  /** Active rows a filter selects, in list order, per filter: until any row changes. */
  private readonly selections = new Map<string, MatchRow[]>();

  constructor(rows: readonly MatchRow[]) {
    for (const row of rows) this.put(row);
  }

  /** Adds a new row (ids, stages and plan keys of a row never change). */
  put(row: MatchRow): void {
    this.ordered = undefined;
    this.selections.clear();
    this.byId.set(row.id, row);
    const key = stageNumber(row.stage, row.group_id);
    let stage = this.stages.get(key);
    if (stage === undefined) {
      stage = new StageRows();
      this.stages.set(key, stage);
    }
    stage.byId.set(row.id, row);
    stage.byKey.set(row.plan_key, row);
    stage.derived = undefined;
  }

  /** Applies a write of row `id` (no column it changes is part of a stage, key or order). */
  apply(id: number, changes: MatchChanges, now: string): void {
    const old = this.byId.get(id);
    if (old === undefined) return;
    const row = changedRow(old, changes, now);
    this.selections.clear();
    this.byId.set(id, row);
    const stage = this.stages.get(stageNumber(row.stage, row.group_id))!;
    stage.byId.set(id, row);
    stage.byKey.set(row.plan_key, row);
    if (this.ordered !== undefined) this.ordered[this.places.get(id)!] = row;
  }

  stageOf(ref: StageRef): StageRows | undefined {
    return this.stages.get(stageNumber(ref.stage, ref.groupId));
  }

  byPlanKey(ref: StageRef, key: string): MatchRow | undefined {
    return this.stageOf(ref)?.byKey.get(key);
  }

  stage(ref: StageRef): Iterable<MatchRow> {
    return this.stageOf(ref)?.byId.values() ?? NO_ROWS;
  }

  /** Every row in list order. */
  all(): readonly MatchRow[] {
    if (this.ordered === undefined) {
      this.ordered = [...this.byId.values()].sort(listOrder);
      this.places.clear();
      for (const [i, row] of this.ordered.entries()) this.places.set(row.id, i);
    }
    return this.ordered;
  }

  /** The active rows `filter` selects, in list order (kept for the next page until a change). */
  selected(filter: MatchFilter): readonly MatchRow[] {
    const { state, participantId } = filter;
    const key = `${state ?? ""}/${participantId ?? ""}`;
    let rows = this.selections.get(key);
    if (rows === undefined) {
      rows = this.all().filter(
        (row) =>
          row.active === 1 &&
          isState(row, state) &&
          (participantId === undefined || involves(row, participantId)),
      );
      this.selections.set(key, rows);
    }
    return rows;
  }
}
