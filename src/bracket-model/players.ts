/**
 * The players of a stage (or group) in the order both drawings list them:
 * by rank from the service's standings, then by seed; and who sat out which of
 * its rounds (a bye). Pure.
 */
import type { StandingRow, ViewMatch } from "./data.js";

/** The standings of one stage (and group), and the order of its players. */
export interface StageStandings {
  /** Standings rows of the stage, by participant id (empty without standings). */
  readonly rows: ReadonlyMap<number, StandingRow>;
  readonly seeds: ReadonlyMap<number, number>;
  readonly names: ReadonlyMap<number, string>;
}

/**
 * Players of the stage, best first: by rank, then seed. Every player of its standings rows,
 * and of its matches. Before, only the matches': a swiss player with this round's bye plays
 * no match in it, and was left out of both drawings' standings (5 players: Eve, ranked 1st
 * on the bye's point, was missing and the table began at rank 2; a reviewer found it).
 */
export function playersOf(matches: readonly ViewMatch[], s: StageStandings): number[] {
  const ids = new Set<number>(s.rows.keys());
  for (const m of matches) for (const slot of m.slots) if (slot.id !== null) ids.add(slot.id);
  const rank = (id: number) => s.rows.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
  const seed = (id: number) => s.seeds.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...ids].sort((a, b) => rank(a) - rank(b) || seed(a) - seed(b) || a - b);
}

/** The players of each round, by round. */
function roundPlayers(matches: readonly ViewMatch[]): Map<number, Set<number>> {
  const rounds = new Map<number, Set<number>>();
  for (const m of matches) {
    const ids = rounds.get(m.round) ?? new Set<number>();
    for (const slot of m.slots) if (slot.id !== null) ids.add(slot.id);
    rounds.set(m.round, ids);
  }
  return new Map([...rounds.entries()].sort(([a], [b]) => a - b));
}

/**
 * Who sat out which round of a swiss or free-for-all stage, by round (ids in the order
 * playersOf gives). The service's records name no bye's round, so it is found:
 *
 * - swiss: a standings row's `byes` (n) are the first n rounds the player plays no match
 *   in. Every player plays every round from round 1 on but the round of a bye; a player
 *   removed later plays none after, and took no bye after (docs/tournaments.md).
 * - free for all: a player of round r + 1 in no match of round r advanced from r without a
 *   match. The round being played's bye shows once the next round is drawn: until then the
 *   player is in no match and in no standings row (the service stores no bye there).
 */
export function byesOf(
  matches: readonly ViewMatch[],
  s: StageStandings,
): ReadonlyMap<number, readonly number[]> {
  const byes = new Map<number, number[]>();
  const add = (round: number, id: number) => byes.set(round, [...(byes.get(round) ?? []), id]);
  const order = playersOf(matches, s);
  const swiss = roundPlayers(matches.filter((m) => m.bracket === "swiss"));
  for (const id of order) {
    let left = s.rows.get(id)?.byes ?? 0;
    for (const [round, ids] of swiss) {
      if (left === 0) break;
      if (ids.has(id)) continue;
      add(round, id);
      left--;
    }
  }
  const ffa = [...roundPlayers(matches.filter((m) => m.bracket === "free_for_all")).entries()];
  for (let i = 0; i + 1 < ffa.length; i++) {
    const [round, ids] = ffa[i]!;
    for (const id of order) if (ffa[i + 1]![1].has(id) && !ids.has(id)) add(round, id);
  }
  return byes;
}
