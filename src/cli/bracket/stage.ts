/**
 * One stage of a tournament (a group, or the final stage) drawn by its kind:
 * elimination brackets as trees (winners, losers, grand final with its reset,
 * third place and the other placement matches), round robin as a grid, swiss as a standings table and its
 * rounds, free for all as rounds of matches. Pure.
 */

import {
  type Column,
  columnsOf,
  grandFinalNamer,
  losersNamer,
  type Namer,
  type RoundFilter,
  roundNamer,
  roundSelected,
  singleEliminationNamer,
  winnersNamer,
} from "../../bracket-model/columns.js";
import type { ViewMatch } from "../../bracket-model/data.js";
import { placementGroups } from "../../bracket-model/placements.js";
import { byesOf, type StageStandings } from "../../bracket-model/players.js";
import { type Line, line, textWidth } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";
import { drawGrid, drawStandings } from "./grid.js";
import { split } from "./parts.js";
import { drawRounds, roundsLayout, roundsStride } from "./rounds.js";
import { drawTree, treeStride, treeWidths } from "./tree-draw.js";

export interface StageOptions extends RoundFilter {
  readonly glyphs: Glyphs;
  /** The terminal's width: wider brackets are drawn a few rounds at a time. */
  readonly width?: number | undefined;
}

/**
 * A part of the drawing with its heading ("Losers bracket"), or none. Its lines are drawn
 * when read, and read once: a part's canvas is let go of before the next is drawn.
 */
export interface Part {
  readonly title?: string;
  readonly lines: Iterable<Line>;
}

const ELIMINATION = new Set(["winners", "losers", "grand_final", "third_place", "placement"]);

function of(matches: readonly ViewMatch[], bracket: string): ViewMatch[] {
  return matches.filter((m) => m.bracket === bracket);
}

/** A bracket's rounds, in as many parts as the width needs (each part re-laid out). */
function treeParts(
  matches: readonly ViewMatch[],
  name: Namer,
  o: StageOptions,
  tree: { linked: boolean; champion: boolean },
): Iterable<Line>[] {
  const columns = columnsOf(matches, name, o);
  if (columns.length === 0) return [];
  const fit = treeWidths(matches, o.glyphs);
  // Wide enough for the rounds' names too ("Losers round 2").
  const title = Math.max(...columns.map((c) => textWidth(c.title)));
  const w = { name: Math.max(fit.name, title - fit.score - 1), score: fit.score };
  const stride = treeStride(w);
  const extra = tree.champion ? w.name + 3 : 3;
  const parts = split(columns, stride, o.width, extra);
  return parts.map((part, i) =>
    drawTree(
      part.map((c) => c.matches),
      part.map((c) => c.title),
      w,
      {
        glyphs: o.glyphs,
        linked: tree.linked,
        champion: tree.champion && i === parts.length - 1,
        continues: i < parts.length - 1,
      },
    ),
  );
}

function* joinParts(parts: readonly Iterable<Line>[]): Generator<Line> {
  for (const [i, lines] of parts.entries()) {
    if (i > 0) yield [];
    yield* lines;
  }
}

function eliminationParts(matches: readonly ViewMatch[], o: StageOptions): Part[] {
  const losers = of(matches, "losers");
  const finals = of(matches, "grand_final");
  const double = losers.length > 0 || finals.length > 0;
  const parts: Part[] = [];
  const add = (title: string, lines: Iterable<Line>[]) => {
    if (lines.length > 0) parts.push({ ...(double ? { title } : {}), lines: joinParts(lines) });
  };
  const tree = { linked: true, champion: !double };
  add(
    "Winners bracket",
    treeParts(of(matches, "winners"), double ? winnersNamer : singleEliminationNamer, o, tree),
  );
  add("Losers bracket", treeParts(losers, losersNamer, o, tree));
  // Untitled: its columns are titled "Grand final" (and "Reset"), which a title would repeat.
  const final = treeParts(finals, grandFinalNamer, o, { linked: false, champion: false });
  if (final.length > 0) parts.push({ lines: joinParts(final) });
  // The third-place match, then each range of placement matches (5th-8th and on), titled by it.
  for (const group of placementGroups(matches)) {
    const lines = treeParts(group.matches, () => group.title, o, {
      linked: false,
      champion: false,
    });
    if (lines.length > 0) parts.push({ lines: joinParts(lines) });
  }
  return parts;
}

/**
 * The rounds side by side, in as many parts as the width needs, each round's byes (names, by
 * round) under its matches; undefined: no rounds.
 */
function roundsParts(
  matches: readonly ViewMatch[],
  byes: ReadonlyMap<number, readonly string[]>,
  o: StageOptions,
): Iterable<Line> | undefined {
  const columns: Column[] = columnsOf(matches, roundNamer, o);
  if (columns.length === 0) return undefined;
  const layout = roundsLayout(matches, o.glyphs, [...byes.values()].flat());
  const parts = split(columns, roundsStride(layout), o.width);
  return joinParts(
    parts.map((part) =>
      drawRounds(
        part.map((c) => ({ matches: c.matches, byes: byes.get(c.round) ?? [] })),
        part.map((c) => c.title),
        layout,
        o.glyphs,
      ),
    ),
  );
}

/** Who sat out which round (byesOf), by name. */
function byeNames(
  matches: readonly ViewMatch[],
  s: StageStandings,
): ReadonlyMap<number, readonly string[]> {
  const names = new Map<number, string[]>();
  for (const [round, ids] of byesOf(matches, s))
    names.set(
      round,
      ids.map((id) => s.names.get(id) ?? String(id)),
    );
  return names;
}

/** The stage's parts; `standings` for its grid or table. */
export function drawStage(
  matches: readonly ViewMatch[],
  standings: StageStandings,
  o: StageOptions,
): Part[] {
  if (matches.some((m) => ELIMINATION.has(m.bracket))) return eliminationParts(matches, o);
  const shown = matches.filter((m) => roundSelected(m.round, o));
  if (shown.length === 0) return [];
  if (matches.some((m) => m.bracket === "round_robin"))
    return drawGrid(shown, standings, o.glyphs, o.width).map((lines) => ({ lines }));
  const byes = byeNames(matches, standings);
  if (matches.some((m) => m.bracket === "swiss")) {
    const table = drawStandings(matches, standings, o.glyphs);
    return [{ lines: table }, { title: "Rounds", lines: roundsParts(shown, byes, o) ?? [] }];
  }
  const rounds = roundsParts(shown, byes, o);
  return rounds === undefined ? [] : [{ lines: rounds }];
}

/** A heading line. */
export function heading(text: string): Line {
  return line(text, "title");
}
