/**
 * The one cache of the store: what was read of recently used tournaments,
 * held in memory by the connection that read it. The rule, in full:
 *
 * - Held per tournament T: its row, whether it has deactivated participants,
 *   whether it has any station, and its match rows (with what is derived from each stage's plan). Match
 *   rows are loaded by a read of many of them (a list, a count, a stage) or an
 *   insert, never by a read of one (by id or plan key: an indexed query when
 *   T's rows are not held).
 * - A write to the tournaments or participants table for T, through the
 *   store, drops T's row and participant facts (a participant's insert or
 *   delete changes T's row by trigger); a write that names no one tournament
 *   drops them for every tournament; deleting T drops everything of T.
 * - A write of match rows through the store changes the held rows as it
 *   changes the table: an update applies the same column values, an insert
 *   adds the new rows, a delete drops T's match rows.
 * - Held apart from tournaments: the API keys `verify` found, by the key as
 *   presented (held in memory only, as the request holds it; the table keeps hashes).
 *   Any write of the api_keys table through the store drops them all. OAuth access
 *   tokens likewise (expiry is checked by the caller at each use): any write of the
 *   OAuth grants and tokens through the store drops them all; a write of the users
 *   (an account removed takes its keys and tokens) drops everything.
 * - Any write of the stations or station_queuers table through the store
 *   drops every tournament's "has a station" (a station that goes with its
 *   deleted tournament leaves a true behind: one query more, never a miss).
 * - Another connection's commit (PRAGMA data_version) and a rolled-back
 *   transaction drop everything. The look at data_version (`sync`, before a
 *   request and at the start of a write) is taken at the cache's first use after
 *   it: a request that reads nothing before its write transaction takes the look
 *   inside that transaction, not in a read transaction of its own before it (a
 *   report on a WAL file: 8 fcntl calls -> 4, strace; bench/report-syscalls.mjs).
 *
 * Measured gain (2 shared cores, medians; /tmp A/B of the same commit with
 * the cache on and off):
 * - match rows: a 1,024-player double elimination played through the service
 *   (bench/engine.mjs) takes 0.1-0.25 s with them, 26-58 s without: the plain
 *   store reads the stage and rebuilds its bracket index at every report.
 * - tournament rows: without them, parsing settings at each read was 9 % of
 *   the CPU samples of that bench (profile, before this cache held parsed rows).
 * - `tourney tournament list --json` over 1,000 tournaments, a short-lived CLI
 *   process: 198 ms median with the cache, 241 ms without (21 runs): kept on.
 * - whether a tournament has deactivated participants: not measured apart
 *   (one indexed EXISTS a report); kept as it costs one map.
 * - whether a tournament has a station: every report, start and reset of a
 *   tournament asks (its stations follow its matches); without it, a query a
 *   report and one a reply, 8-10 us of a 40 us report through the service
 *   (--cpu-prof of reports on a 64-player double elimination on a WAL file).
 * - API keys: every served request verifies one; 7.3 us plain, the hash and
 *   a look of its own saved when held (cached-api-keys.ts).
 */
import type { Statement } from "better-sqlite3";
import { MAX_STAGE_MATCHES } from "../../model/limits.js";
import type { ApiKeyRow } from "../api-keys-repository.js";
import type { Db } from "../database.js";
import type { MatchRow } from "../match-rows.js";
import type { AccessTokenRow } from "../oauth-tokens-repository.js";
import type { TournamentRow } from "../tournaments-repository.js";
import { HeldMatches } from "./held-matches.js";
import { type ChangeLog, RowChanges } from "./row-changes.js";

/** Tournaments whose match rows are held at once. */
const MAX_MATCH_TOURNAMENTS = 16;
/** Tournament rows held at once. */
const MAX_TOURNAMENT_ROWS = 64;
/** OAuth access tokens held at once. */
const MAX_HELD_TOKENS = 1024;

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

export class StoreCache {
  private readonly tournamentRows = new Map<number, TournamentRow>();
  private readonly inactive = new Map<number, boolean>();
  private readonly stations = new Map<number, boolean>();
  private readonly matches = new Map<number, HeldMatches>();
  /**
   * Tournaments whose rows a warm-up (`warmStep`) is loading, a chunk a turn, with
   * the rows loaded so far (in id order): all from one database version, as anything
   * dropped drops them too. Not a holding: reads of many rows go to SQL meanwhile.
   */
  private readonly warming = new Map<number, HeldMatches>();
  private readonly apiKeys = new Map<string, ApiKeyRow>();
  private readonly accessTokens = new Map<string, AccessTokenRow>();
  private readonly dataVersion: Statement<unknown[]>;
  private seenVersion: number;
  /** Counts the times everything was dropped (another connection's commit, a rollback): `epoch`. */
  #epoch = 0;
  /** Counts table writes told (`wrote...`; match rows' are in `changes`): none since a mark, nothing to undo. */
  writes = 0;
  /** A look at data_version is due before the next use (`sync`). */
  private due = false;
  private readonly maxHeldRows: number;
  private readonly loaded: (tournamentId: number, rows: number) => void;
  /** What this connection wrote to match and participant rows (row-changes.ts); void at each `dropAll`. */
  readonly changes = new RowChanges();

  constructor(db: Db, budget: CacheBudget = {}) {
    this.dataVersion = db.prepare("PRAGMA data_version").pluck();
    this.seenVersion = this.dataVersion.get() as number;
    this.maxHeldRows = budget.maxHeldRows ?? 2 * MAX_STAGE_MATCHES;
    this.loaded = budget.loaded ?? (() => {});
  }

  /** Everything is dropped if another connection committed since the last look, taken at the next use (`fresh`). */
  sync(): void {
    this.due = true;
  }

  /** Takes the look `sync` put off, if any. Every read of the cache starts here (store.ts look). */
  fresh(): void {
    if (!this.due) return;
    // Cleared only once the look is taken: a look that throws (SQLITE_BUSY, an I/O error)
    // leaves it due, so the next request of the same batch (read-batch.ts) looks again.
    const version = this.dataVersion.get() as number;
    this.due = false;
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.dropAll();
  }

  get epoch(): number {
    this.fresh();
    return this.#epoch;
  }

  /** The log of this connection's writes, marks taken after a look at other connections' commits. */
  get changeLog(): ChangeLog {
    return {
      mark: () => {
        this.sync();
        this.fresh();
        return this.changes.position;
      },
      since: (mark, id) => this.changes.since(mark, id),
    };
  }

  /** Another connection's commit, or a rollback: what was learnt is void. A rollback of a
   * transaction begun at `from` (the log's position) takes back its own log entries alone. */
  dropAll(from?: number): void {
    this.#epoch++;
    if (from === undefined) this.changes.lose();
    else this.changes.undo(from);
    this.tournamentRows.clear();
    this.inactive.clear();
    this.stations.clear();
    this.matches.clear();
    this.warming.clear();
    this.apiKeys.clear();
    this.accessTokens.clear();
  }

  /** The row of `key`, read with `read` when not held (an unknown key is not held). */
  apiKey(key: string, read: () => ApiKeyRow | undefined): ApiKeyRow | undefined {
    this.fresh();
    let row = this.apiKeys.get(key);
    if (row !== undefined) return row;
    row = read();
    if (row !== undefined) this.apiKeys.set(key, row);
    return row;
  }

  wroteApiKeys(): void {
    this.writes++;
    this.apiKeys.clear();
  }

  /** The OAuth access token `token`'s row, held as API keys are (an unknown token is not held). */
  accessToken(token: string, read: () => AccessTokenRow | undefined): AccessTokenRow | undefined {
    this.fresh();
    let row = this.accessTokens.get(token);
    if (row !== undefined) return row;
    row = read();
    if (row === undefined) return undefined;
    if (this.accessTokens.size >= MAX_HELD_TOKENS) this.accessTokens.clear();
    this.accessTokens.set(token, row);
    return row;
  }

  /** A write of the OAuth tables (grants and tokens) or of the users. */
  wroteTokens(): void {
    this.writes++;
    this.accessTokens.clear();
  }

  /** A write to the tournaments or participants table: of T, or (undefined) of any. */
  wroteTournament(id: number | undefined): void {
    this.writes++;
    if (id === undefined) {
      this.tournamentRows.clear();
      this.inactive.clear();
      return;
    }
    this.tournamentRows.delete(id);
    this.inactive.delete(id);
  }

  /** T was deleted (its participants and matches with it). */
  deletedTournament(id: number): void {
    this.wroteTournament(id);
    this.droppedMatches(id);
  }

  /** Held facts read from `plain` when missing: not a closure a look (issue 27, allocation). */
  tournament(id: number, plain: { findById(id: number): TournamentRow | undefined }) {
    this.fresh();
    let row = this.tournamentRows.get(id);
    if (row !== undefined) return row;
    row = plain.findById(id);
    if (row === undefined) return undefined;
    if (this.tournamentRows.size >= MAX_TOURNAMENT_ROWS) this.tournamentRows.clear();
    this.tournamentRows.set(id, row);
    return row;
  }

  /** Whether T has any station, read with `read` when not held. */
  anyStations(id: number, plain: { any(id: number): boolean }): boolean {
    this.fresh();
    let any = this.stations.get(id);
    if (any === undefined) {
      any = plain.any(id);
      if (this.stations.size >= MAX_TOURNAMENT_ROWS) this.stations.clear();
      this.stations.set(id, any);
    }
    return any;
  }

  /** A write of the stations or station_queuers table. */
  wroteStations(): void {
    this.writes++;
    this.stations.clear();
  }

  anyInactive(id: number, plain: { anyInactive(id: number): boolean }): boolean {
    this.fresh();
    let any = this.inactive.get(id);
    if (any === undefined) {
      any = plain.anyInactive(id);
      if (this.inactive.size >= MAX_TOURNAMENT_ROWS) this.inactive.clear();
      this.inactive.set(id, any);
    }
    return any;
  }

  /**
   * T's match rows, loaded with `load` (the rows past id `after`, in id order) when
   * not held; during a warm-up of T only the rows it has not loaded yet. Room is made
   * first (`count`: how many rows T has), so that the rows held never pass the budget,
   * not even while T loads, unless T alone is larger.
   */
  matchesOf(id: number, load: (after: number) => MatchRow[], count: () => number): HeldMatches {
    this.fresh();
    const held = this.matches.get(id);
    if (held !== undefined) return held;
    const partial = this.warming.get(id);
    this.fit(id, count() - (partial?.byId.size ?? 0));
    const rows = load(partial?.lastId ?? 0);
    this.loaded(id, rows.length);
    return this.hold(id, partial, rows);
  }

  /**
   * One step of a warm-up of T's rows (serve, after its write worker started T): the
   * next `limit` rows (`next`: past id `after`), in the transaction the caller opened
   * for the step, after the look at other connections' commits (which, when it drops
   * everything, restarts the warm-up). True once T's rows are held.
   */
  warmStep(id: number, next: (after: number) => MatchRow[], limit: number): boolean {
    this.sync();
    this.fresh();
    if (this.matches.has(id)) return true;
    let partial = this.warming.get(id);
    if (partial === undefined) {
      partial = new HeldMatches([]);
      this.warming.set(id, partial);
    }
    const rows = next(partial.lastId);
    this.loaded(id, rows.length);
    if (rows.length >= limit) {
      partial.putAll(rows);
      this.fit(id, partial.byId.size);
      return false;
    }
    this.hold(id, partial, rows);
    return true;
  }

  /** Whether a warm-up of T has begun and not ended (reads of many rows: from SQL meanwhile). */
  isWarming(id: number): boolean {
    this.fresh();
    return this.warming.has(id);
  }

  /** T's rows held: those a warm-up loaded, if any, and `rows`. */
  private hold(id: number, partial: HeldMatches | undefined, rows: readonly MatchRow[]) {
    this.warming.delete(id);
    // A warm-up's rows keep their list order as they come; a load at once orders on first list.
    const held = partial ?? new HeldMatches(rows);
    if (partial !== undefined) held.putAll(rows);
    if (this.matches.size >= MAX_MATCH_TOURNAMENTS) this.matches.clear();
    this.matches.set(id, held);
    return held;
  }

  /** T's match rows if they are held. */
  heldMatches(id: number): HeldMatches | undefined {
    this.fresh();
    return this.matches.get(id);
  }

  /** The held match rows that include match `id` (among at most MAX_MATCH_TOURNAMENTS). */
  holderOf(matchId: number): HeldMatches | undefined {
    this.fresh();
    for (const held of this.matches.values()) if (held.byId.has(matchId)) return held;
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
