/** What every route handler gets: repositories, the injected clock and random seed source. */
import { randomInt } from "node:crypto";
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
}

export interface ContextOptions {
  readonly now?: () => Date;
  readonly randomSeed?: () => number;
}

export function createContext(db: Db, options: ContextOptions): ServiceContext {
  const clock = options.now ?? (() => new Date());
  const seeds = options.randomSeed ?? (() => randomInt(1, 2 ** 31 - 1));
  const matches = new MatchRepository(db);
  return {
    db,
    matches,
    stageIndexes: new StageIndexCache(matches),
    basePath: "/v2.1",
    tournaments: new TournamentRepository(db),
    participants: new ParticipantRepository(db),
    apiKeys: new ApiKeyRepository(db),
    now: () => clock().toISOString(),
    newRandomSeed: seeds,
    write: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
