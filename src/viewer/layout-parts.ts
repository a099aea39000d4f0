/**
 * The viewer's layout model (issues 18 and 28): options, sizes and the parts a
 * stage is drawn in, shared by layout.ts (stages, rounds, standings) and
 * layout-tree.ts (elimination brackets). Pixel positions, no DOM.
 */
import { type Column, columnsOf, type Namer } from "../bracket-model/columns.js";
import type { ViewMatch } from "../bracket-model/data.js";

export interface LayoutOptions {
  readonly compact: boolean;
  /** Rounds shown: |round| from `from` to `to` (losers rounds by their number). */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  /**
   * A stage drawn a round at a time (more than ROUND_VIEW_MATCHES matches): the round the
   * reader picked, by stageKey; without one, its current round (roundView in layout.ts).
   */
  readonly shownRounds?: ReadonlyMap<string, number> | undefined;
  /** How many columns a round drawn alone flows into (1 on a phone). */
  readonly roundColumns?: number | undefined;
}

/**
 * A round robin, swiss or free-for-all stage of more matches than this is drawn a round at a
 * time beside its standings (a 500-player round robin has 124,750 matches: drawn whole, its
 * page took 70 s and 1.87 M elements).
 */
export const ROUND_VIEW_MATCHES = 300;

/** The key of a stage: its group's number, "" for the final stage (or the only one). */
export function stageKey(group: number | null): string {
  return group === null ? "" : String(group);
}

/** A stage drawn a round at a time: the round shown and every round there is to pick. */
export interface RoundPicker {
  readonly stage: string;
  readonly shown: number;
  readonly rounds: readonly { readonly round: number; readonly title: string }[];
}

/** Sizes in CSS pixels. */
export interface Metrics {
  readonly boxWidth: number;
  readonly headHeight: number;
  readonly slotHeight: number;
  readonly columnGap: number;
  readonly rowGap: number;
  readonly labelHeight: number;
}

export const NORMAL: Metrics = {
  boxWidth: 220,
  headHeight: 18,
  slotHeight: 26,
  columnGap: 44,
  rowGap: 14,
  labelHeight: 30,
};

export const COMPACT: Metrics = {
  boxWidth: 168,
  headHeight: 17,
  slotHeight: 20,
  columnGap: 26,
  rowGap: 6,
  labelHeight: 24,
};

export interface Box {
  readonly match: ViewMatch;
  readonly x: number;
  readonly y: number;
  readonly height: number;
}

/**
 * A player who sat round `round` out (a bye: swiss, free for all), drawn as a box of one
 * row under the round's matches, saying "bye".
 */
export interface ByeBox {
  readonly participantId: number;
  readonly name: string;
  readonly round: number;
  readonly x: number;
  readonly y: number;
  readonly height: number;
}

/** A round's heading, above its column; `matches` are the round's, in order. */
export interface Label {
  readonly x: number;
  readonly y: number;
  readonly title: string;
  readonly round: number;
  readonly matches: readonly ViewMatch[];
}

/** A bracket of the part (winners, losers, grand final): its heading, when it has one, and rounds. */
export interface BracketView {
  readonly title?: string | undefined;
  readonly x: number;
  readonly y: number;
  readonly labels: readonly Label[];
  /**
   * The part's title names its one round (a third-place or placement part: "Third place
   * match"): its labels name the matches' round to a screen reader but draw no heading, and
   * the boxes start at the top. Drawn, "THIRD PLACE" stood under "Third place match".
   */
  readonly titledByPart?: boolean | undefined;
}

/** A bracket or rounds of matches, drawn at absolute positions in a width × height area. */
export interface MatchesPart {
  readonly kind: "matches";
  readonly title?: string | undefined;
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly Box[];
  /** The rounds' byes (rounds of matches only). */
  readonly byes?: readonly ByeBox[] | undefined;
  /** Every round's label (the brackets' labels, in order). */
  readonly labels: readonly Label[];
  /** The brackets drawn in this area, in reading order (a double elimination has three). */
  readonly brackets: readonly BracketView[];
  /** SVG path data of the lines from each match to the one its winner plays. */
  readonly links: string;
  /** Drawn a round at a time: which, and the others to pick from. */
  readonly picker?: RoundPicker | undefined;
}

export interface StandingView {
  readonly participantId: number;
  readonly name: string;
  readonly rank: number | null;
  readonly seed: number | null;
  readonly record: string;
  readonly points: number | null;
}

export interface StandingsPart {
  readonly kind: "standings";
  readonly title?: string | undefined;
  readonly rows: readonly StandingView[];
}

export type Part = MatchesPart | StandingsPart;

export interface Section {
  readonly title?: string | undefined;
  readonly group: number | null;
  readonly parts: readonly Part[];
}

export function boxHeight(m: ViewMatch, metrics: Metrics): number {
  return metrics.headHeight + Math.max(2, m.slots.length) * metrics.slotHeight;
}

function inRange(round: number, o: LayoutOptions): boolean {
  const n = Math.abs(round);
  return (o.from === undefined || n >= o.from) && (o.to === undefined || n <= o.to);
}

export function columns(matches: readonly ViewMatch[], name: Namer, o: LayoutOptions): Column[] {
  // Named before filtering, so the last round stays "Final".
  return columnsOf(matches, name, {}).filter((c) => inRange(c.round, o));
}

export function labelsOf(cols: readonly Column[], m: Metrics, y = 0, first = 0): Label[] {
  return cols.map((c, i) => ({
    x: (first + i) * (m.boxWidth + m.columnGap),
    y,
    title: c.title,
    round: c.round,
    matches: c.matches,
  }));
}
