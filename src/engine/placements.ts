/**
 * Placement (consolation) matches of a single elimination: the matches that rank
 * the players a round knocks out, one place each, instead of a tie.
 *
 * `consolation_matches_target_rank` t asks for every place up to t: 3 the
 * third-place match (the semi-final losers), 5 also 5th-8th (the quarter-final
 * losers), 9 also 9th-16th (the losers of the round of 16), 17 ... A value in
 * between counts down to the last such level (4 is 3, 8 is 5): the engine reads
 * any positive integer; the service takes only 3, 5, 9, 17, ...
 * (validation/tournament-settings.ts).
 *
 * The losers of winners round r = R - j (R the final's round) play for places
 * 2^j + 1 .. 2^(j+1) in a full placement bracket: paired as the bracket paired
 * their matches, then the winners play on for the upper half of those places and
 * the losers for the lower half, down to two-player matches each deciding a
 * place and the next. Its k-th round is numbered r + k and played alongside
 * winners round r + k, before that round's main matches (as the third-place
 * match is played before the final): every placement bracket ends in round R.
 *
 * Keys name the places decided: "3P", "5P", "7P" ... for a match deciding a place
 * and the next; "5-8P-1", "5-8P-2", "9-16P-3" ... for the matches before them.
 * The third-place match keeps its side "third_place"; the others are side
 * "placement". Byes are drafted as in the main bracket and collapse with it
 * (single-elimination.ts finalizePlan): a quarter-final that a bye made a
 * pass-through sends nobody, so its placement slot is a bye in turn.
 */
import { type DraftNode, type DraftSource, loserOf, winnerOf } from "./bracket-draft.js";
import { EngineRuleError } from "./errors.js";

/**
 * How many placement levels a target rank asks for: 0 none (absent, null, 1, 2),
 * 1 third place (3, 4), 2 also 5th-8th (5..8), 3 also 9th-16th (9..16), ...
 */
export function placementLevels(targetRank: number | null | undefined): number {
  if (targetRank === undefined || targetRank === null) return 0;
  if (!Number.isInteger(targetRank) || targetRank < 1) {
    throw new EngineRuleError(
      `consolation_matches_target_rank ${targetRank} is not supported: use 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, ..., or leave it out`,
      "/data/attributes/match_options/consolation_matches_target_rank",
    );
  }
  let levels = 0;
  while (2 ** (levels + 1) + 1 <= targetRank) levels += 1;
  return levels;
}

/**
 * The draft nodes of the placement brackets for `levels` levels over the winners
 * bracket's draft `rounds` (as many levels as it has rounds before the final),
 * listed the lowest places first, each node after its sources.
 */
export function draftPlacements(
  rounds: readonly (readonly DraftNode[])[],
  levels: number,
): DraftNode[] {
  const finalRound = rounds.length;
  const nodes: DraftNode[] = [];
  for (let level = Math.min(levels, finalRound - 1); level >= 1; level -= 1) {
    const knockedOut = rounds[finalRound - level - 1]!.map(loserOf);
    draftBracket(knockedOut, 2 ** level + 1, finalRound - level + 1, nodes);
  }
  return nodes;
}

/** A full placement bracket over `entrants` (a power of two) for places `first` and on. */
function draftBracket(
  entrants: readonly DraftSource[],
  first: number,
  round: number,
  out: DraftNode[],
): void {
  const step = round - 0.5;
  if (entrants.length === 2) {
    const side = first === 3 ? "third_place" : "placement";
    out.push({ side, round, step, key: `${first}P`, sources: [entrants[0]!, entrants[1]!] });
    return;
  }
  const last = first + entrants.length - 1;
  const matches: DraftNode[] = [];
  for (let i = 0; i + 1 < entrants.length; i += 2) {
    const key = `${first}-${last}P-${i / 2 + 1}`;
    const sources = [entrants[i]!, entrants[i + 1]!] as const;
    matches.push({ side: "placement", round, step, key, sources });
  }
  out.push(...matches);
  draftBracket(matches.map(loserOf), first + entrants.length / 2, round + 1, out);
  draftBracket(matches.map(winnerOf), first, round + 1, out);
}

/** The places a placement match's key names: "5P" 5-6, "9-16P-2" 9-16; undefined for other keys. */
export function placesOfKey(key: string): { first: number; last: number } | undefined {
  const found = /^(\d+)(?:-(\d+))?P(?:-\d+)?$/.exec(key);
  if (found === null) return undefined;
  const first = Number(found[1]);
  return { first, last: found[2] === undefined ? first + 1 : Number(found[2]) };
}
