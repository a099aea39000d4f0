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
 * - Another connection's commit (PRAGMA data_version) drops everything but the
 *   match rows; a tournament's held rows are kept if its revision row and the sum
 *   of its rows' versions did not move (held-check.ts), checked at its first use
 *   after the commit. This connection's writes that move the revision row (of T's
 *   row, participants, stations, inserted matches) read it again at the next look
 *   that sees no other commit. A rolled-back transaction drops everything. The look
 *   at data_version (`sync`, before a request and at the start of a write) is taken
 *   at the cache's first use after it: a request that reads nothing before its write
 *   transaction takes the look inside that transaction, not in a read transaction of
 *   its own before it (a report on a WAL file: 8 fcntl calls -> 4, strace).
 *
 * Measured gain (2 shared cores, medians; the cache on and off): match rows, a
 * 1,024-player double elimination played through the service (bench/engine.mjs)
 * 0.1-0.25 s with, 26-58 s without; tournament rows, settings parsed at each read
 * were 9 % of that bench's CPU; `tourney tournament list --json` of 1,000, 198 ms
 * against 241; a tournament's "has a station", 8-10 us of a 40 us report; API keys,
 * 7.3 us a served request (cached-api-keys.ts).
 */
import type { Statement } from "better-sqlite3";
import type { ApiKeyRow } from "../api-keys-repository.js";
import type { Db } from "../database.js";
import type { AccessTokenRow } from "../oauth-tokens-repository.js";
import type { TournamentRow } from "../tournaments-repository.js";
import { type CacheBudget, HeldTournaments } from "./held-tournaments.js";
import { type ChangeLog, RowChanges } from "./row-changes.js";

export type { CacheBudget };

/** Tournament rows held at once. */
const MAX_TOURNAMENT_ROWS = 64;
/** OAuth access tokens held at once. */
const MAX_HELD_TOKENS = 1024;

export class StoreCache extends HeldTournaments {
  private readonly tournamentRows = new Map<number, TournamentRow>();
  private readonly inactive = new Map<number, boolean>();
  private readonly stations = new Map<number, boolean>();
  private readonly apiKeys = new Map<string, ApiKeyRow>();
  private readonly accessTokens = new Map<string, AccessTokenRow>();
  private readonly dataVersion: Statement<unknown[]>;
  private seenVersion: number;
  /** Counts table writes told (`wrote...`; match rows' are in `changes`): none since a mark, nothing to undo. */
  writes = 0;
  /** A look at data_version is due before the next use (`sync`). */
  private due = false;
  /** What this connection wrote to match and participant rows (row-changes.ts); void at each `dropAll`. */
  readonly changes = new RowChanges();

  constructor(db: Db, budget: CacheBudget = {}) {
    super(db, budget);
    this.dataVersion = db.prepare("PRAGMA data_version").pluck();
    this.seenVersion = this.dataVersion.get() as number;
  }

  /** What was read is checked if another connection committed since the last look, taken at the next use (`fresh`). */
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
    if (version === this.seenVersion) {
      if (this.moved) this.readRevisions();
      return;
    }
    this.seenVersion = version;
    // Another connection committed: each tournament's rows are checked at their next use.
    this.epochs++;
    this.changes.lose();
    this.#dropFacts();
  }

  get epoch(): number {
    this.fresh();
    return this.epochs;
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

  /** A rollback (or a write of the users): what was learnt is void. A rollback of a transaction
   * begun at `from` (the log's position) takes back its own log entries alone. */
  dropAll(from?: number): void {
    this.epochs++;
    if (from === undefined) this.changes.lose();
    else this.changes.undo(from);
    this.#dropFacts();
    this.matches.clear();
    this.warming.clear();
  }

  #dropFacts(): void {
    this.tournamentRows.clear();
    this.inactive.clear();
    this.stations.clear();
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
      this.wroteRevision(undefined);
      return;
    }
    this.tournamentRows.delete(id);
    this.inactive.delete(id);
    this.wroteRevision(id);
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
    this.wroteRevision(undefined);
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
}
