/**
 * Elimination brackets as trees (issues 18 and 28), placed by the shared tree
 * layout (src/bracket-model/tree.ts): a single elimination as one tree (its
 * third-place match apart); a double elimination in one area, as brackets-viewer.js
 * draws it: the winners bracket on top, the grand final and its reset to the right
 * of the winners final, level with it, a line to the grand final from the winners
 * final and from the losers final, and the losers bracket below.
 */
import {
  type Column,
  grandFinalNamer,
  losersNamer,
  type Namer,
  singleEliminationNamer,
  winnersNamer,
} from "../bracket-model/columns.js";
import type { ViewMatch } from "../bracket-model/data.js";
import { placementGroups } from "../bracket-model/placements.js";
import { feedersOf, placeTree } from "../bracket-model/tree.js";
import {
  type Box,
  type BracketView,
  COMPACT,
  columns,
  type LayoutOptions,
  labelsOf,
  type MatchesPart,
  type Metrics,
  NORMAL,
  type Part,
} from "./layout-parts.js";

/** Room for a bracket's heading inside a double elimination's area. */
export const BRACKET_HEADING = 30;
/** Between the winners bracket's last box and the losers bracket's heading. */
const BRACKET_GAP = 24;

/** Smallest distance between two matches of a column, in the tree layout's rows. */
function closest(placed: readonly { column: number; jy: number }[]): number {
  const byColumn = new Map<number, number[]>();
  for (const p of placed) byColumn.set(p.column, [...(byColumn.get(p.column) ?? []), p.jy]);
  let min = Number.POSITIVE_INFINITY;
  for (const rows of byColumn.values()) {
    rows.sort((a, b) => a - b);
    for (let i = 1; i < rows.length; i++) min = Math.min(min, rows[i]! - rows[i - 1]!);
  }
  return Number.isFinite(min) && min > 0 ? min : 4;
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** A line from `from`'s right side to place `slot` (0 or 1) of `to`. */
function line(from: Box, to: Box, slot: number, m: Metrics): string {
  const x1 = from.x + m.boxWidth;
  const y1 = from.y + from.height / 2;
  const y2 = to.y + m.headHeight + m.slotHeight * (slot + 0.5);
  const xm = to.x - m.columnGap / 2;
  return `M${x1} ${round1(y1)}H${xm}V${round1(y2)}H${to.x}`;
}

/** The lines from each feeding match's right side to the place it fills in the next. */
function linksOf(cols: readonly Column[], at: ReadonlyMap<ViewMatch, Box>, m: Metrics): string {
  const parts: string[] = [];
  for (const [match, fs] of feedersOf(cols.map((c) => c.matches))) {
    const to = at.get(match);
    if (to === undefined) continue;
    fs.forEach((f, i) => {
      const from = at.get(f);
      if (from === undefined) return;
      const below = from.y + from.height / 2 > to.y + to.height / 2;
      parts.push(line(from, to, fs.length >= 2 ? i : below ? 1 : 0, m));
    });
  }
  return parts.join("");
}

/** Boxes of a tree (`linked`) or of columns each from the top, the first column at `first`. */
function treeBoxes(
  cols: readonly Column[],
  linked: boolean,
  m: Metrics,
  top: number,
  first = 0,
): Map<ViewMatch, Box> {
  const at = new Map<ViewMatch, Box>();
  if (cols.length === 0) return at;
  const placed = placeTree(
    cols.map((c) => c.matches),
    linked,
  );
  const height = m.headHeight + 2 * m.slotHeight;
  const unit = (height + m.rowGap) / closest(placed);
  const min = Math.min(...placed.map((p) => p.jy));
  for (const p of placed) {
    const x = (first + p.column) * (m.boxWidth + m.columnGap);
    at.set(p.match, { match: p.match, x, y: round1(top + (p.jy - min) * unit), height });
  }
  return at;
}

const bottomOf = (boxes: Iterable<Box>) =>
  Math.ceil(Math.max(0, ...[...boxes].map((b) => b.y + b.height)));

function area(
  title: string | undefined,
  boxes: ReadonlyMap<ViewMatch, Box>,
  brackets: BracketView[],
  links: string,
  m: Metrics,
): MatchesPart {
  const list = [...boxes.values()];
  const right = Math.max(0, ...list.map((b) => b.x + m.boxWidth));
  return {
    kind: "matches",
    title,
    width: right,
    height: bottomOf(list),
    boxes: list,
    labels: brackets.flatMap((b) => b.labels),
    brackets,
    links,
  };
}

/**
 * A bracket as a tree (`linked`) under its rounds' headings; or, titled (a third-place or
 * placement part, whose title names its round), its columns side by side each from the top.
 */
function treePart(
  title: string | undefined,
  matches: readonly ViewMatch[],
  name: Namer,
  o: LayoutOptions,
  linked: boolean,
): MatchesPart | null {
  const m = o.compact ? COMPACT : NORMAL;
  const cols = columns(matches, name, o);
  if (cols.length === 0) return null;
  const titledByPart = title !== undefined;
  const at = treeBoxes(cols, linked, m, titledByPart ? 0 : m.labelHeight);
  const brackets = [{ x: 0, y: 0, labels: labelsOf(cols, m), titledByPart }];
  return area(title, at, brackets, linked ? linksOf(cols, at, m) : "", m);
}

/** The last match of a bracket (its final), shown or not. */
function finalOf(matches: readonly ViewMatch[]): ViewMatch | undefined {
  return [...matches].sort((a, b) => Math.abs(b.round) - Math.abs(a.round) || b.id - a.id)[0];
}

// long: three brackets placed in one area, then the lines between them
function doublePart(of: (bracket: string) => ViewMatch[], o: LayoutOptions): MatchesPart | null {
  const m = o.compact ? COMPACT : NORMAL;
  const winners = columns(of("winners"), winnersNamer, o);
  const losers = columns(of("losers"), losersNamer, o);
  const finals = columns(of("grand_final"), grandFinalNamer, o);
  if (winners.length + losers.length + finals.length === 0) return null;
  const top = BRACKET_HEADING;
  const upper = treeBoxes(winners, true, m, top + m.labelHeight);
  // The grand final beside the winners final (right of both brackets' last rounds), level with it.
  const wf = finalOf(of("winners"));
  const first = Math.max(winners.length, losers.length);
  const level = (wf && upper.get(wf)?.y) ?? top + m.labelHeight;
  const grand = treeBoxes(finals, false, m, level, first);
  const above =
    upper.size + grand.size === 0 ? 0 : bottomOf([...upper.values(), ...grand.values()]);
  const lowerTop = above === 0 ? 0 : above + BRACKET_GAP;
  const lower = treeBoxes(losers, true, m, lowerTop + top + m.labelHeight);
  const losersTop = lower.size === 0 ? 0 : Math.min(...[...lower.values()].map((b) => b.y));
  const brackets: BracketView[] = [];
  if (winners.length > 0)
    brackets.push({ title: "Winners bracket", x: 0, y: 0, labels: labelsOf(winners, m, top) });
  if (losers.length > 0) {
    const y = losersTop - m.labelHeight - top;
    brackets.push({ title: "Losers bracket", x: 0, y, labels: labelsOf(losers, m, y + top) });
  }
  if (finals.length > 0) {
    const x = first * (m.boxWidth + m.columnGap);
    brackets.push({ title: "Grand final", x, y: 0, labels: labelsOf(finals, m, top, first) });
  }
  const at = new Map([...upper, ...lower, ...grand]);
  let links = linksOf(winners, at, m) + linksOf(losers, at, m);
  const [gf, reset] = finals.flatMap((c) => c.matches).map((x) => at.get(x));
  const lf = finalOf(of("losers"));
  if (gf !== undefined) {
    const fromWinners = wf && at.get(wf);
    const fromLosers = lf && at.get(lf);
    if (fromWinners) links += line(fromWinners, gf, 0, m);
    if (fromLosers) links += line(fromLosers, gf, 1, m);
    if (reset !== undefined) links += line(gf, reset, 0, m) + line(gf, reset, 1, m);
  }
  return area(undefined, at, brackets, links, m);
}

export function eliminationParts(matches: readonly ViewMatch[], o: LayoutOptions): Part[] {
  const of = (bracket: string) => matches.filter((m) => m.bracket === bracket);
  const double = of("losers").length > 0 || of("grand_final").length > 0;
  const parts = [
    double
      ? doublePart(of, o)
      : treePart(undefined, of("winners"), singleEliminationNamer, o, true),
    ...placementGroups(matches).map((g) => treePart(g.title, g.matches, () => g.column, o, false)),
  ];
  return parts.filter((p): p is MatchesPart => p !== null);
}
