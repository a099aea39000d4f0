/**
 * The match rows of one tournament as the cache holds them: by id, by stage
 * and plan key, in list order, and the lists asked for since the last change.
 * A write changes the held row in place (`apply`, the one place): a row read
 * before a write of it shows the write, as a read after it would.
 */

import { involves } from "../match-json.js";
import type {
  MatchChanges,
  MatchCounts,
  MatchFilter,
  MatchRow,
  MatchState,
  StageRef,
} from "../match-rows.js";

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
 * `version` counts the rows added (or put again): what is derived over several turns
 * (cached-matches.ts `deriveInParts`) is kept only if it did not move meanwhile.
 */
export class StageRows {
  readonly byId = new Map<number, MatchRow>();
  readonly byKey = new Map<string, MatchRow>();
  derived: unknown;
  version = 0;
  /** Active rows not complete, kept as rows are added and written (a report asks it: no pass). */
  incomplete = 0;
}

/** 1 if `row` is active and not complete, else 0. */
const incompleteOf = (row: MatchRow): number =>
  row.active === 1 && row.state !== "complete" ? 1 : 0;

const NO_ROWS: Iterable<MatchRow> = [];
/** The key of the selection of every active row (`selected({})`). */
const ALL_ACTIVE = "/";

/** Two runs in list order merged into one. */
function merged(a: readonly MatchRow[], b: readonly MatchRow[]): MatchRow[] {
  const out: MatchRow[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(listOrder(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export class HeldMatches {
  readonly byId = new Map<number, MatchRow>();
  readonly stages = new Map<number, StageRows>();
  /** The largest id held (a warm-up goes on past it). */
  lastId = 0;
  /** Every row in list order (built on first use). */
  private ordered: MatchRow[] | undefined;
  /**
   * Rows added by `putAll` only, as runs in list order, each at least twice the next
   * (a binary counter: a chunk merged costs O(n log n) in all, never a sort of every row).
   */
  private runs: MatchRow[][] | undefined = [];
  /** Active rows a filter selects, in list order, per filter: until any row changes. */
  private readonly selections = new Map<string, MatchRow[]>();
  /**
   * Active rows, and of them complete, kept as rows are added and written: the tournament's
   * record asks them after every write, and a pass over the rows then (the selection a
   * write clears) was 25-38 ms at 50,000 players (99,998 rows) in one unit of serve's work.
   */
  private active = 0;
  private complete = 0;
  /**
   * What another connection's commit is checked against (held-check.ts): T's revision row
   * when the rows were read (NaN: moved by this connection's write since, to read again),
   * the sum of the held rows' versions (this connection's updates counted), the lowest id
   * held, and the store's epoch at the last check.
   */
  revision = Number.NaN;
  versions = 0;
  firstId = Number.POSITIVE_INFINITY;
  checked = 0;

  constructor(rows: readonly MatchRow[]) {
    for (const row of rows) this.put(row);
  }

  /** Adds a new row (ids, stages and plan keys of a row never change). */
  put(row: MatchRow): void {
    this.runs = undefined;
    this.add(row);
  }

  private add(row: MatchRow): void {
    this.ordered = undefined;
    this.selections.clear();
    const before = this.byId.get(row.id);
    if (before !== undefined) this.count(before, -1);
    this.count(row, 1);
    this.byId.set(row.id, row);
    if (row.id > this.lastId) this.lastId = row.id;
    if (row.id < this.firstId) this.firstId = row.id;
    const key = stageNumber(row.stage, row.group_id);
    let stage = this.stages.get(key);
    if (stage === undefined) {
      stage = new StageRows();
      this.stages.set(key, stage);
    }
    if (before !== undefined) stage.incomplete -= incompleteOf(before);
    stage.incomplete += incompleteOf(row);
    stage.byId.set(row.id, row);
    stage.byKey.set(row.plan_key, row);
    stage.derived = undefined;
    stage.version++;
  }

  /**
   * Adds new rows keeping the list order built so far (a warm-up's chunk, store-cache.ts):
   * merged into it, not the whole sorted again at the first list (100k rows: 60-150 ms
   * in one turn here).
   */
  putAll(rows: readonly MatchRow[]): void {
    for (const row of rows) this.add(row);
    const runs = this.runs;
    if (runs === undefined) return;
    let run = [...rows].sort(listOrder);
    while (runs.length > 0 && runs[runs.length - 1]!.length <= 2 * run.length)
      run = merged(runs.pop()!, run);
    runs.push(run);
  }

  /**
   * Applies a write of row `id` to the held row, in place (no column it
   * changes is part of a stage, key or order). In place, not a new row: a new
   * row per write cost about 20 % of a 1,024-player double elimination played
   * through the service (bench/engine.mjs, garbage collection mostly). `values` begins
   * with one value per column (the statement's parameters: what follows is not read).
   */
  apply(
    id: number,
    columns: readonly (keyof MatchChanges)[],
    values: readonly unknown[],
    now: string,
  ): void {
    const row = this.byId.get(id) as Record<string, unknown> | undefined;
    if (row === undefined) return;
    const active = row.active;
    const was = incompleteOf(row as unknown as MatchRow);
    this.count(row as unknown as MatchRow, -1);
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    row.updated_at = now;
    this.versions++; // the UPDATE's `version = version + 1` (match-writes.ts)
    this.count(row as unknown as MatchRow, 1);
    const is = incompleteOf(row as unknown as MatchRow);
    if (is !== was) {
      const stage = this.stages.get(
        stageNumber(row.stage as string, row.group_id as number | null),
      );
      if (stage !== undefined) stage.incomplete += is - was;
    }
    this.forget(row.active === active);
  }

  /**
   * Drops the selections a write may have changed: all of them, but the list of every
   * active row when the written row stayed active or not (its rows are the same objects,
   * written in place, in the same order; no column a write changes orders them). Serve's
   * next snapshot asks that list after each report: filtering the 99,998 rows again was
   * 30-60 ms of one unit of its work at 50,000 players.
   */
  private forget(keepAll: boolean): void {
    // Nothing to drop (the usual case: every report after the first since a list): no
    // clear, which gives the map a new table each time (issue 27, allocation a report).
    const size = this.selections.size;
    if (size === 0 || (size === 1 && keepAll && this.selections.has(ALL_ACTIVE))) return;
    const all = keepAll ? this.selections.get(ALL_ACTIVE) : undefined;
    this.selections.clear();
    if (all !== undefined) this.selections.set(ALL_ACTIVE, all);
  }

  /** Adds `row` to (1) or takes it from (-1) the counts. */
  private count(row: MatchRow, sign: 1 | -1): void {
    if (row.active !== 1) return;
    this.active += sign;
    if (row.state === "complete") this.complete += sign;
  }

  /** The active rows held and how many are complete (what `selected({})` would count), kept: no pass. */
  counts(): MatchCounts {
    return { total: this.active, complete: this.complete };
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
    if (this.ordered === undefined && this.runs !== undefined && this.runs.length > 0) {
      // Smallest first: each row merged about log2(runs) times.
      this.ordered = this.runs.reduceRight((all, run) => merged(run, all), [] as MatchRow[]);
      this.runs = undefined; // from here on, the order is kept by a sort on first use
    }
    this.ordered ??= [...this.byId.values()].sort(listOrder);
    return this.ordered;
  }

  /** The active rows `filter` selects, in list order (kept for the next page until a change). */
  selected(filter: MatchFilter): readonly MatchRow[] {
    const { state, participantId, identifier } = filter;
    // ALL_ACTIVE without a filter
    const key = `${state ?? ""}/${participantId ?? ""}${identifier === undefined ? "" : `/${identifier}`}`;
    let rows = this.selections.get(key);
    if (rows === undefined) {
      rows = this.all().filter(
        (row) =>
          row.active === 1 &&
          isState(row, state) &&
          (participantId === undefined || involves(row, participantId)) &&
          (identifier === undefined || row.identifier === identifier),
      );
      this.selections.set(key, rows);
    }
    return rows;
  }
}
