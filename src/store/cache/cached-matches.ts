/**
 * Match rows through the cache (store-cache.ts): reads of many rows answered
 * from the tournament's held rows (loaded with one query on first use), reads
 * of one row (by id, by plan key) from the held rows when held, else by an
 * indexed query that loads nothing; writes made by the plain repository and
 * then applied to the held rows.
 */
import type { Db } from "../database.js";
import type {
  MatchCounts,
  MatchFilter,
  MatchResultRow,
  MatchRow,
  NewMatch,
  StageRef,
} from "../match-rows.js";
import type { WriteKind } from "../match-writes.js";
import { MatchRepository } from "../matches-repository.js";
import type { HeldMatches } from "./held-matches.js";
import type { StoreCache } from "./store-cache.js";

const inPlayOrder = (a: MatchRow, b: MatchRow) =>
  a.suggested_play_order - b.suggested_play_order || a.id - b.id;

export class CachedMatches extends MatchRepository {
  constructor(
    private readonly db: Db,
    private readonly cache: StoreCache,
  ) {
    super(db);
  }

  private held(tournamentId: number): HeldMatches {
    return this.cache.matchesOf(
      tournamentId,
      (after) => this.cache.rowsAfter(tournamentId, after),
      () => this.rowCount(tournamentId),
    );
  }

  /**
   * One step of a warm-up of T's rows (store-cache.ts `warmStep`): at most `limit`
   * rows read, in one read transaction with the look at other connections' commits
   * (none if a transaction is open: false, try again later). True once T's rows are held,
   * or when the connection is closed.
   */
  override warmStep(tournamentId: number, limit: number): boolean {
    if (!this.db.open) return true; // closed (serve stopping): nothing to warm
    if (this.db.inTransaction) return false;
    const next = (after: number) => this.cache.rowsAfter(tournamentId, after, limit);
    return this.db.transaction(() => this.cache.warmStep(tournamentId, next, limit))();
  }

  /**
   * Match `id` if some tournament's rows are held (at most 16 looked in), with its stage's
   * rows and active incomplete ones, kept as rows are written: no pass (serve's write lane
   * asks it of a report, write-worker/round-end.ts).
   */
  heldInStage(id: number): { row: MatchRow; rows: number; incomplete: number } | undefined {
    const held = this.cache.holderOf(id);
    const row = held?.byId.get(id);
    if (held === undefined || row === undefined) return undefined;
    const ref = { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
    const stage = held.stageOf(ref);
    return stage && { row, rows: stage.byId.size, incomplete: stage.incomplete };
  }

  /**
   * The new rows join T's held rows; a start (T without rows) holds them from here on. Rows
   * added to T's others when they are not held (a swiss round in a CLI process) are not
   * held either: loading all of T's rows to add a round's was a swiss group stage's cost
   * of a round's last report (issue 27); the next read of many loads them all, new included.
   */
  override insertMany(tournamentId: number, matches: Iterable<NewMatch>, now: string): void {
    this.cache.wroteMatches();
    this.cache.changes.matchRows(tournamentId);
    const held =
      this.cache.heldMatches(tournamentId) ??
      (this.hasRows(tournamentId) ? undefined : this.held(tournamentId));
    this.insertRows(tournamentId, matches, now, (rows) => {
      if (held !== undefined) for (const row of rows) held.put(row);
    });
    this.cache.wroteRevision(tournamentId); // insertRows moved it
    if (held !== undefined) this.cache.fit(tournamentId);
  }

  /*
   * One-row reads do not load a tournament's rows: in a process that reads one
   * match and its neighbours (a CLI `match report` or `match view`) the load
   * was the largest cost, 29 % of a report and 46 % of a view at 16,384 players
   * (`--cpu-prof`). Held rows still answer them when held (serve, after a list).
   */
  override find(tournamentId: number, id: number): MatchRow | undefined {
    const held = this.cache.heldMatches(tournamentId);
    if (held === undefined) return super.find(tournamentId, id);
    const row = held.byId.get(id);
    return row?.active === 1 ? row : undefined;
  }

  override findByKey(ref: StageRef, key: string): MatchRow | undefined {
    const held = this.cache.heldMatches(ref.tournamentId);
    return held === undefined ? super.findByKey(ref, key) : held.byPlanKey(ref, key);
  }

  /** Bound to the stage's rows held now: use it within one request. */
  override stageLookup(ref: StageRef): (key: string) => MatchResultRow | undefined {
    const held = this.cache.heldMatches(ref.tournamentId);
    if (held === undefined) return super.stageLookup(ref);
    const byKey = held.stageOf(ref)?.byKey;
    return byKey === undefined ? () => undefined : (key) => byKey.get(key);
  }

  /**
   * From the held rows when held; else the stage's rows alone, by SQL: a round robin's
   * group or a swiss round needs its own stage, not every row of the tournament loaded
   * (issue 27: a group's last report loaded all the groups' rows).
   */
  override stageRows(ref: StageRef): MatchRow[] {
    const held = this.cache.heldMatches(ref.tournamentId);
    if (held === undefined) return super.stageRows(ref);
    return [...held.stage(ref)].sort(inPlayOrder);
  }

  /** Derived once from the held rows of the stage, kept until it gains a row; undefined if not held. */
  override derivedFromHeld<T>(
    ref: StageRef,
    derive: (rows: readonly MatchRow[]) => T,
  ): T | undefined {
    const stage = this.cache.heldMatches(ref.tournamentId)?.stageOf(ref);
    if (stage === undefined) return undefined;
    if (stage.derived === undefined) stage.derived = derive(this.stageRows(ref));
    return stage.derived as T;
  }

  /**
   * `derivedFromHeld` of each held stage of T with nothing derived yet, made by `derive`'s
   * steps over its rows (in play order; the caller pauses at each yield). What they give is
   * kept only if the stage gained no row meanwhile (its version) and its rows are still the
   * ones held (another connection's commit drops them all); undefined is not kept. Returns
   * how many stages it kept a value for.
   */
  override *deriveInParts<T>(
    tournamentId: number,
    derive: (rows: readonly MatchRow[]) => Generator<void, T | undefined>,
  ): Generator<void, number> {
    let kept = 0;
    const held = this.db.open ? this.cache.heldMatches(tournamentId) : undefined;
    const still = () => {
      if (!this.db.open) return false;
      this.cache.sync();
      return this.cache.heldMatches(tournamentId) === held;
    };
    for (const stage of held === undefined ? [] : [...held.stages.values()]) {
      if (stage.derived !== undefined || !still()) continue;
      const version = stage.version;
      const value = yield* derive([...stage.byId.values()].sort(inPlayOrder));
      if (value === undefined || !still() || stage.version !== version) continue;
      if (stage.derived !== undefined) continue; // made whole meanwhile (derivedFromHeld)
      stage.derived = value;
      kept++;
    }
    return kept;
  }

  /**
   * While T's rows are warming (a chunk a turn), from SQL: a page, not the rest of T loaded.
   * So too a look for one identifier while T's rows are not held: a CLI `match report <t> B`
   * finds its match, not every row of T loaded (issue 27).
   */
  override list(tournamentId: number, filter: MatchFilter, limit = -1, offset = 0): MatchRow[] {
    if (this.fromSql(tournamentId, filter)) return super.list(tournamentId, filter, limit, offset);
    const rows = this.held(tournamentId).selected(filter);
    return rows.slice(offset, limit < 0 ? undefined : offset + limit);
  }

  /** Whether T's rows are held (a list or count answers from them, no load). */
  holds(tournamentId: number): boolean {
    return this.cache.heldMatches(tournamentId) !== undefined;
  }

  /**
   * `fn` with every load of more than `rows` rows at once refused: ColdRows (held-check.ts),
   * and so is a read of many of a tournament's rows while they warm (serve's reads that may
   * wait for them: service/cold-lists.ts).
   */
  deferringLoads<T>(rows: number, fn: () => T): T {
    const before = this.cache.deferOver;
    this.cache.deferOver = rows;
    try {
      return fn();
    } finally {
      this.cache.deferOver = before;
    }
  }

  private fromSql(tournamentId: number, filter: MatchFilter): boolean {
    if (this.cache.isWarming(tournamentId)) {
      // A read of many rows (an SQL sort of them all) waits for the warm-up, if it may.
      if (filter.identifier === undefined) this.cache.refuseWarming(tournamentId);
      return true;
    }
    return filter.identifier !== undefined && this.cache.heldMatches(tournamentId) === undefined;
  }

  override count(tournamentId: number, filter: MatchFilter = {}): number {
    if (this.fromSql(tournamentId, filter)) return super.count(tournamentId, filter);
    return this.held(tournamentId).selected(filter).length;
  }

  /** From the held rows of the tournaments whose rows are held; one query for the others. */
  override counts(ids: readonly number[]): Map<number, MatchCounts> {
    const counts = new Map<number, MatchCounts>();
    const others: number[] = [];
    for (const id of ids) {
      const held = this.cache.heldMatches(id);
      if (held === undefined) others.push(id);
      else counts.set(id, held.counts());
    }
    if (others.length > 0) for (const [id, c] of super.counts(others)) counts.set(id, c);
    return counts;
  }

  /**
   * Kept by the held rows (a count per stage) when held; else counted by SQL, as far as
   * `atMost`: a report in a 512-player round robin loaded all 130,816 rows of the
   * tournament to learn whether its stage was complete (issue 27: 5 s of a CLI report).
   */
  override countIncomplete(ref: StageRef, atMost?: number): number {
    const held = this.cache.heldMatches(ref.tournamentId);
    if (held === undefined) return super.countIncomplete(ref, atMost);
    return held.stageOf(ref)?.incomplete ?? 0;
  }

  override countIncompleteInStage(tournamentId: number, stage: "final" | "group"): number {
    let n = 0;
    for (const row of this.held(tournamentId).byId.values())
      if (row.stage === stage && row.active === 1 && row.state !== "complete") n++;
    return n;
  }

  override countStage(ref: StageRef): number {
    return this.held(ref.tournamentId).stageOf(ref)?.byId.size ?? 0;
  }

  override maxRound(ref: StageRef): number {
    let max = 0;
    for (const row of this.held(ref.tournamentId).stage(ref)) if (row.round > max) max = row.round;
    return max;
  }

  override groups(tournamentId: number): number[] {
    const groups = new Set<number>();
    for (const row of this.held(tournamentId).byId.values())
      if (row.stage === "group" && row.group_id !== null) groups.add(row.group_id);
    return [...groups].sort((a, b) => a - b);
  }

  /** From the held rows when held; else two columns by SQL, no row loaded (issue 27). */
  override openOrders(tournamentId: number): Map<number, number> {
    const held = this.cache.heldMatches(tournamentId);
    if (held === undefined) return super.openOrders(tournamentId);
    const orders = new Map<number, number>();
    for (const row of held.selected({ state: "open" }))
      orders.set(row.id, row.suggested_play_order);
    return orders;
  }

  override openMatchesOf(tournamentId: number, participantId: number): MatchRow[] {
    return this.held(tournamentId)
      .selected({ state: "open" })
      .filter((row) => row.player1_id === participantId || row.player2_id === participantId)
      .sort(inPlayOrder);
  }

  override write(kind: WriteKind, id: number, params: readonly unknown[], now: string): void {
    super.write(kind, id, params, now);
    this.cache.wroteMatches();
    const holder = this.cache.holderOf(id);
    // Its tournament, when held: tournament-revisions.ts counts the updates of a tournament's rows.
    this.cache.changes.match(id, holder?.byId.get(id)?.tournament_id);
    holder?.apply(id, kind.columns, params, now);
  }

  override deleteStage(tournamentId: number, stage: "final" | "group"): void {
    super.deleteStage(tournamentId, stage);
    this.cache.droppedMatches(tournamentId);
    this.cache.changes.matchRows(tournamentId);
  }

  override deleteAll(tournamentId: number): void {
    super.deleteAll(tournamentId);
    this.cache.droppedMatches(tournamentId);
    this.cache.changes.matchRows(tournamentId);
  }

  override deleteRoundsAfter(ref: StageRef, round: number): void {
    super.deleteRoundsAfter(ref, round);
    this.cache.droppedMatches(ref.tournamentId);
    this.cache.changes.matchRows(ref.tournamentId);
  }
}
