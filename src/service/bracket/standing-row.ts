/**
 * A row of GET /tournaments/{t}/standings (standings.ts) and the participants it is made
 * with: what every format's standings (standings.ts, free-for-all-standings.ts) share.
 */

export interface Standing {
  participant_id: number;
  name: string;
  stage: "group" | "final";
  group_id: number | null;
  rank: number | null;
  wins: number;
  losses: number;
  ties: number;
  games_won: number;
  games_lost: number;
  points_scored: number;
  points_difference: number;
  points: number;
  /** Swiss byes taken in the stage (0 elsewhere): what an export needs to replay them. */
  byes: number;
  tie_breaks: Record<string, number>;
}

/**
 * The tournament's participants by id, in seed order: names, seeds to list equal ranks by,
 * and whether each is active (what a stage's state gives: `stageParticipantsOf`).
 */
export type People = ReadonlyMap<
  number,
  { readonly name: string; readonly seed: number; readonly active: number }
>;

/** Standings by seed, then participant id (a total order). */
export function bySeed(people: People, a: Standing, b: Standing): number {
  const seed = (s: Standing) => people.get(s.participant_id)?.seed ?? Number.MAX_SAFE_INTEGER;
  return seed(a) - seed(b) || a.participant_id - b.participant_id;
}
