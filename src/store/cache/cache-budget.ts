/** The limits of the store's cache (store-cache.ts). */
import { MAX_STAGE_MATCHES } from "../../model/limits.js";
import type { HeldMatches } from "./held-matches.js";

/** Tournaments whose match rows are held at once. */
export const MAX_MATCH_TOURNAMENTS = 16;
/** Tournament rows held at once. */
export const MAX_TOURNAMENT_ROWS = 64;

/** Match rows held at most by default: two of the largest stages a start may store. */
export const HELD_ROWS = 2 * MAX_STAGE_MATCHES;

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

/** Drops other tournaments' match rows, first loaded first, while over `max` (`incoming` rows to come). */
export function fitRows(
  matches: Map<number, HeldMatches>,
  max: number,
  keep: number,
  incoming: number,
): void {
  let total = incoming;
  for (const held of matches.values()) total += held.byId.size;
  for (const [id, held] of matches) {
    if (total <= max) return;
    if (id === keep) continue;
    total -= held.byId.size;
    matches.delete(id);
  }
}
