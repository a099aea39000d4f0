/**
 * The draft of an elimination bracket: every match of the full power-of-two
 * bracket, byes as empty slots, before single-elimination.ts's `finalizePlan`
 * collapses them. Shared by the winners bracket, the losers bracket and the
 * placement matches (placements.ts).
 */
import type { BracketSide } from "./types.js";

/** Where a draft slot's participant comes from, before byes are collapsed. */
export type DraftSource =
  | { readonly kind: "participant"; readonly id: number }
  | { readonly kind: "bye" }
  | { readonly kind: "winner" | "loser"; readonly node: DraftNode };

/** A match of the full bracket before byes are collapsed. */
export interface DraftNode {
  readonly side: BracketSide;
  /** Round in the full bracket, counted from 1 on each side (losers rounds are negated when planned). */
  readonly round: number;
  /** Play-order rank: lower steps are played first, ties in draft order. */
  readonly step: number;
  readonly sources: readonly [DraftSource, DraftSource];
  /** Fixed key (grand finals, placement matches); otherwise "W<round>-<n>" or "L<round>-<n>". */
  readonly key?: string;
  readonly onlyIfLoserWins?: DraftNode;
}

export const winnerOf = (node: DraftNode): DraftSource => ({ kind: "winner", node });
export const loserOf = (node: DraftNode): DraftSource => ({ kind: "loser", node });
