/**
 * The players of a stage (or group) in the order both drawings list them:
 * by rank from the service's standings, then by seed. Pure.
 */
import type { StandingRow, ViewMatch } from "./data.js";

/** The standings of one stage (and group), and the order of its players. */
export interface StageStandings {
  /** Standings rows of the stage, by participant id (empty without standings). */
  readonly rows: ReadonlyMap<number, StandingRow>;
  readonly seeds: ReadonlyMap<number, number>;
  readonly names: ReadonlyMap<number, string>;
}

/** Players of the matches, best first: by rank, then seed. */
export function playersOf(matches: readonly ViewMatch[], s: StageStandings): number[] {
  const ids = new Set<number>();
  for (const m of matches) for (const slot of m.slots) if (slot.id !== null) ids.add(slot.id);
  const rank = (id: number) => s.rows.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
  const seed = (id: number) => s.seeds.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...ids].sort((a, b) => rank(a) - rank(b) || seed(a) - seed(b) || a - b);
}
