/**
 * The match rows of recently used tournaments, held in memory by the
 * MatchRepository: reads come from here, and every write through the
 * repository updates it in step with the database. Another connection's
 * commit (PRAGMA data_version) or a rolled-back transaction drops it all.
 */
import type { MatchRow, MatchState, StageRef } from "./matches-repository.js";

type Writable<T> = { -readonly [K in keyof T]: T[K] };

export function stageKeyOf(stage: string, groupId: number | null): string {
  return `${stage}:${groupId ?? 0}`;
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

/** One tournament's match rows, by id, by stage and plan key, and per stage in id order. */
export class TournamentMatches {
  readonly byId = new Map<number, MatchRow>();
  private readonly byKey = new Map<string, MatchRow>();
  readonly stages = new Map<string, Map<number, MatchRow>>();
  private ordered: MatchRow[] | undefined;
  private positions = new Map<number, number>();

  constructor(rows: readonly MatchRow[]) {
    for (const row of rows) this.put(row);
  }

  put(row: MatchRow): void {
    const stageKey = stageKeyOf(row.stage, row.group_id);
    if (!this.byId.has(row.id)) this.ordered = undefined;
    this.byId.set(row.id, row);
    this.byKey.set(`${stageKey}\u0000${row.plan_key}`, row);
    let stage = this.stages.get(stageKey);
    if (stage === undefined) {
      stage = new Map();
      this.stages.set(stageKey, stage);
    }
    stage.set(row.id, row);
  }

  /** Applies `changes` to a copy of the row: rows handed out earlier never change. */
  update(row: MatchRow, changes: Partial<Writable<MatchRow>>): void {
    const next = { ...row, ...changes };
    const at = this.positions.get(row.id);
    if (this.ordered !== undefined && at !== undefined) this.ordered[at] = next;
    this.put(next);
  }

  byPlanKey(ref: StageRef, key: string): MatchRow | undefined {
    return this.byKey.get(`${stageKeyOf(ref.stage, ref.groupId)}\u0000${key}`);
  }

  stage(ref: StageRef): Iterable<MatchRow> {
    return this.stages.get(stageKeyOf(ref.stage, ref.groupId))?.values() ?? [];
  }

  /** Every row in list order. */
  all(): readonly MatchRow[] {
    if (this.ordered === undefined) {
      this.ordered = [...this.byId.values()].sort(listOrder);
      this.positions = new Map(this.ordered.map((row, i) => [row.id, i]));
    }
    return this.ordered;
  }
}

export function isState(row: MatchRow, state: MatchState | undefined): boolean {
  return state === undefined || row.state === state;
}
