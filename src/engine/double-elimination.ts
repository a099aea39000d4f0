/**
 * Double elimination: a winners bracket (rounds 1, 2, ...), a losers bracket
 * (rounds -1, -2, ...) and a grand final.
 *
 * Losers bracket of a full bracket: round 1 pairs the first wave of entrants
 * (winners-bracket round-1 losers, or with split participants the bottom half
 * of the seeds); each later wave (the losers of the next winners round) drops in
 * against the survivors, then the survivors play each other, and so on until one
 * is left. The losers of a wave dropping against m survivors are permuted by
 * XOR with the bit-reversal of the wave number (m/2 for the first wave, then
 * m/4, 3m/4, ...): every wave then comes from a different part of the winners
 * bracket than the players it meets, which is what keeps rematches out of the
 * early losers rounds (see `dropShift`).
 *
 * With split participants, the first wave's round-1 byes that also meet a bye in
 * the first drop go to the best bottom seeds (see `splitFirstWave`).
 *
 * Byes are collapsed statically (see `finalizePlan`), and rounds of the losers
 * bracket left without a real match are skipped in the numbering.
 */
import { EngineRuleError } from "./errors.js";
import { bracketSizeFor, placeInBracket, sortBySeed } from "./seeding.js";
import {
  type DraftNode,
  type DraftSource,
  draftWinnersBracket,
  finalizePlan,
  loserOf,
  slotSource,
  type WinnersBracketDraft,
  winnerOf,
} from "./single-elimination.js";
import type { EngineParticipant, PlannedMatch } from "./types.js";

/** `""`: grand final plus a reset match; `"single match"`: one grand final; `"skip"`: none. */
export type GrandFinalsModifier = "" | "single match" | "skip";

export interface DoubleEliminationOptions {
  /** Pair seeds 1v2, 3v4, ... instead of the standard bracket order. */
  readonly sequentialPairings?: boolean | undefined;
  readonly grandFinalsModifier?: GrandFinalsModifier | null | undefined;
  /** Start the bottom half of the seeds (the lower floor(N/2)) in the losers bracket. */
  readonly splitParticipants?: boolean | undefined;
}

/** Where the losers bracket gets its players from. */
interface LosersEntry {
  /** Entrants of losers round 1, in bracket order (pairs 2i, 2i+1 meet). */
  readonly firstWave: readonly DraftSource[];
  /** Winners rounds whose losers drop in, one wave each, in order. */
  readonly drops: readonly (readonly DraftNode[])[];
}

/**
 * Plans a double-elimination stage. Keys: "W<round>-<n>", "L<round>-<n>" (round
 * without its minus sign), "GF1" and, with the default modifier, "GF2": the
 * reset, played only when GF1's player2 (the losers-bracket winner) wins GF1.
 * With N participants and no split: 2N-1 matches including the reset.
 */
export function planDoubleElimination(
  participants: readonly EngineParticipant[],
  options: DoubleEliminationOptions = {},
): PlannedMatch[] {
  const modifier = checkModifier(options.grandFinalsModifier);
  const seeded = sortBySeed(participants);
  const sequential = options.sequentialPairings ?? false;
  const split = options.splitParticipants ?? false;
  let winners: WinnersBracketDraft;
  let entry: LosersEntry;
  if (split) {
    const top = seeded.slice(0, Math.ceil(seeded.length / 2));
    const bottom = seeded.slice(top.length);
    winners = draftWinnersBracket(placeInBracket(top, sequential), (round) => round + 1);
    const size = bracketSizeFor(top.length);
    const firstWave = splitFirstWave(bottom, sequential, size, winners.rounds[0] ?? []);
    entry = { firstWave, drops: winners.rounds };
  } else {
    winners = draftWinnersBracket(placeInBracket(seeded, sequential), (round) => round);
    const firstRound = winners.rounds[0] ?? [];
    entry = { firstWave: firstRound.map(loserOf), drops: winners.rounds.slice(1) };
  }
  const losers = draftLosersBracket(entry);
  const finals = draftGrandFinals(winners, losers.champion, modifier);
  const nodes = [...winners.rounds.flat(), ...losers.nodes, ...finals];
  if (nodes.length === 0) {
    throw new EngineRuleError(
      "2 split participants and no grand final leave nothing to play",
      "/data/attributes/double_elimination_options/grand_finals_modifier",
    );
  }
  return finalizePlan(nodes);
}

/**
 * The first wave of a split bracket: the bottom seeds placed as a bracket of the
 * winners bracket's size (round-1 byes to the best of them), then pairs moved so
 * that the round-1 byes meeting a bye again in the first drop (a winners round-1
 * match that is a bye has no loser), and so entering a round later still, are the
 * best of them (DESIGN.md §4: byes go to the top seeds). The placement alone
 * lines its byes up with the bottom seeds' own bracket, not with the winners
 * bracket's byes as the drop's shift brings them: at 5 players seed 4 met the
 * first dropper while seed 5 waited a round; at 1,001 seed 512 entered a round
 * before 513. Such a misplaced pair swaps places with a best seed's that meets a
 * dropper, in bracket order; all other pairs stay, a drop bye meeting a pair that
 * plays round 1 included (at 6 players: 4 v l(W1-1), 5 v 6, their winners meet),
 * so brackets without an inversion are unchanged.
 */
function splitFirstWave(
  bottom: readonly EngineParticipant[],
  sequential: boolean,
  size: number,
  winnersFirstRound: readonly DraftNode[],
): DraftSource[] {
  const slots = placeInBracket(bottom, sequential, size);
  const pairs = winnersFirstRound.length;
  if (pairs < 2) return slots.map(slotSource);
  const rank = new Map(bottom.map((participant, index) => [participant.id, index]));
  // the rank of a pair's one player when the other slot is a bye, else none
  const alone = (pair: number): number | undefined => {
    const [first, second] = [slots[2 * pair]!, slots[2 * pair + 1]!];
    if (first !== null && second !== null) return undefined;
    const player = first ?? second;
    return player === null ? undefined : rank.get(player.id);
  };
  const shift = dropShift(1, pairs);
  const facesBye = winnersFirstRound.map((_, pair) =>
    winnersFirstRound[pair ^ shift]!.sources.some((source) => source.kind === "bye"),
  );
  const waiting = facesBye.filter((facing, pair) => facing && alone(pair) !== undefined).length;
  const misplaced: number[] = [];
  const displaced: number[] = [];
  facesBye.forEach((facing, pair) => {
    const player = alone(pair);
    if (player === undefined) return;
    if (facing && player >= waiting) misplaced.push(pair);
    if (!facing && player < waiting) displaced.push(pair);
  });
  const order = facesBye.map((_, pair) => pair);
  misplaced.forEach((pair, k) => {
    order[pair] = displaced[k]!;
    order[displaced[k]!] = pair;
  });
  return order.flatMap((pair) => [slots[2 * pair]!, slots[2 * pair + 1]!]).map(slotSource);
}

function checkModifier(modifier: string | null | undefined): GrandFinalsModifier {
  if (modifier === undefined || modifier === null) return "";
  if (modifier === "" || modifier === "single match" || modifier === "skip") return modifier;
  throw new EngineRuleError(
    `grand_finals_modifier must be "", "single match" or "skip", got "${modifier}"`,
    "/data/attributes/double_elimination_options/grand_finals_modifier",
  );
}

/** Drafts the losers bracket; its rounds are numbered 1, 2, ... here and negated when planned. */
function draftLosersBracket(entry: LosersEntry): { nodes: DraftNode[]; champion: DraftSource } {
  const nodes: DraftNode[] = [];
  let round = 0;
  const playRound = (pairs: (readonly [DraftSource, DraftSource])[]): DraftSource[] => {
    round += 1;
    const step = losersRoundStep(round);
    const made = pairs.map((sources): DraftNode => ({ side: "losers", round, step, sources }));
    nodes.push(...made);
    return made.map(winnerOf);
  };
  let survivors: DraftSource[] = [...entry.firstWave];
  if (survivors.length > 1) survivors = playRound(pairsOf(survivors));
  entry.drops.forEach((dropRound, index) => {
    const dropped = dropRound.map(loserOf);
    const shift = dropShift(index + 1, survivors.length);
    survivors = playRound(survivors.map((survivor, i) => [survivor, dropped[i ^ shift]!] as const));
    if (survivors.length > 1) survivors = playRound(pairsOf(survivors));
  });
  return { nodes, champion: survivors[0]! };
}

function pairsOf(sources: readonly DraftSource[]): (readonly [DraftSource, DraftSource])[] {
  const pairs: (readonly [DraftSource, DraftSource])[] = [];
  for (let i = 0; i + 1 < sources.length; i += 2) pairs.push([sources[i]!, sources[i + 1]!]);
  return pairs;
}

/**
 * Play-order step of losers round r, against winners rounds at steps 1, 2, ...
 * (winners round w of a split bracket sits at step w + 1): round 1 after the
 * first winners round; the drop round 2j right after the winners round whose
 * losers it takes, and round 2j + 1 right after it.
 */
function losersRoundStep(round: number): number {
  return Math.floor(round / 2) + 1 + (round % 2 === 0 ? 0.25 : 0.5);
}

/**
 * The XOR applied to the index of a dropping loser: the bit-reversal of the
 * wave number within log2(size) bits. Waves 0, 1, 2, 3, ... get 0, size/2,
 * size/4, 3size/4, ...: distinct values as long as there are enough, and
 * distinct in their top bits for as long as possible, so that after each
 * survivors' round (which halves the bracket and drops the lowest bit) the
 * waves still come from disjoint parts of the winners bracket. A wave whose
 * players could meet someone they already played shows up only once the
 * losers bracket is too narrow for any order to keep them apart.
 */
export function dropShift(wave: number, size: number): number {
  let value = wave % size;
  let reversed = 0;
  for (let width = 1; width < size; width *= 2) {
    reversed = (reversed << 1) | (value & 1);
    value >>= 1;
  }
  return reversed;
}

function draftGrandFinals(
  winners: WinnersBracketDraft,
  losersChampion: DraftSource,
  modifier: GrandFinalsModifier,
): DraftNode[] {
  if (modifier === "skip") return [];
  const round = winners.rounds.length + 1;
  const first: DraftNode = {
    side: "grand_final",
    round,
    step: Number.MAX_SAFE_INTEGER - 1,
    key: "GF1",
    sources: [winners.champion, losersChampion],
  };
  if (modifier === "single match") return [first];
  const reset: DraftNode = {
    side: "grand_final",
    round: round + 1,
    step: Number.MAX_SAFE_INTEGER,
    key: "GF2",
    sources: [loserOf(first), winnerOf(first)],
    onlyIfLoserWins: first,
  };
  return [first, reset];
}
