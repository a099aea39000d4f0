/** Race vocabulary of the v2.1 interface (DESIGN.md §3): attributes camelCase, as the seed. */

export const RACE_TYPES = ["time trial", "grand prix"] as const;
export type RaceType = (typeof RACE_TYPES)[number];

/** A race's own states (an extension attribute: the contract draws none). */
export const RACE_STATES = ["pending", "underway", "completed"] as const;
export type RaceState = (typeof RACE_STATES)[number];

export const RACE_STATE_CHANGES = ["start", "reset", "end_round"] as const;
export type RaceStateChange = (typeof RACE_STATE_CHANGES)[number];

export const ROUND_STATES = ["pending", "underway", "completed"] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_STATE_CHANGES = ["start", "finalize", "reset"] as const;
export type RoundStateChange = (typeof ROUND_STATE_CHANGES)[number];

/** Entries of one elapsed-times bulk update (the contract's maxItems). */
export const MAX_BULK_ELAPSED_TIMES = 20;

/** Rounds of a grand prix: the contract's default, and the most the service takes. */
export const DEFAULT_GRAND_PRIX_ROUNDS = 4;
export const MAX_GRAND_PRIX_ROUNDS = 100;

/**
 * The longest elapsed time taken: 99:59:59.999 (what formattedTime's two hour
 * digits show); longer is refused as absurd.
 */
export const MAX_ELAPSED_MS = 100 * 3_600_000 - 1;

/** The most points one place, or one elapsed time, may give (the service refuses more). */
export const MAX_PLACE_POINTS = 1_000_000;

/** The highest rank an elapsed time may be given by hand (the service refuses more). */
export const MAX_TIME_RANK = 1_000_000;

/** A race's stored settings: the request attributes of the contract, plus `pointsTable`. */
export interface RaceSettings {
  name: string;
  url: string;
  raceType: RaceType;
  description: string;
  private: boolean;
  startsAt: string | null;
  notifications: { uponMatchesOpen: boolean; uponTournamentEnds: boolean };
  registrationOptions: { openSignup: boolean; signupCap?: number };
  grandPrixOptions: { rounds: number };
  /**
   * Extension (not a contract name): grand prix points by rank, first place
   * first; null means the default table (engine/race-points.ts).
   */
  pointsTable: number[] | null;
}
