/**
 * The one rule of a one-on-one result and its set scores, for every path that reports
 * one (the CLI's flags and prompts, the service): a tie needs level scores, a winner
 * needs the majority of the sets (with one set, the higher score). Sets are pairs from
 * player 1's side; a drawn set counts for neither. No scores: nothing to check.
 */
export type SetPair = readonly [number, number];

/** Sets won by player 1 and by player 2. */
export function setsWon(sets: readonly SetPair[]): [number, number] {
  return [sets.filter(([a, b]) => a > b).length, sets.filter(([a, b]) => b > a).length];
}

/** As many sets won on each side (one set: the same score): what a tie needs. */
export function levelScores(sets: readonly SetPair[]): boolean {
  const [one, two] = setsWon(sets);
  return one === two;
}

/** Whether the scores give the match to `side` (0: player 1, 1: player 2), or say nothing. */
export function scoresAllowWinner(sets: readonly SetPair[], side: 0 | 1): boolean {
  if (sets.length === 0) return true;
  const won = setsWon(sets);
  return won[side] > won[1 - side]!;
}

/** "2-1,0-3": the sets as typed, from player 1's side. */
export function setsText(sets: readonly SetPair[]): string {
  return sets.map(([a, b]) => `${a}-${b}`).join(",");
}
