/** What every route handler gets: repositories, the injected clock and random seed source. */

import type { Statement } from "better-sqlite3";
import type { ApiKeyRepository } from "../store/api-keys-repository.js";
import type { ChangeLog } from "../store/cache/row-changes.js";
import type { CacheBudget } from "../store/cache/store-cache.js";
import type { Db } from "../store/database.js";
import type { MatchRepository } from "../store/matches-repository.js";
import type { ParticipantRepository } from "../store/participants-repository.js";
import type { StationRepository } from "../store/stations-repository.js";
import { type AccountStore, openStore, type RaceStore, type Store } from "../store/store.js";
import type { TournamentRepository } from "../store/tournaments-repository.js";
import { type Access, type Caller, LOCAL_CALLER, visibleTournaments } from "./caller.js";
import { acrossRequestsError } from "./storage-failure.js";

export interface ServiceContext {
  readonly db: Db;
  readonly basePath: string;
  readonly tournaments: TournamentRepository;
  readonly participants: ParticipantRepository;
  readonly matches: MatchRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly race: RaceStore;
  readonly stations: StationRepository;
  readonly accounts: AccountStore;
  /**
   * Whom the request is answered for, and whether it reads, writes or joins
   * (access.ts): set by the credential check of each served request, back to
   * the context's default caller when the request ends (in process: the local
   * owner, who reaches every record; served: nobody).
   */
  caller: Caller;
  access: Access;
  /** The current time as an ISO 8601 string; one time for the whole of a request. */
  now(): string;
  /** A fresh seed stored with a tournament, from which every randomised step derives. */
  newRandomSeed(): number;
  /** Runs `fn` in one write transaction: all of it lands, or none. */
  write<T>(fn: () => T): T;
  /**
   * Runs `fn`, which awaits several requests one after another, in one write
   * transaction (each request's own writes become savepoints): all of it lands,
   * or none, whether `fn` throws, the process is killed or the machine stops.
   * For the in-process transport only: nothing else may use this connection
   * until it settles (a CLI process runs one command at a time).
   */
  writeAcross<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Group commit (serve's HTTP adapter, http-server.ts): `openGroup` begins one write
   * transaction that every request answered until `closeGroup` runs inside (each
   * request's writes are its own savepoint: a refused request undoes only itself).
   * False when a transaction is open already or the write lock cannot be had (the
   * requests then take their own transactions, as without a group).
   */
  openGroup(): boolean;
  /** Commits the open group; on failure rolls it all back and returns why. */
  closeGroup(): Error | undefined;
  /**
   * Runs a request: first forgets what other connections have changed since
   * the last one; the clock reads once for all of it.
   */
  inRequest<T>(fn: () => T): T;
  /** In a request: the look at other connections' commits now, not at the first cached read. */
  look(): void;
  /**
   * Runs `fn`, in which every request (`inRequest`) is answered after one look at what
   * other connections committed, taken at the first use of the cache in `fn`, instead
   * of one look a request. Only for requests received in full before `fn` began
   * (serve's HTTP adapter, the reads of one turn of the event loop: read-batch.ts):
   * a commit that finished before a request was sent finished before the look.
   */
  oneLook<T>(fn: () => T): T;
  /** Changes whenever stored data may have changed (store.ts Store.generation); undefined if untracked. */
  generation(): string | undefined;
  /** What this connection wrote to match and participant rows (store.ts Store.changes); undefined if untracked. */
  readonly changes?: ChangeLog | undefined;
}

export interface ContextOptions {
  readonly now?: () => Date;
  readonly randomSeed?: () => number;
  /** Hold what was read in memory (store/cache/store-cache.ts), within a budget; default true. */
  readonly cache?: boolean | CacheBudget;
  /** The caller outside a request's credential check (access.ts); default the local owner. */
  readonly caller?: Caller;
}

/**
 * better-sqlite3's transaction statements (lib/methods/transaction.js), its savepoint's name.
 * A class (fields set in its constructor), not a literal: see Context.
 */
class WriteStatements {
  readonly begin: Statement;
  readonly commit: Statement;
  readonly rollback: Statement;
  readonly savepoint: Statement;
  readonly release: Statement;
  readonly rollbackTo: Statement;

  constructor(db: Db) {
    const name = "`\t_bs3.\t`";
    this.begin = db.prepare("BEGIN IMMEDIATE");
    this.commit = db.prepare("COMMIT");
    this.rollback = db.prepare("ROLLBACK");
    this.savepoint = db.prepare(`SAVEPOINT ${name}`);
    this.release = db.prepare(`RELEASE ${name}`);
    this.rollbackTo = db.prepare(`ROLLBACK TO ${name}`);
  }
}

/** The clock when none is injected: one function for every service (see Context). */
const systemClock = (): Date => new Date();

/**
 * The service's context: a class, its methods on the prototype and its fields set in the
 * constructor, not an object literal of closures made per service (issue 27). A second
 * service then changes nothing V8 compiled the first one's report path on: an object
 * literal's second run (at the next service) widened the field types of the first's map,
 * and new closures were new call targets ("code dependencies" and "wrong call target"
 * deopts of the report path at the first report of a process's second service). With the
 * routes' helpers of routes/matches.ts: `node bench/report-syscalls.mjs --size 1024 --runs 3
 * --against /work/base-6bd0a48` 2.28x the floor against 2.48x (load 5.5).
 */
class Context implements ServiceContext {
  readonly basePath = "/v2.1";
  readonly tournaments: TournamentRepository;
  readonly participants: ParticipantRepository;
  readonly matches: MatchRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly race: RaceStore;
  readonly stations: StationRepository;
  readonly accounts: AccountStore;
  readonly changes: ChangeLog | undefined;
  caller: Caller;
  access: Access = "read";
  // One reading of the clock per request (now). Its text is made again only when the
  // clock has moved on by a millisecond: toISOString was ~1 us of the ~9 us a served GET
  // of a tournament costs in the service (the key check reads the clock), and under load
  // several requests are answered within one millisecond.
  #lastMs = Number.NaN;
  #lastIso = "";
  #requestTime: string | undefined = undefined;
  #inRequest = false;
  /** Within `oneLook`: its look serves every request. */
  #looked = false;
  readonly #store: Store;
  readonly #clock: () => Date;
  readonly #seeds: (() => number) | undefined;
  readonly #defaultCaller: Caller;
  // The write transaction's statements: BEGIN IMMEDIATE, or a savepoint when nested.
  readonly #tx: WriteStatements;

  constructor(
    readonly db: Db,
    store: Store,
    options: ContextOptions,
  ) {
    this.#store = store;
    this.#clock = options.now ?? systemClock;
    this.#seeds = options.randomSeed;
    this.#defaultCaller = options.caller ?? LOCAL_CALLER;
    this.caller = this.#defaultCaller;
    this.tournaments = visibleTournaments(store.tournaments, () => this.caller);
    this.participants = store.participants;
    this.matches = store.matches;
    this.apiKeys = store.apiKeys;
    this.race = store.race;
    this.stations = store.stations;
    this.accounts = store.accounts;
    this.changes = store.changes;
    this.#tx = new WriteStatements(db);
  }

  now(): string {
    if (!this.#inRequest) return this.#iso();
    this.#requestTime ??= this.#iso();
    return this.#requestTime;
  }

  #iso(): string {
    const date = this.#clock();
    const ms = date.getTime();
    if (ms !== this.#lastMs) {
      this.#lastIso = date.toISOString(); // throws on an invalid date, as before
      this.#lastMs = ms;
    }
    return this.#lastIso;
  }

  // node:crypto is loaded on first use: a command that never seeds a tournament skips its cost.
  newRandomSeed(): number {
    if (this.#seeds !== undefined) return this.#seeds();
    return process.getBuiltinModule("node:crypto").randomInt(1, 2 ** 31 - 1);
  }

  generation(): string | undefined {
    return this.#store.generation();
  }

  /**
   * What better-sqlite3's `db.transaction(fn).immediate` did (the same statements, the same
   * savepoint name), without its wrapper: `db.transaction` makes new functions each time, a
   * new call target a service, and the PUT route's optimised code was thrown away at a
   * process's second service's first report (issue 27). With store.ts's CachedStore:
   * `node bench/report-syscalls.mjs --size 1024 --runs 3 --against /work/base-6bd0a48` 1.60x
   * the floor against 2.18x (load 1.5).
   */
  write<T>(fn: () => T): T {
    const { db } = this;
    const tx = this.#tx;
    // Where this write's entries in the log of writes begin: a rollback takes back those alone.
    const from = this.#store.logPosition();
    const writes = this.#store.writeCount();
    try {
      const nested = db.inTransaction;
      (nested ? tx.savepoint : tx.begin).run();
      try {
        // A look at what other connections committed, inside the transaction.
        this.#store.sync();
        const result = fn();
        if (typeof (result as { then?: unknown } | undefined)?.then === "function")
          throw new TypeError("Transaction function cannot return a promise");
        (nested ? tx.release : tx.commit).run();
        return result;
      } catch (error) {
        if (db.inTransaction) {
          (nested ? tx.rollbackTo : tx.rollback).run();
          if (nested) tx.release.run();
        }
        throw error;
      }
    } catch (error) {
      // Rolled back: what the caches learnt inside the transaction is void.
      this.#store.rolledBack(from, writes);
      throw error;
    }
  }

  async writeAcross<T>(fn: () => Promise<T>): Promise<T> {
    const { db } = this;
    if (db.inTransaction) throw new Error("writeAcross: a transaction is open already");
    db.exec("BEGIN IMMEDIATE");
    try {
      this.#store.sync();
      const result = await fn();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      this.#store.rolledBack();
      throw acrossRequestsError(error);
    }
  }

  // The group waits for another process's write lock like any write (busy_timeout).
  // If it cannot have it, the turn's requests take their own transactions and wait
  // again, each: rare (a long write elsewhere), and cheaper than switching the
  // timeout off and on around every group (a PRAGMA applies when it is prepared, so
  // it cannot be prepared once: two more statements compiled per turn).
  openGroup(): boolean {
    if (this.db.inTransaction) return false;
    try {
      this.db.exec("BEGIN IMMEDIATE");
    } catch {
      return false;
    }
    this.#store.sync();
    return true;
  }

  closeGroup(): Error | undefined {
    try {
      this.db.exec("COMMIT");
      return undefined;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      this.#store.rolledBack();
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  oneLook<T>(fn: () => T): T {
    if (this.#looked) return fn();
    this.#store.sync();
    this.#looked = true;
    try {
      return fn();
    } finally {
      this.#looked = false;
    }
  }

  look(): void {
    this.#store.look();
  }

  inRequest<T>(fn: () => T): T {
    if (!this.#looked) this.#store.sync();
    this.#inRequest = true;
    try {
      return fn();
    } finally {
      this.#inRequest = false;
      this.#requestTime = undefined;
      this.caller = this.#defaultCaller;
      this.access = "read";
    }
  }
}

export function createContext(db: Db, options: ContextOptions): ServiceContext {
  return new Context(db, openStore(db, { cache: options.cache ?? true }), options);
}
