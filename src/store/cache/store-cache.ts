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
 * - Held apart from tournaments: API keys and OAuth access tokens (held-keys.ts).
 * - Any write of the stations or station_queuers table through the store
 *   drops every tournament's "has a station" (a station that goes with its
 *   deleted tournament leaves a true behind: one query more, never a miss).
 * - Another connection's commit (PRAGMA data_version) drops everything but the
 *   match rows of a tournament found as stored at their next use (held-check.ts); a
 *   rolled-back transaction drops everything. The look at data_version (`sync`, before a
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
 */
import type { Statement } from "better-sqlite3";
import type { ApiKeyRow } from "../api-keys-repository.js";
import type { Db } from "../database.js";
import type { MatchRow, VersionSum } from "../match-rows.js";
import type { AccessTokenRow } from "../oauth-tokens-repository.js";
import type { TournamentRow } from "../tournaments-repository.js";
import * as limits from "./cache-budget.js";
import { fitRows } from "./cache-budget.js";
import { HeldCheck, keptRows, suspectAll, unknownRevisions } from "./held-check.js";
import { HeldKeys } from "./held-keys.js";
import { HeldMatches } from "./held-matches.js";
import { type ChangeLog, RowChanges } from "./row-changes.js";

/** Reads T's rows past id `after` (cached-matches.ts rowsToHold), adding their versions to `sum`. */
type RowsAfter = (after: number, sum: VersionSum) => MatchRow[];
type CacheBudget = limits.CacheBudget;

export type { CacheBudget };

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
  private readonly keys = new HeldKeys();
  private readonly dataVersion: Statement<unknown[]>;
  private seenVersion: number;
  private readonly check: HeldCheck;
  /** Some held rows' revision is not known (this connection wrote): read at the next look. */
  private restamp = false;
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
    this.check = new HeldCheck(db);
    this.maxHeldRows = budget.maxHeldRows ?? limits.HELD_ROWS;
    this.loaded = budget.loaded ?? (() => {});
  }

  /** Everything is dropped if another connection committed since the last look, taken at the next use (`fresh`). */
  sync(): void {
    this.due = true;
  }

  /** Takes the look `sync` put off, if any. Every read of the cache starts here. */
  private fresh(): void {
    if (!this.due) return;
    const read = this.restamp
      ? unknownRevisions(this.check, this.matches, this.warming)
      : undefined;
    // Cleared only once the look is taken: a look that throws (SQLITE_BUSY, an I/O error)
    // leaves it due, so the next request of the same batch (read-batch.ts) looks again.
    const version = this.dataVersion.get() as number;
    this.due = false;
    this.restamp = false;
    if (version === this.seenVersion) {
      if (read !== undefined) for (const [held, revision] of read) held.revision = revision;
      return;
    }
    this.seenVersion = version;
    this.#epoch++;
    this.changes.lose();
    this.dropFacts();
    suspectAll(this.check, this.matches);
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

  /** All void (a rollback; a rollback of a transaction begun at `from` takes back its log entries alone). */
  dropAll(from?: number): void {
    this.#epoch++;
    if (from === undefined) this.changes.lose();
    else this.changes.undo(from);
    this.dropFacts();
    this.matches.clear();
  }

  /** Everything but the held match rows. */
  private dropFacts(): void {
    this.tournamentRows.clear();
    this.inactive.clear();
    this.stations.clear();
    this.warming.clear();
    this.keys.clear();
  }

  apiKey(key: string, read: () => ApiKeyRow | undefined): ApiKeyRow | undefined {
    this.fresh();
    return this.keys.apiKey(key, read);
  }

  wroteApiKeys(): void {
    this.writes++;
    this.keys.apiKeys.clear();
  }

  accessToken(token: string, read: () => AccessTokenRow | undefined): AccessTokenRow | undefined {
    this.fresh();
    return this.keys.accessToken(token, read);
  }

  /** A write of the OAuth tables (grants and tokens) or of the users. */
  wroteTokens(): void {
    this.writes++;
    this.keys.tokens.clear();
  }

  /** A write to the tournaments or participants table: of T, or (undefined) of any. */
  wroteTournament(id: number | undefined): void {
    this.writes++;
    this.movedRevision(id);
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
    if (this.tournamentRows.size >= limits.MAX_TOURNAMENT_ROWS) this.tournamentRows.clear();
    this.tournamentRows.set(id, row);
    return row;
  }

  /** Whether T has any station, read with `read` when not held. */
  anyStations(id: number, plain: { any(id: number): boolean }): boolean {
    this.fresh();
    let any = this.stations.get(id);
    if (any === undefined) {
      any = plain.any(id);
      if (this.stations.size >= limits.MAX_TOURNAMENT_ROWS) this.stations.clear();
      this.stations.set(id, any);
    }
    return any;
  }

  /** A write of the stations or station_queuers table. */
  wroteStations(): void {
    this.writes++;
    this.movedRevision(undefined);
    this.stations.clear();
  }

  anyInactive(id: number, plain: { anyInactive(id: number): boolean }): boolean {
    this.fresh();
    let any = this.inactive.get(id);
    if (any === undefined) {
      any = plain.anyInactive(id);
      if (this.inactive.size >= limits.MAX_TOURNAMENT_ROWS) this.inactive.clear();
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
  matchesOf(id: number, load: RowsAfter, count: () => number): HeldMatches {
    this.fresh();
    const held = keptRows(this.check, this.matches, id, this.matches.get(id));
    if (held !== undefined) return held;
    const partial = this.warming.get(id);
    this.fit(id, count() - (partial?.byId.size ?? 0));
    const revision = partial === undefined ? this.check.revisionOf(id) : partial.revision;
    const sum = { versions: 0 };
    const rows = load(partial?.lastId ?? 0, sum);
    this.loaded(id, rows.length);
    const made = this.hold(id, partial, rows);
    made.revision = revision;
    made.versions += sum.versions;
    return made;
  }

  /**
   * One step of a warm-up of T's rows (serve, after its write worker started T): the
   * next `limit` rows (`next`: past id `after`), in the transaction the caller opened
   * for the step, after the look at other connections' commits (which, when it drops
   * everything, restarts the warm-up). True once T's rows are held.
   */
  warmStep(id: number, next: RowsAfter, limit: number): boolean {
    this.sync();
    this.fresh();
    if (keptRows(this.check, this.matches, id, this.matches.get(id)) !== undefined) return true;
    let partial = this.warming.get(id);
    if (partial === undefined) {
      partial = new HeldMatches([]);
      partial.revision = this.check.revisionOf(id);
      this.warming.set(id, partial);
    }
    const sum = { versions: 0 };
    const rows = next(partial.lastId, sum);
    partial.versions += sum.versions;
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
    if (this.matches.size >= limits.MAX_MATCH_TOURNAMENTS) this.matches.clear();
    this.matches.set(id, held);
    return held;
  }

  /** T's match rows if they are held. */
  heldMatches(id: number): HeldMatches | undefined {
    this.fresh();
    return keptRows(this.check, this.matches, id, this.matches.get(id));
  }

  /** The held match rows that include match `id` (among at most limits.MAX_MATCH_TOURNAMENTS). */
  holderOf(matchId: number): HeldMatches | undefined {
    this.fresh();
    for (const [id, held] of this.matches)
      if (held.byId.has(matchId)) return keptRows(this.check, this.matches, id, held);
    return undefined;
  }

  /** A write of this connection that may have moved T's revision (undefined: any tournament's). */
  movedRevision(id: number | undefined): void {
    for (const map of [this.matches, this.warming])
      for (const [t, held] of map) if (id === undefined || t === id) held.revision = undefined;
    this.restamp = true;
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
    fitRows(this.matches, this.maxHeldRows, keep, incoming);
  }
}
