/**
 * The repositories of tournaments, participants, stations, users and OAuth tokens
 * through the cache (store-cache.ts), each a class in front of the plain repository:
 * its cached reads are its own methods, every other method runs the plain one's, and a
 * method not named a read then runs the table's rule (table-writes.ts). Classes, their
 * methods made once a process, so that every store's repositories share one map and
 * one set of call targets (issue 27).
 */
import { OAuthTokenRepository } from "../oauth-tokens-repository.js";
import { ParticipantRepository } from "../participants-repository.js";
import { StationRepository } from "../stations-repository.js";
import { TournamentRepository, type TournamentRow } from "../tournaments-repository.js";
import { UserRepository } from "../users-repository.js";
import type { StoreCache } from "./store-cache.js";
import { forwardMethods } from "./table-writes.js";

/** Typed as the repository it stands for: its other methods are defined by forwardMethods. */
const as = <T>(cached: object): T => cached as T;

class CachedTournaments {
  constructor(
    readonly plain: TournamentRepository,
    readonly cache: StoreCache,
  ) {}

  findById(id: number): TournamentRow | undefined {
    return this.cache.tournament(id, this.plain);
  }

  static {
    forwardMethods(CachedTournaments, TournamentRepository, {
      reads: ["findByUrl", "urlTaken", "count", "list", "anyCheckInDue"],
      wrote: (self, method, id) => {
        if (method === "delete" && id !== undefined) self.cache.deletedTournament(id);
        else self.cache.wroteTournament(id);
      },
    });
  }
}

class CachedParticipants {
  constructor(
    readonly plain: ParticipantRepository,
    readonly cache: StoreCache,
  ) {}

  anyInactive(tournamentId: number): boolean {
    return this.cache.anyInactive(tournamentId, this.plain);
  }

  static {
    forwardMethods(CachedParticipants, ParticipantRepository, {
      reads: [
        "count",
        "list",
        "find",
        "findByName",
        "findByUsername",
        "activeSeeds",
        "namesTaken",
        "listActive",
        "namesAfter",
      ],
      wrote: (self, _method, id) => {
        self.cache.wroteTournament(id);
        self.cache.changes.participants(id);
      },
    });
  }
}

class CachedStations {
  constructor(
    readonly plain: StationRepository,
    readonly cache: StoreCache,
  ) {}

  any(tournamentId: number): boolean {
    return this.cache.anyStations(tournamentId, this.plain);
  }

  static {
    forwardMethods(CachedStations, StationRepository, {
      reads: ["count", "list", "find", "holding", "queuersOf", "queue", "queuerOfMatch"],
      wrote: (self) => self.cache.wroteStations(),
    });
  }
}

/** A write of the users (a removal moves records and takes keys and tokens with it) drops everything. */
class CachedUsers {
  constructor(
    readonly plain: UserRepository,
    readonly cache: StoreCache,
  ) {}

  static {
    forwardMethods(CachedUsers, UserRepository, {
      reads: ["findById", "findByUsername", "passwordOf", "list"],
      wrote: (self) => self.cache.dropAll(),
    });
  }
}

/** Verified access tokens are held by the cache (as API keys are); a write of grants or tokens drops them. */
class CachedTokens {
  constructor(
    readonly plain: OAuthTokenRepository,
    readonly cache: StoreCache,
  ) {}

  findAccess(token: string): ReturnType<OAuthTokenRepository["findAccess"]> {
    return this.cache.accessToken(token, () => this.plain.findAccess(token));
  }

  static {
    forwardMethods(CachedTokens, OAuthTokenRepository, {
      reads: ["find"],
      wrote: (self) => self.cache.wroteTokens(),
    });
  }
}

export const cachedTournaments = (plain: TournamentRepository, cache: StoreCache) =>
  as<TournamentRepository>(new CachedTournaments(plain, cache));

export const cachedParticipants = (plain: ParticipantRepository, cache: StoreCache) =>
  as<ParticipantRepository>(new CachedParticipants(plain, cache));

export const cachedStations = (plain: StationRepository, cache: StoreCache) =>
  as<StationRepository>(new CachedStations(plain, cache));

export const cachedUsers = (plain: UserRepository, cache: StoreCache) =>
  as<UserRepository>(new CachedUsers(plain, cache));

export const cachedTokens = (plain: OAuthTokenRepository, cache: StoreCache) =>
  as<OAuthTokenRepository>(new CachedTokens(plain, cache));
