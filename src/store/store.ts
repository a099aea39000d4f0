/**
 * The store the service uses: the repositories of one connection, plain (every
 * read a query) or with the one cache in front (store/cache/store-cache.ts).
 */
import { ApiKeyRepository } from "./api-keys-repository.js";
import { CachedApiKeys } from "./cache/cached-api-keys.js";
import { CachedMatches } from "./cache/cached-matches.js";
import {
  cachedParticipants,
  cachedStations,
  cachedTokens,
  cachedTournaments,
  cachedUsers,
} from "./cache/cached-tables.js";
import type { ChangeLog } from "./cache/row-changes.js";
import { type CacheBudget, StoreCache } from "./cache/store-cache.js";
import type { Db } from "./database.js";
import { ElapsedTimeRepository } from "./elapsed-times-repository.js";
import { MatchRepository } from "./matches-repository.js";
import { OAuthRequestRepository } from "./oauth-requests-repository.js";
import { OAuthTokenRepository } from "./oauth-tokens-repository.js";
import { ParticipantRepository, RACE_PARTICIPANTS } from "./participants-repository.js";
import { RoundRepository } from "./race-rounds-repository.js";
import { RaceRepository } from "./races-repository.js";
import { StationRepository } from "./stations-repository.js";
import { TournamentRepository } from "./tournaments-repository.js";
import { UserRepository } from "./users-repository.js";

export interface Store {
  readonly tournaments: TournamentRepository;
  readonly participants: ParticipantRepository;
  readonly matches: MatchRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly race: RaceStore;
  /** Stations of tournaments and their queues. */
  readonly stations: StationRepository;
  /** Accounts and OAuth (issue 14): users, grants and tokens, pending device authorizations and codes. */
  readonly accounts: AccountStore;
  /** Before a request and at the start of a write: sees other connections' commits. */
  sync(): void;
  /**
   * Takes now the look `sync` put off to the first cached read: before a read's first
   * query, a plain one (a tournament by url, a race) included, so that none of its reads
   * sees a commit the generation after it does not (service/app.ts answer).
   */
  look(): void;
  /**
   * After a rollback of a transaction or savepoint begun at `from` (`logPosition()` then):
   * undefined when not known (the log is voided). With `writes` (`writeCount()` then), a
   * rollback after which neither has moved wrote nothing through the store: what the
   * caches hold stands (a refused request no longer drops every held row, nor moves the
   * generation that the lists' ETags carry).
   */
  rolledBack(from?: number, writes?: number): void;
  /** The position of the log of this connection's writes (row-changes.ts), 0 without one. */
  logPosition(): number;
  /** How many writes the caches were told of (store-cache.ts `writes`), 0 without them. */
  writeCount(): number;
  /**
   * A value that changes whenever a row may have changed: any insert, update or
   * delete on this connection (SQLite's total_changes(), triggers included, a
   * rolled-back one too) and any commit of another connection that `sync` has
   * seen. Equal values: nothing was written in between. Undefined for the plain
   * store, which does not look at other connections' commits.
   */
  generation(): string | undefined;
  /** What this connection wrote to match and participant rows (cache/row-changes.ts); undefined for the plain store. */
  readonly changes?: ChangeLog;
}

export interface StoreOptions {
  /** Hold what was read in memory (default); false: every read a query. */
  readonly cache?: boolean | CacheBudget;
}

export interface AccountStore {
  readonly users: UserRepository;
  readonly tokens: OAuthTokenRepository;
  readonly requests: OAuthRequestRepository;
}

/** The repositories of races: a race, its participants, rounds and elapsed times. */
export interface RaceStore {
  readonly races: RaceRepository;
  readonly participants: ParticipantRepository;
  readonly rounds: RoundRepository;
  readonly elapsedTimes: ElapsedTimeRepository;
}

/**
 * Race repositories, plain in both stores: the cache holds tournaments, their
 * participants and matches; a race is a few dozen rows, read by index, and no
 * measurement has shown a cache for them to gain anything.
 */
function raceStore(db: Db): RaceStore {
  return {
    races: new RaceRepository(db),
    participants: new ParticipantRepository(db, RACE_PARTICIPANTS),
    rounds: new RoundRepository(db),
    elapsedTimes: new ElapsedTimeRepository(db),
  };
}

export function openStore(db: Db, options: StoreOptions = {}): Store {
  if (options.cache === false) {
    return {
      race: raceStore(db),
      stations: new StationRepository(db),
      tournaments: new TournamentRepository(db),
      participants: new ParticipantRepository(db),
      matches: new MatchRepository(db),
      apiKeys: new ApiKeyRepository(db),
      accounts: {
        users: new UserRepository(db),
        tokens: new OAuthTokenRepository(db),
        requests: new OAuthRequestRepository(db),
      },
      sync: () => {},
      look: () => {},
      rolledBack: () => {},
      logPosition: () => 0,
      writeCount: () => 0,
      generation: () => undefined,
    };
  }
  return new CachedStore(db, new StoreCache(db, options.cache === true ? {} : options.cache));
}

/**
 * The store over the cache: a class (fields set in its constructor, `sync` a method), not an
 * object literal with closures made per store (issue 27). A literal's second run (a process's
 * second service) widened its map's field types, and its closures were new call targets: the
 * service's write threw its optimised code away at the second service's first report.
 * With context.ts's own write transaction: `node bench/report-syscalls.mjs --size 1024
 * --runs 3 --against /work/base-6bd0a48` 1.60x the floor against 2.18x, process CPU 139.5
 * against 204.3 us a report (load 1.5; 2.28x before these two, at load 5.5).
 */
class CachedStore implements Store {
  readonly race: RaceStore;
  readonly stations: StationRepository;
  readonly tournaments: TournamentRepository;
  readonly participants: ParticipantRepository;
  readonly matches: MatchRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly accounts: AccountStore;
  readonly changes: ChangeLog;
  readonly #cache: StoreCache;
  readonly #generation: () => string;

  constructor(db: Db, cache: StoreCache) {
    this.#cache = cache;
    this.race = raceStore(db);
    this.stations = cachedStations(new StationRepository(db), cache);
    this.tournaments = cachedTournaments(new TournamentRepository(db), cache);
    this.participants = cachedParticipants(new ParticipantRepository(db), cache);
    this.matches = new CachedMatches(db, cache);
    this.apiKeys = new CachedApiKeys(db, cache);
    this.accounts = cachedAccounts(db, cache);
    this.#generation = generationOf(db, cache);
    this.changes = cache.changeLog;
  }

  sync(): void {
    this.#cache.sync();
  }

  look(): void {
    this.#cache.fresh();
  }

  rolledBack(from?: number, writes?: number): void {
    const cache = this.#cache;
    if (from !== undefined && from === cache.changes.position && writes === cache.writes) return;
    cache.dropAll(from);
  }

  logPosition(): number {
    return this.#cache.changes.position;
  }

  writeCount(): number {
    return this.#cache.writes;
  }

  generation(): string {
    return this.#generation();
  }
}

function generationOf(db: Db, cache: StoreCache): () => string {
  const changes = db.prepare("SELECT total_changes()").pluck();
  return () => `${cache.epoch}.${changes.get() as number}`;
}

/**
 * Verified access tokens are held by the cache (as API keys are); a write of
 * grants or tokens drops them, a write of the users (a removal moves records and
 * takes keys and tokens with it) drops everything (cache/cached-tables.ts). Pending
 * requests: plain.
 */
function cachedAccounts(db: Db, cache: StoreCache): AccountStore {
  return {
    users: cachedUsers(new UserRepository(db), cache),
    tokens: cachedTokens(new OAuthTokenRepository(db), cache),
    requests: new OAuthRequestRepository(db),
  };
}
