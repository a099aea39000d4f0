/**
 * The match rows of recently used tournaments, held in memory by the
 * MatchRepository: reads come from here, and every write through the
 * repository updates the held row in place, in step with the database.
 * Another connection's commit (PRAGMA data_version) or a rolled-back
 * transaction drops it all.
 */
import type { MatchRow, MatchState, StageRef } from "./match-rows.js";

/** A held row: the repository writes its mutable columns in place. */
export type HeldRow = { -readonly [K in keyof MatchRow]: MatchRow[K] };

/** A stage as a number: the final stage -1, a group its id (0 if none). */
export function stageNumber(stage: string, groupId: number | null): number {
  return stage === "final" ? -1 : (groupId ?? 0);
}

/** The order of GET .../matches (stage DESC: the group stage first), then play order, group, id. */
export function listOrder(a: MatchRow, b: MatchRow): number {
  if (a.stage !== b.stage) return a.stage < b.stage ? 1 : -1;
  return (
    a.suggested_play_order - b.suggested_play_order ||
    (a.group_id ?? -1) - (b.group_id ?? -1) ||
    a.id - b.id
  );
}

/**
 * One stage's rows: by id (in id order) and by plan key; `derived` holds what
 * callers work out from the rows (the stage's bracket index), until a row is added.
 */
export class StageRows {
  readonly byId = new Map<number, HeldRow>();
  readonly byKey = new Map<string, HeldRow>();
  derived: unknown;
}

const NO_ROWS: Iterable<HeldRow> = [];

/** One tournament's match rows, by id, by stage and plan key, and per stage in id order. */
export class TournamentMatches {
  readonly byId = new Map<number, HeldRow>();
  readonly stages = new Map<number, StageRows>();
  private ordered: HeldRow[] | undefined;

  constructor(rows: readonly HeldRow[]) {
    for (const row of rows) this.put(row);
  }

  /** Adds a new row (ids, stages and plan keys of a row never change). */
  put(row: HeldRow): void {
    const stageKey = stageNumber(row.stage, row.group_id);
    this.ordered = undefined;
    this.byId.set(row.id, row);
    let stage = this.stages.get(stageKey);
    if (stage === undefined) {
      stage = new StageRows();
      this.stages.set(stageKey, stage);
    }
    stage.byId.set(row.id, row);
    stage.byKey.set(row.plan_key, row);
    stage.derived = undefined;
  }

  stageOf(ref: StageRef): StageRows | undefined {
    return this.stages.get(stageNumber(ref.stage, ref.groupId));
  }

  byPlanKey(ref: StageRef, key: string): HeldRow | undefined {
    return this.stageOf(ref)?.byKey.get(key);
  }

  stage(ref: StageRef): Iterable<HeldRow> {
    return this.stageOf(ref)?.byId.values() ?? NO_ROWS;
  }

  /** Every row in list order (updates in place keep it: no column of the order changes). */
  all(): readonly HeldRow[] {
    this.ordered ??= [...this.byId.values()].sort(listOrder);
    return this.ordered;
  }
}

export function isState(row: MatchRow, state: MatchState | undefined): boolean {
  return state === undefined || row.state === state;
}
