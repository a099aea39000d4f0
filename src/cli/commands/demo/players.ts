/**
 * The demo's generated players and results, from one seed: the same seed gives
 * the same names, the same winners and the same scores (the numbers from
 * model/seeded-random.ts). Pure.
 */

const FIRST = [
  "Ada",
  "Alan",
  "Barbara",
  "Claude",
  "Donald",
  "Edsger",
  "Frances",
  "Grace",
  "Hedy",
  "Ivan",
  "John",
  "Katherine",
  "Leslie",
  "Margaret",
  "Niklaus",
  "Ole",
  "Radia",
  "Shafi",
  "Tim",
  "Whitfield",
  "Xiaoyun",
  "Yukihiro",
  "Zhores",
  "Ken",
] as const;

const LAST = [
  "Lovelace",
  "Turing",
  "Liskov",
  "Shannon",
  "Knuth",
  "Dijkstra",
  "Allen",
  "Hopper",
  "Lamarr",
  "Sutherland",
  "McCarthy",
  "Johnson",
  "Lamport",
  "Hamilton",
  "Wirth",
  "Dahl",
  "Perlman",
  "Goldwasser",
  "Berners-Lee",
  "Diffie",
  "Wang",
  "Matsumoto",
  "Alferov",
  "Thompson",
] as const;

/** `count` different names ("Ada Knuth"), shuffled by `rand`. */
export function playerNames(count: number, rand: () => number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const first = FIRST[Math.floor(rand() * FIRST.length)]!;
    const last = LAST[Math.floor(rand() * LAST.length)]!;
    names.add(`${first} ${last}`);
  }
  return [...names];
}

/** A result: the winner's side (0: player 1) and the games of one set, player 1's first. */
export interface Result {
  readonly winner: 0 | 1;
  readonly scores: readonly [number, number];
}

/**
 * Who wins a match between two seeds: the better seed more often than not
 * (odds from the gap between the seeds), a first-to-3 games score.
 */
export function result(seed1: number, seed2: number, rand: () => number): Result {
  const favourite = 0.5 + Math.max(-0.35, Math.min(0.35, (seed2 - seed1) * 0.05));
  const winner: 0 | 1 = rand() < favourite ? 0 : 1;
  const loserGames = Math.floor(rand() * 3);
  return { winner, scores: winner === 0 ? [3, loserGames] : [loserGames, 3] };
}
