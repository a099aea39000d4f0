/**
 * The match rows the store's cache holds (store-cache.ts, which extends this): each
 * tournament's rows held whole (HeldMatches), or being loaded a chunk a turn by a
 * warm-up; checked after another connection's commit against what they were read at
 * (held-check.ts) and dropped only if their tournament changed.
 */
import { MAX_STAGE_MATCHES } from "../../model/limits.js";
import type { Db } from "../database.js";
import { ColdRows, HeldCheck, type LoadedRows } from "./held-check.js";
import { HeldMatches } from "./held-matches.js";

/** Tournaments whose match rows are held at once. */
const MAX_MATCH_TOURNAMENTS = 16;

export interface CacheBudget {
  /**
   * Match rows held across tournaments; past it the tournaments loaded first
   * are dropped, never the one in use. Default: two of the largest stages a
   * start may store (model/limits.ts), 262,144 rows. A held row takes about
   * 650 bytes of heap (measured: the 131,070 rows of a 65,536-player double
   * elimination, 80 MiB after a full GC), so about 160 MiB at most.
   */
  readonly maxHeldRows?: number;
  /** Told each time match rows of a tournament are read into the cache, and how many (tests). */
  readonly loaded?: (tournamentId: number, rows: number) => void;
}

export abstract class HeldTournaments {
  protected readonly matches = new Map<number, HeldMatches>();
  /**
   * Tournaments whose rows a warm-up (`warmStep`) is loading, a chunk a turn, with
   * the rows loaded so far (in id order), checked as held rows are. Not a holding:
   * reads of many rows go to SQL meanwhile.
   */
  protected readonly warming = new Map<number, HeldMatches>();
  /** Counts the other connections' commits seen and the rollbacks (StoreCache.epoch). */
  protected epochs = 0;
  /** Held rows whose revision row this connection's writes moved (read again at the next look). */
  protected moved = false;
  /** While set, a load of more rows than this at once throws ColdRows (serve's reads: cold-lists.ts). */
  deferOver: number | undefined;
  readonly #check: HeldCheck;
  private readonly maxHeldRows: number;
  private readonly loaded: (tournamentId: number, rows: number) => void;

  constructor(db: Db, budget: CacheBudget) {
    this.#check = new HeldCheck(db);
    this.maxHeldRows = budget.maxHeldRows ?? 2 * MAX_STAGE_MATCHES;
    this.loaded = budget.loaded ?? (() => {});
  }

  /** Takes the look at other connections' commits, if one is due (StoreCache). */
  abstract fresh(): void;
  /** Makes the next use look at other connections' commits (StoreCache). */
  abstract sync(): void;

  /** T's rows past id `after` (up to `limit`, -1: all) and the sum of their versions. */
  rowsAfter(id: number, after: number, limit = -1): LoadedRows {
    return this.#check.rowsAfter(id, after, limit);
  }

  /** No other connection committed since the last look: the revisions this one moved, as they are. */
  protected readRevisions(): void {
    this.moved = false;
    // Unchecked since another connection's commit: left NaN, dropped at their next use.
    for (const held of [this.matches, this.warming])
      for (const [id, rows] of held)
        if (Number.isNaN(rows.revision) && rows.checked === this.epochs)
          rows.revision = this.#check.revision(id);
  }

  /** `rows` of T (held or warming) if another connection's commit left them as they are, checked once an epoch. */
  #unchanged(id: number, rows: HeldMatches): boolean {
    if (rows.checked === this.epochs) return true;
    const check = this.#check;
    if (Number.isNaN(rows.revision) || check.revision(id) !== rows.revision) return false;
    if (rows.byId.size > 0 && check.versions(id, rows.firstId, rows.lastId) !== rows.versions)
      return false;
    rows.checked = this.epochs;
    return true;
  }

  /** T's held rows, if held and unchanged (else dropped). */
  #held(id: number): HeldMatches | undefined {
    const held = this.matches.get(id);
    if (held === undefined || this.#unchanged(id, held)) return held;
    this.matches.delete(id);
    return undefined;
  }

  /** The rows a warm-up of T has loaded, if any and unchanged (else the warm-up restarts). */
  #partial(id: number): HeldMatches | undefined {
    const partial = this.warming.get(id);
    if (partial === undefined || this.#unchanged(id, partial)) return partial;
    this.warming.delete(id);
    return undefined;
  }

  /** A write of this connection moved T's revision row (undefined: of any tournament). */
  wroteRevision(id: number | undefined): void {
    for (const held of [this.matches, this.warming]) {
      if (id !== undefined) {
        const rows = held.get(id);
        if (rows !== undefined) rows.revision = Number.NaN;
      } else for (const rows of held.values()) rows.revision = Number.NaN;
    }
    this.moved = true;
  }

  /**
   * T's match rows, loaded with `load` (the rows past id `after`, in id order) when
   * not held; during a warm-up of T only the rows it has not loaded yet. Room is made
   * first (`count`: how many rows T has), so that the rows held never pass the budget,
   * not even while T loads, unless T alone is larger. Past `deferOver` rows: ColdRows.
   */
  matchesOf(id: number, load: (after: number) => LoadedRows, count: () => number): HeldMatches {
    this.fresh();
    const held = this.#held(id);
    if (held !== undefined) return held;
    const partial = this.#partial(id);
    const incoming = count() - (partial?.byId.size ?? 0);
    if (this.deferOver !== undefined && incoming > this.deferOver) throw new ColdRows(id);
    this.fit(id, incoming);
    // Before the rows: a commit between the two makes the next check drop them.
    const revision = partial?.revision ?? this.#check.revision(id);
    const rows = load(partial?.lastId ?? 0);
    this.loaded(id, rows.rows.length);
    return this.hold(id, partial, rows, revision);
  }

  /**
   * One step of a warm-up of T's rows (serve, after its write worker started T): the
   * next `limit` rows (`next`: past id `after`), in the transaction the caller opened
   * for the step, after the look at other connections' commits (which, when it changed
   * T, restarts the warm-up). True once T's rows are held.
   */
  warmStep(id: number, next: (after: number) => LoadedRows, limit: number): boolean {
    this.sync();
    this.fresh();
    if (this.#held(id) !== undefined) return true;
    let partial = this.#partial(id);
    if (partial === undefined) {
      partial = new HeldMatches([]);
      partial.revision = this.#check.revision(id);
      partial.checked = this.epochs;
      this.warming.set(id, partial);
    }
    const rows = next(partial.lastId);
    this.loaded(id, rows.rows.length);
    if (rows.rows.length >= limit) {
      partial.putAll(rows.rows);
      partial.versions += rows.versions;
      this.fit(id, partial.byId.size);
      return false;
    }
    this.hold(id, partial, rows, partial.revision);
    return true;
  }

  /** Whether a warm-up of T has begun and not ended (reads of many rows: from SQL meanwhile). */
  isWarming(id: number): boolean {
    this.fresh();
    return this.#partial(id) !== undefined;
  }

  /** While a read defers loads (`deferOver`), ColdRows: T's rows are warming, the read waits for them. */
  refuseWarming(id: number): void {
    if (this.deferOver !== undefined) throw new ColdRows(id);
  }

  /** T's rows held: those a warm-up loaded, if any, and `rows`, read at `revision`. */
  private hold(id: number, partial: HeldMatches | undefined, rows: LoadedRows, revision: number) {
    this.warming.delete(id);
    // A warm-up's rows keep their list order as they come; a load at once orders on first list.
    const held = partial ?? new HeldMatches(rows.rows);
    if (partial !== undefined) held.putAll(rows.rows);
    held.versions += rows.versions;
    held.revision = revision;
    held.checked = this.epochs;
    if (this.matches.size >= MAX_MATCH_TOURNAMENTS) this.matches.clear();
    this.matches.set(id, held);
    return held;
  }

  /** T's match rows if they are held. */
  heldMatches(id: number): HeldMatches | undefined {
    this.fresh();
    return this.#held(id);
  }

  /** The held match rows that include match `id` (among at most MAX_MATCH_TOURNAMENTS). */
  holderOf(matchId: number): HeldMatches | undefined {
    this.fresh();
    for (const [id, held] of this.matches) if (held.byId.has(matchId)) return this.#held(id);
    return undefined;
  }

  droppedMatches(id: number): void {
    this.matches.delete(id);
    this.warming.delete(id);
  }

  /** A write of match rows through the store: a warm-up's rows would miss it (none runs past a write in serve). */
  wroteMatches(): void {
    if (this.warming.size > 0) this.warming.clear();
  }

  /** Drops other tournaments' match rows, first loaded first, while over the budget (`incoming` rows to come). */
  fit(keep: number, incoming = 0): void {
    let total = incoming;
    for (const held of this.matches.values()) total += held.byId.size;
    for (const [id, held] of this.matches) {
      if (total <= this.maxHeldRows) return;
      if (id === keep) continue;
      total -= held.byId.size;
      this.matches.delete(id);
    }
  }
}
