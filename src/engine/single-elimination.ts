/**
 * Single elimination, and the bracket draft both elimination formats build on.
 *
 * A format first drafts the full power-of-two bracket: every match of every
 * round, with byes as empty slots. `finalizePlan` then collapses the byes
 * statically: a draft match with one empty slot is a pass-through (its only
 * participant moves on, it has no loser), a draft match with two empty slots
 * yields nobody. Only matches with two real slots are planned, so no planned
 * match ever waits on a slot that can never be filled.
 */
import { type DraftNode, type DraftSource, winnerOf } from "./bracket-draft.js";
import { matchIdentifier } from "./identifiers.js";
import { draftPlacements, placementLevels } from "./placements.js";
import { type BracketSlot, placeInBracket, sortBySeed } from "./seeding.js";
import type { EngineParticipant, PlannedMatch, SlotSource } from "./types.js";

export { type DraftNode, type DraftSource, loserOf, winnerOf } from "./bracket-draft.js";

export interface SingleEliminationOptions {
  /** Pair seeds 1v2, 3v4, ... instead of the standard bracket order. */
  readonly sequentialPairings?: boolean | undefined;
  /**
   * Consolation matches decide placements up to this rank (placements.ts): absent,
   * 1 or 2 plan none; 3 a third-place match; 5 also 5th-8th; 9 also 9th-16th; a
   * value in between counts as the level below it (4 as 3). Not a positive integer:
   * EngineRuleError. The service takes only 3, 5, 9, 17, ... (tournament-settings.ts).
   */
  readonly consolationMatchesTargetRank?: number | null | undefined;
}

/** The winners bracket as draft rounds, and where its champion comes from. */
export interface WinnersBracketDraft {
  readonly rounds: readonly (readonly DraftNode[])[];
  readonly champion: DraftSource;
}

/** Draft source of a first-round slot. */
export function slotSource(slot: BracketSlot): DraftSource {
  return slot === null ? { kind: "bye" } : { kind: "participant", id: slot.id };
}

/** Drafts a knockout bracket over `slots` (a power of two long; a single slot has no match). */
export function draftWinnersBracket(
  slots: readonly BracketSlot[],
  stepOfRound: (round: number) => number,
): WinnersBracketDraft {
  let entrants = slots.map(slotSource);
  const rounds: DraftNode[][] = [];
  for (let round = 1; entrants.length > 1; round++) {
    const nodes: DraftNode[] = [];
    for (let i = 0; i + 1 < entrants.length; i += 2) {
      const sources = [entrants[i]!, entrants[i + 1]!] as const;
      nodes.push({ side: "winners", round, step: stepOfRound(round), sources });
    }
    rounds.push(nodes);
    entrants = nodes.map(winnerOf);
  }
  return { rounds, champion: entrants[0]! };
}

/**
 * Plans a single-elimination stage: rounds 1..R in the winners bracket (side
 * "winners"), plus the placement matches asked for (placements.ts): a third-place
 * match (key "3P", side "third_place", round R, played before the final) from 3,
 * the 5th-8th places from 5, and so on, as far as the bracket has rounds.
 */
export function planSingleElimination(
  participants: readonly EngineParticipant[],
  options: SingleEliminationOptions = {},
): PlannedMatch[] {
  const levels = placementLevels(options.consolationMatchesTargetRank);
  const seeded = sortBySeed(participants);
  const slots = placeInBracket(seeded, options.sequentialPairings ?? false);
  const { rounds } = draftWinnersBracket(slots, (round) => round);
  return finalizePlan([...rounds.flat(), ...draftPlacements(rounds, levels)]);
}

/** A draft slot after collapsing byes: always filled, eventually. */
type Resolved =
  | { readonly kind: "participant"; readonly id: number }
  | { readonly kind: "winner" | "loser"; readonly real: RealMatch };

interface RealMatch {
  readonly node: DraftNode;
  readonly player1: Resolved;
  readonly player2: Resolved;
}

/** Keeps the draft matches with two real slots; `nodes` must list every node after its sources. */
function collapseByes(nodes: readonly DraftNode[]): RealMatch[] {
  const outcomes = new Map<DraftNode, { winner: Resolved | null; loser: Resolved | null }>();
  const resolve = (source: DraftSource): Resolved | null => {
    if (source.kind === "participant") return source;
    if (source.kind === "bye") return null;
    const outcome = outcomes.get(source.node);
    if (outcome === undefined) throw new Error("bracket draft lists a match before its source");
    return source.kind === "winner" ? outcome.winner : outcome.loser;
  };
  const reals: RealMatch[] = [];
  for (const node of nodes) {
    const player1 = resolve(node.sources[0]);
    const player2 = resolve(node.sources[1]);
    if (player1 !== null && player2 !== null) {
      const real: RealMatch = { node, player1, player2 };
      reals.push(real);
      outcomes.set(node, { winner: { kind: "winner", real }, loser: { kind: "loser", real } });
    } else {
      outcomes.set(node, { winner: player1 ?? player2, loser: null });
    }
  }
  return reals;
}

/**
 * Collapses the byes of a draft and numbers what is left: losers rounds are
 * renumbered -1, -2, ... skipping rounds that hold no real match; keys count
 * real matches per round in bracket order; play order follows the draft steps.
 */
export function finalizePlan(nodes: readonly DraftNode[]): PlannedMatch[] {
  const reals = collapseByes(nodes);
  const losersRounds = [
    ...new Set(reals.filter((r) => r.node.side === "losers").map((r) => r.node.round)),
  ].sort((a, b) => a - b);
  const plannedRound = (node: DraftNode): number =>
    node.side === "losers" ? -(losersRounds.indexOf(node.round) + 1) : node.round;
  const keys = new Map<DraftNode, string>();
  const perRound = new Map<number, number>();
  for (const { node } of reals) {
    const round = plannedRound(node);
    const count = (perRound.get(round) ?? 0) + 1;
    perRound.set(round, count);
    const prefix = node.side === "losers" ? "L" : "W";
    keys.set(node, node.key ?? `${prefix}${Math.abs(round)}-${count}`);
  }
  const keyOf = (node: DraftNode): string => keys.get(node)!;
  const slot = (resolved: Resolved): SlotSource =>
    resolved.kind === "participant"
      ? { type: "participant", participantId: resolved.id }
      : { type: resolved.kind, match: keyOf(resolved.real.node) };
  const ordered = [...reals].sort((a, b) => a.node.step - b.node.step);
  return ordered.map(({ node, player1, player2 }, index) => ({
    key: keyOf(node),
    round: plannedRound(node),
    side: node.side,
    suggestedPlayOrder: index + 1,
    identifier: matchIdentifier(index + 1),
    player1: slot(player1),
    player2: slot(player2),
    onlyIfLoserWins: node.onlyIfLoserWins === undefined ? undefined : keyOf(node.onlyIfLoserWins),
  }));
}
