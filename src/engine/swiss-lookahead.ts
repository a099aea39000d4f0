/**
 * Look-ahead for a swiss stage's last rounds when it plays (nearly) every pair: the rounds
 * still to come after this one must each be pairable without a rematch too. Paired one round
 * at a time by standings, an 8-player swiss of 7 rounds (a round robin's count) could reach
 * round 6 with the pairs left unplayed forming no round: round 5's best pairing by standings
 * had left two triangles of unplayed pairs, so rounds 6 and 7 each repeated a pair although
 * three other round-5 pairings left rematch-free rounds 6 and 7 (review J #2).
 *
 * The search: the pairs not yet played form a graph; a schedule of k more rounds is k
 * disjoint perfect matchings of it. Depth first, the lowest-ranked unpaired player's partner
 * tried in the order the caller gives (best first), each finished round's pairs taken out of
 * the graph before the next round is searched. Exact when it finishes; past `budget` steps it
 * gives up (undefined), and the caller keeps the round it had: the answer is the same on
 * every machine (a count of steps, not a time). Even player counts only (no byes to share).
 */

/** The pairs not yet played, as adjacency bit rows (players 0..count-1). */
export type OpenPairs = Uint8Array[];

/** Steps of one look-ahead (a partner tried): ~10 ms of CPU here at most. */
export const LOOKAHEAD_STEPS = 200_000;

/** The most players a look-ahead is tried for. */
export const LOOKAHEAD_PLAYERS = 32;

/** Whether `rounds` more rounds of disjoint pairs of `open` exist (undefined: budget spent). */
export function canComplete(
  open: OpenPairs,
  rounds: number,
  order: (player: number) => readonly number[],
  budget = { steps: LOOKAHEAD_STEPS },
): boolean | undefined {
  if (rounds === 0) return true;
  const round = firstRound(open, rounds, order, budget);
  return round === undefined ? undefined : round !== null;
}

/**
 * The first of `rounds` rounds of disjoint pairs of `open`, the earliest in `order`'s
 * preference that lets the others follow; null when none exists, undefined when the
 * budget ran out first. `open` is as given again on return.
 */
export function firstRound(
  open: OpenPairs,
  rounds: number,
  order: (player: number) => readonly number[],
  budget = { steps: LOOKAHEAD_STEPS },
): [number, number][] | null | undefined {
  const count = open.length;
  const mate = new Int32Array(count).fill(-1);
  const pairs: [number, number][] = [];
  let spent = false;
  const search = (): boolean => {
    let player = 0;
    while (player < count && mate[player] !== -1) player++;
    if (player === count) {
      if (rounds === 1) return true;
      for (const [a, b] of pairs) setOpen(open, a, b, 0);
      const rest = canComplete(open, rounds - 1, order, budget);
      for (const [a, b] of pairs) setOpen(open, a, b, 1);
      if (rest === undefined) spent = true;
      return rest === true;
    }
    for (const partner of order(player)) {
      if (mate[partner] !== -1 || open[player]![partner] !== 1) continue;
      if (--budget.steps < 0 || spent) {
        spent = true;
        return false;
      }
      mate[player] = partner;
      mate[partner] = player;
      pairs.push([player, partner]);
      if (search()) return true;
      pairs.pop();
      mate[player] = -1;
      mate[partner] = -1;
      if (spent) return false;
    }
    return false;
  };
  const found = search();
  if (spent) return undefined;
  return found ? pairs.map(([a, b]) => (a < b ? [a, b] : [b, a])) : null;
}

function setOpen(open: OpenPairs, a: number, b: number, value: 0 | 1): void {
  open[a]![b] = value;
  open[b]![a] = value;
}
