/**
 * Rounds of matches side by side, each match a box of its players (free for
 * all: every player with the place taken; swiss: the pairings of each round).
 * Pure.
 *
 *   Round 1
 *   ┌ A ▸ open ──────┐
 *   │ 1 Ada       12 │
 *   │ 2 Bob        9 │
 *   └────────────────┘
 *   ┌ bye ───────────┐
 *   │   Cyd          │
 *   └────────────────┘
 */

import type { ViewMatch } from "../../bracket-model/data.js";
import { Canvas, type Line, padStart, textWidth } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";
import { MAX_NAME, putSlot, type SlotWidths, slotWidth, slotWidths, stateMark } from "./slots.js";

export interface RoundsLayout {
  readonly widths: SlotWidths;
  /** Width of the place column (free for all), 0 without. */
  readonly rank: number;
}

/** `byes`: the names of the players who sat out a round (their boxes are as wide). */
export function roundsLayout(
  matches: readonly ViewMatch[],
  g: Glyphs,
  byes: readonly string[] = [],
): RoundsLayout {
  const ranked = matches.some((m) => m.slots.length > 2);
  const rank = ranked ? 2 : 0;
  const fit = slotWidths(matches);
  let name = fit.name;
  for (const b of byes) name = Math.max(name, Math.min(MAX_NAME, textWidth(b)));
  const w = { name, score: fit.score };
  let label = 0; // a loop: Math.max(...matches) of many matches is as many arguments
  for (const m of matches)
    label = Math.max(label, textWidth(`${m.identifier} ${stateMark(m, g)}`.trim()) + 3);
  const inner = slotWidth(w) + rank + 1;
  return { widths: { name: w.name + Math.max(0, label - inner), score: w.score }, rank };
}

/** Columns a round takes: the box and two spaces. */
export function roundsStride(l: RoundsLayout): number {
  return innerWidth(l) + 4;
}

/** Columns inside a box: the place, a space, the name, a space, the score, a space. */
function innerWidth(l: RoundsLayout): number {
  return slotWidth(l.widths) + l.rank + 1;
}

function putBox(canvas: Canvas, x: number, y: number, m: ViewMatch, l: RoundsLayout, g: Glyphs) {
  const inner = innerWidth(l);
  const mark = stateMark(m, g);
  const label = mark === "" ? m.identifier : `${m.identifier} ${mark}`;
  canvas.put(x, y, `${g.topLeft} `);
  canvas.put(x + 2, y, m.identifier, "dim");
  if (mark !== "") canvas.put(x + 3 + textWidth(m.identifier), y, mark, "open");
  canvas.put(
    x + 2 + textWidth(label),
    y,
    ` ${g.h.repeat(inner - textWidth(label) - 2)}${g.topRight}`,
  );
  m.slots.forEach((slot, i) => {
    const row = y + 1 + i;
    canvas.put(x, row, g.v);
    if (l.rank > 0)
      canvas.put(x + 1, row, padStart(slot.rank === null ? "" : String(slot.rank), l.rank));
    putSlot(canvas, x + 1 + l.rank, row, slot, l.widths, g);
    canvas.put(x + inner + 1, row, g.v);
  });
  const bottom = y + 1 + m.slots.length;
  canvas.put(x, bottom, `${g.bottomLeft}${g.h.repeat(inner)}${g.bottomRight}`);
  return bottom + 2;
}

/** A player's bye in the round: a box of one row, "bye" where a match has its identifier. */
function putBye(canvas: Canvas, x: number, y: number, name: string, l: RoundsLayout, g: Glyphs) {
  const inner = innerWidth(l);
  canvas.put(x, y, `${g.topLeft} `);
  canvas.put(x + 2, y, "bye", "dim");
  canvas.put(x + 5, y, ` ${g.h.repeat(inner - 5)}${g.topRight}`);
  canvas.put(x, y + 1, g.v);
  const slot = { id: 0, name, score: "", rank: null, winner: false, from: null };
  putSlot(canvas, x + 1 + l.rank, y + 1, slot, l.widths, g);
  canvas.put(x + inner + 1, y + 1, g.v);
  canvas.put(x, y + 2, `${g.bottomLeft}${g.h.repeat(inner)}${g.bottomRight}`);
  return y + 4;
}

/** A round: its matches, and the names of the players who sat it out. */
export interface RoundColumn {
  readonly matches: readonly ViewMatch[];
  readonly byes: readonly string[];
}

/** Each round a column of boxes, headed by its name, its byes last; drawn when first read. */
export function* drawRounds(
  columns: readonly RoundColumn[],
  headers: readonly string[],
  l: RoundsLayout,
  g: Glyphs,
): Generator<Line> {
  const stride = roundsStride(l);
  const canvas = new Canvas(columns.length * stride);
  columns.forEach((round, c) => {
    const x = c * stride;
    canvas.put(x + 1, 0, headers[c] ?? "", "title");
    let y = 2;
    for (const m of round.matches) y = putBox(canvas, x, y, m, l, g);
    for (const name of round.byes) y = putBye(canvas, x, y, name, l, g);
  });
  yield* canvas.drain();
}
