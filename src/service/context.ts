/** What every route handler gets: repositories, the injected clock and random seed source. */
import { ApiKeyRepository } from "../store/api-keys-repository.js";
import type { Db } from "../store/database.js";
import { MatchRepository } from "../store/matches-repository.js";
import { ParticipantRepository } from "../store/participants-repository.js";
import { TournamentRepository } from "../store/tournaments-repository.js";
import { StageIndexCache } from "./bracket/stage-index.js";

export interface ServiceContext {
  readonly db: Db;
  readonly basePath: string;
  readonly tournaments: TournamentRepository;
  readonly participants: ParticipantRepository;
  readonly matches: MatchRepository;
  readonly stageIndexes: StageIndexCache;
  readonly apiKeys: ApiKeyRepository;
  /** The current time as an ISO 8601 string. */
  now(): string;
  /** A fresh seed stored with a tournament, from which every randomised step derives. */
  newRandomSeed(): number;
  /** Runs `fn` in one write transaction: all of it lands, or none. */
  write<T>(fn: () => T): T;
  /** Called as each request starts: forgets what other connections have changed since. */
  beginRequest(): void;
}

export interface ContextOptions {
  readonly now?: () => Date;
  readonly randomSeed?: () => number;
}

export function createContext(db: Db, options: ContextOptions): ServiceContext {
  const clock = options.now ?? (() => new Date());
  // node:crypto is loaded on first use: a command that never seeds a tournament skips its cost.
  const seeds =
    options.randomSeed ?? (() => process.getBuiltinModule("node:crypto").randomInt(1, 2 ** 31 - 1));
  const matches = new MatchRepository(db);
  const stageIndexes = new StageIndexCache(matches);
  // One transaction function for every write: BEGIN IMMEDIATE (then a look at what
  // other connections committed), or a savepoint when nested.
  const inTransaction = db.transaction((fn: () => unknown) => {
    matches.syncWithDatabase();
    return fn();
  });
  const write = <T>(fn: () => T): T => {
    try {
      return inTransaction.immediate(fn) as T;
    } catch (error) {
      // Rolled back: what the caches learnt inside the transaction is void.
      matches.forget();
      stageIndexes.clear();
      throw error;
    }
  };
  return {
    db,
    matches,
    stageIndexes,
    basePath: "/v2.1",
    tournaments: new TournamentRepository(db),
    participants: new ParticipantRepository(db),
    apiKeys: new ApiKeyRepository(db),
    now: () => clock().toISOString(),
    newRandomSeed: seeds,
    write,
    beginRequest: () => matches.syncWithDatabase(),
  };
}
