/**
 * The match rows of one tournament as the cache holds them: by id, by stage
 * and plan key, in list order, and the lists asked for since the last change.
 * A write changes the held row in place (`apply`, the one place): a row read
 * before a write of it shows the write, as a read after it would.
 */

import { involves } from "../match-json.js";
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

/** The first index of `ordered` (in list order) whose row comes after `row`. */
function placeOf(ordered: readonly MatchRow[], row: MatchRow): number {
  let low = 0;
  let high = ordered.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (listOrder(ordered[mid]!, row) <= 0) low = mid + 1;
    else high = mid;
  }
  return high;
}

/** `more` (in list order) merged into `ordered` (in list order), in place: O(rows after the first of `more`). */
function mergeInto(ordered: MatchRow[], more: readonly MatchRow[]): MatchRow[] {
  if (more.length === 0) return ordered;
  const tail = ordered.splice(placeOf(ordered, more[0]!));
  let i = 0;
  for (const row of more) {
    while (i < tail.length && listOrder(tail[i]!, row) <= 0) ordered.push(tail[i++]!);
    ordered.push(row);
  }
  while (i < tail.length) ordered.push(tail[i++]!);
  return ordered;
}

export class HeldMatches {
  readonly byId = new Map<number, MatchRow>();
  readonly stages = new Map<number, StageRows>();
  /** The largest id held (a warm-up goes on past it). */
  lastId = 0;
  /** Every row in list order (built on first use). */
  private ordered: MatchRow[] | undefined;
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
    if (row.id > this.lastId) this.lastId = row.id;
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

  /**
   * Adds new rows keeping the list order built so far (a warm-up's chunk, store-cache.ts):
   * merged into it, not the whole sorted again at the first list (100k rows: 60-150 ms
   * in one turn here).
   */
  putAll(rows: readonly MatchRow[]): void {
    const ordered = this.ordered ?? (this.byId.size === 0 ? [] : undefined);
    for (const row of rows) this.put(row);
    if (ordered !== undefined) this.ordered = mergeInto(ordered, [...rows].sort(listOrder));
  }

  /**
   * Applies a write of row `id` to the held row, in place (no column it
   * changes is part of a stage, key or order). In place, not a new row: a new
   * row per write cost about 20 % of a 1,024-player double elimination played
   * through the service (bench/engine.mjs, garbage collection mostly).
   */
  apply(
    id: number,
    columns: readonly (keyof MatchChanges)[],
    values: readonly unknown[],
    now: string,
  ): void {
    const row = this.byId.get(id) as Record<string, unknown> | undefined;
    if (row === undefined) return;
    this.selections.clear();
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    row.updated_at = now;
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
    this.ordered ??= [...this.byId.values()].sort(listOrder);
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
