/** What every route handler gets: repositories, the injected clock and random seed source. */

import type { ApiKeyRepository } from "../store/api-keys-repository.js";
import type { ChangeLog } from "../store/cache/row-changes.js";
import type { CacheBudget } from "../store/cache/store-cache.js";
import type { Db } from "../store/database.js";
import type { MatchRepository } from "../store/matches-repository.js";
import type { ParticipantRepository } from "../store/participants-repository.js";
import type { StationRepository } from "../store/stations-repository.js";
import { type AccountStore, openStore, type RaceStore } from "../store/store.js";
import type { TournamentRepository } from "../store/tournaments-repository.js";
import { type Access, type Caller, LOCAL_CALLER, visibleTournaments } from "./caller.js";

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

export function createContext(db: Db, options: ContextOptions): ServiceContext {
  const clock = options.now ?? (() => new Date());
  // node:crypto is loaded on first use: a command that never seeds a tournament skips its cost.
  const seeds =
    options.randomSeed ?? (() => process.getBuiltinModule("node:crypto").randomInt(1, 2 ** 31 - 1));
  const store = openStore(db, { cache: options.cache ?? true });
  const { matches, tournaments, participants } = store;
  const sync = store.sync;
  /** A rollback: what the cache learnt inside the transaction is void. */
  const forgetAll = store.rolledBack;
  // One transaction function for every write: BEGIN IMMEDIATE (then a look at what
  // other connections committed), or a savepoint when nested.
  const inTransaction = db.transaction((fn: () => unknown) => {
    sync();
    return fn();
  });
  const write = <T>(fn: () => T): T => {
    try {
      return inTransaction.immediate(fn) as T;
    } catch (error) {
      // Rolled back: what the caches learnt inside the transaction is void.
      forgetAll();
      throw error;
    }
  };
  const writeAcross = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (db.inTransaction) throw new Error("writeAcross: a transaction is open already");
    db.exec("BEGIN IMMEDIATE");
    try {
      sync();
      const result = await fn();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      forgetAll();
      throw error;
    }
  };
  // The group waits for another process's write lock like any write (busy_timeout).
  // If it cannot have it, the turn's requests take their own transactions and wait
  // again, each: rare (a long write elsewhere), and cheaper than switching the
  // timeout off and on around every group (a PRAGMA applies when it is prepared, so
  // it cannot be prepared once: two more statements compiled per turn).
  const openGroup = (): boolean => {
    if (db.inTransaction) return false;
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch {
      return false;
    }
    sync();
    return true;
  };
  const closeGroup = (): Error | undefined => {
    try {
      db.exec("COMMIT");
      return undefined;
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      forgetAll();
      return error instanceof Error ? error : new Error(String(error));
    }
  };
  // One reading of the clock per request (below). Its text is made again only when the
  // clock has moved on by a millisecond: toISOString was ~1 us of the ~9 us a served GET
  // of a tournament costs in the service (the key check reads the clock), and under load
  // several requests are answered within one millisecond.
  let lastMs = Number.NaN;
  let lastIso = "";
  const iso = (): string => {
    const date = clock();
    const ms = date.getTime();
    if (ms !== lastMs) {
      lastIso = date.toISOString(); // throws on an invalid date, as before
      lastMs = ms;
    }
    return lastIso;
  };
  let requestTime: string | undefined;
  let inRequest = false;
  /** Within `oneLook`: its look serves every request. */
  let looked = false;
  const defaultCaller = options.caller ?? LOCAL_CALLER;
  const context: ServiceContext = {
    db,
    matches,
    basePath: "/v2.1",
    tournaments: visibleTournaments(tournaments, () => context.caller),
    participants,
    apiKeys: store.apiKeys,
    race: store.race,
    stations: store.stations,
    accounts: store.accounts,
    caller: defaultCaller,
    access: "read",
    now: () => {
      if (!inRequest) return iso();
      requestTime ??= iso();
      return requestTime;
    },
    newRandomSeed: seeds,
    generation: store.generation,
    changes: store.changes,
    write,
    writeAcross,
    openGroup,
    closeGroup,
    oneLook: (fn) => {
      if (looked) return fn();
      sync();
      looked = true;
      try {
        return fn();
      } finally {
        looked = false;
      }
    },
    inRequest: (fn) => {
      if (!looked) sync();
      inRequest = true;
      try {
        return fn();
      } finally {
        inRequest = false;
        requestTime = undefined;
        context.caller = defaultCaller;
        context.access = "read";
      }
    },
  };
  return context;
}
