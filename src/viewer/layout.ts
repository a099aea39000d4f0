/**
 * Where the viewer draws each match (issue 18): the tournament's stages (each
 * group, then the final stage) in parts, as the terminal renderer splits them:
 * elimination brackets as trees (winners, losers, grand final and its reset,
 * third place) placed by the shared tree layout, round robin, swiss and free for all as rounds of matches beside a
 * standings table. Pixel positions, no DOM: the browser code turns it into elements.
 * The model it reads (src/bracket-model/: data, rounds, feeders, players) is the
 * terminal drawing's too; neither drawing imports the other.
 */
import {
  type Column,
  columnsOf,
  grandFinalNamer,
  losersNamer,
  type Namer,
  roundNamer,
  singleEliminationNamer,
  winnersNamer,
} from "../bracket-model/columns.js";
import type { BracketData, StandingRow, ViewMatch } from "../bracket-model/data.js";
import { playersOf } from "../bracket-model/players.js";
import { feedersOf, placeTree } from "../bracket-model/tree.js";

export interface LayoutOptions {
  readonly compact: boolean;
  /** Rounds shown: |round| from `from` to `to` (losers rounds by their number). */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
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
  headHeight: 14,
  slotHeight: 19,
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

export interface Label {
  readonly x: number;
  readonly title: string;
  readonly round: number;
}

/** A bracket or rounds of matches, drawn at absolute positions in a width × height area. */
export interface MatchesPart {
  readonly kind: "matches";
  readonly title?: string | undefined;
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly Box[];
  readonly labels: readonly Label[];
  /** SVG path data of the lines from each match to the one its winner plays. */
  readonly links: string;
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

function columns(matches: readonly ViewMatch[], name: Namer, o: LayoutOptions): Column[] {
  // Named before filtering, so the last round stays "Final".
  return columnsOf(matches, name, {}).filter((c) => inRange(c.round, o));
}

function labelsOf(cols: readonly Column[], m: Metrics): Label[] {
  return cols.map((c, i) => ({
    x: i * (m.boxWidth + m.columnGap),
    title: c.title,
    round: c.round,
  }));
}

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

/** The lines from each feeding match's right side to the place it fills in the next. */
function linksOf(cols: readonly Column[], at: ReadonlyMap<ViewMatch, Box>, m: Metrics): string {
  const parts: string[] = [];
  const feeders = feedersOf(cols.map((c) => c.matches));
  for (const [match, fs] of feeders) {
    const to = at.get(match);
    if (to === undefined) continue;
    fs.forEach((f, i) => {
      const from = at.get(f);
      if (from === undefined) return;
      const x1 = from.x + m.boxWidth;
      const y1 = from.y + from.height / 2;
      const below = y1 > to.y + to.height / 2;
      const slot = fs.length >= 2 ? i : below ? 1 : 0;
      const y2 = to.y + m.headHeight + m.slotHeight * (slot + 0.5);
      const xm = x1 + m.columnGap / 2;
      parts.push(`M${x1} ${round1(y1)}H${xm}V${round1(y2)}H${to.x}`);
    });
  }
  return parts.join("");
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** A bracket as a tree (`linked`), or its columns side by side each from the top. */
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
  const placed = placeTree(
    cols.map((c) => c.matches),
    linked,
  );
  const height = m.headHeight + 2 * m.slotHeight;
  const unit = (height + m.rowGap) / closest(placed);
  const top = Math.min(...placed.map((p) => p.jy));
  const at = new Map<ViewMatch, Box>();
  for (const p of placed) {
    const x = p.column * (m.boxWidth + m.columnGap);
    const y = round1(m.labelHeight + (p.jy - top) * unit);
    at.set(p.match, { match: p.match, x, y, height });
  }
  const boxes = [...at.values()];
  return {
    kind: "matches",
    title,
    width: cols.length * (m.boxWidth + m.columnGap) - m.columnGap,
    height: Math.ceil(Math.max(...boxes.map((b) => b.y + b.height))),
    boxes,
    labels: labelsOf(cols, m),
    links: linked ? linksOf(cols, at, m) : "",
  };
}

/** Rounds as columns of matches, one under the other (round robin, swiss, free for all). */
function roundsPart(
  title: string | undefined,
  matches: readonly ViewMatch[],
  o: LayoutOptions,
): MatchesPart | null {
  const m = o.compact ? COMPACT : NORMAL;
  const cols = columns(matches, roundNamer, o);
  if (cols.length === 0) return null;
  const boxes: Box[] = [];
  let bottom = 0;
  cols.forEach((c, i) => {
    let y = m.labelHeight;
    for (const match of c.matches) {
      const height = boxHeight(match, m);
      boxes.push({ match, x: i * (m.boxWidth + m.columnGap), y, height });
      y += height + m.rowGap;
    }
    bottom = Math.max(bottom, y - m.rowGap);
  });
  return {
    kind: "matches",
    title,
    width: cols.length * (m.boxWidth + m.columnGap) - m.columnGap,
    height: bottom,
    boxes,
    labels: labelsOf(cols, m),
    links: "",
  };
}

function counted(matches: readonly ViewMatch[], id: number) {
  const r = { wins: 0, losses: 0, ties: 0 };
  for (const m of matches) {
    const slot = m.slots.find((s) => s.id === id);
    if (m.state !== "complete" || slot === undefined) continue;
    if (m.tie) r.ties++;
    else if (slot.winner) r.wins++;
    else r.losses++;
  }
  return r;
}

/** The stage's standings: the service's rows, or records counted from the matches. */
function standingsPart(
  data: BracketData,
  matches: readonly ViewMatch[],
  group: number | null,
): StandingsPart {
  const rows = new Map<number, StandingRow>();
  for (const r of data.standings)
    if (group === null ? r.stage === "final" : r.stage === "group" && r.group === group)
      rows.set(r.participantId, r);
  const ids = playersOf(matches, { rows, seeds: data.seeds, names: data.names });
  return {
    kind: "standings",
    title: "Standings",
    rows: ids.map((id) => {
      const row = rows.get(id);
      const r = row ?? counted(matches, id);
      return {
        participantId: id,
        name: data.names.get(id) ?? String(id),
        rank: row?.rank ?? null,
        seed: data.seeds.get(id) ?? null,
        record: `${r.wins}-${r.losses}-${r.ties}`,
        points: row?.points ?? null,
      };
    }),
  };
}

const ELIMINATION = new Set(["winners", "losers", "grand_final", "third_place"]);

function eliminationParts(matches: readonly ViewMatch[], o: LayoutOptions): Part[] {
  const of = (bracket: string) => matches.filter((m) => m.bracket === bracket);
  const losers = of("losers");
  const finals = of("grand_final");
  const double = losers.length > 0 || finals.length > 0;
  const parts = [
    treePart(
      double ? "Winners bracket" : undefined,
      of("winners"),
      double ? winnersNamer : singleEliminationNamer,
      o,
      true,
    ),
    treePart("Losers bracket", losers, losersNamer, o, true),
    treePart("Grand final", finals, grandFinalNamer, o, false),
    treePart("Third place match", of("third_place"), () => "Third place", o, false),
  ];
  return parts.filter((p): p is MatchesPart => p !== null);
}

function stageParts(
  data: BracketData,
  matches: readonly ViewMatch[],
  group: number | null,
  o: LayoutOptions,
): Part[] {
  if (matches.length === 0) return [];
  if (matches.some((m) => ELIMINATION.has(m.bracket))) return eliminationParts(matches, o);
  const standings = standingsPart(data, matches, group);
  const rounds = roundsPart("Rounds", matches, o);
  const swiss = matches.some((m) => m.bracket === "swiss");
  const parts: (Part | null)[] = swiss ? [standings, rounds] : [rounds, standings];
  return parts.filter((p): p is Part => p !== null);
}

/** Every stage of the tournament: its groups in order, then the final stage. */
export function layoutBracket(data: BracketData, o: LayoutOptions): Section[] {
  const groups = new Map<number, ViewMatch[]>();
  for (const m of data.matches)
    if (m.group !== null) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  const sections: Section[] = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([group, matches]) => ({
      title: `Group ${group}`,
      group,
      parts: stageParts(data, matches, group, o),
    }));
  const final = data.matches.filter((m) => m.group === null);
  const parts = stageParts(data, final, null, o);
  if (parts.length > 0 || sections.length === 0)
    sections.push({ title: sections.length > 0 ? "Final stage" : undefined, group: null, parts });
  return sections;
}
