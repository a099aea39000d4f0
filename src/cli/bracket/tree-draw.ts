/**
 * Draws an elimination bracket: one column per round, connectors joining each
 * match to the one its winner plays next, the match's identifier and state on
 * its junction line. Pure: rows of styled text.
 *
 *    Round 1            Semifinals
 *
 *    Ada      11 11 ─┐
 *                A   ├─ Ada    11 8 10 ─┐
 *    Hal        4 6 ─┘                  │
 */

import type { ViewMatch } from "../../bracket-model/data.js";
import { placeTree } from "../../bracket-model/tree.js";
import { Canvas, type Line, textWidth } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";
import { putLabel, putSlot, type SlotWidths, slotWidth, slotWidths, stateMark } from "./slots.js";

export interface TreeOptions {
  readonly glyphs: Glyphs;
  /** Join each match to the next (false: the grand final and its reset, side by side). */
  readonly linked: boolean;
  /** Name the winner of the last match after it (a single elimination's champion). */
  readonly champion: boolean;
  /** The bracket goes on in a part drawn below: the last column's matches lead out. */
  readonly continues?: boolean;
}

/** Widths fitting every name, score and label of the matches. */
export function treeWidths(matches: readonly ViewMatch[], g: Glyphs): SlotWidths {
  const w = slotWidths(matches);
  let label = 0; // a loop: Math.max(...matches) of 120,000 matches is as many arguments
  for (const m of matches)
    label = Math.max(label, textWidth(`${m.identifier} ${stateMark(m, g)}`.trim()));
  return { name: Math.max(w.name, label + 1 - w.score), score: w.score };
}

/** Columns a round takes: the players' lines, a space, the connectors. */
export function treeStride(w: SlotWidths): number {
  return slotWidth(w) + 4;
}

const TOP = 2;

function drawConnectors(canvas: Canvas, x: number, p: Placed, g: Glyphs, joins: boolean): void {
  canvas.put(x, TOP + p.p1y, `${g.h}${g.topRight}`);
  canvas.put(x, TOP + p.p2y, `${g.h}${g.bottomRight}`);
  for (let y = p.p1y + 1; y < p.p2y; y++) canvas.put(x + 1, TOP + y, g.v);
  canvas.put(x + 1, TOP + p.jy, joins ? `${g.teeRight}${g.h}` : g.v);
}

type Placed = ReturnType<typeof placeTree>[number];

/** The bracket's rows, headed by the rounds' names; drawn when first read. */
export function* drawTree(
  columns: readonly (readonly ViewMatch[])[],
  headers: readonly string[],
  w: SlotWidths,
  o: TreeOptions,
): Generator<Line> {
  const g = o.glyphs;
  const stride = treeStride(w);
  // Rows as wide as the rounds (the champion's name grows the row it is on).
  const canvas = new Canvas(headers.length * stride);
  headers.forEach((h, i) => {
    canvas.put(i * stride + 1, 0, h, "title");
  });
  const placed = placeTree(columns, o.linked);
  const last = placed.reduce((a, p) => Math.max(a, p.column), 0);
  for (const p of placed) {
    const x = p.column * stride;
    putSlot(canvas, x, TOP + p.p1y, p.match.slots[0], w, g);
    putSlot(canvas, x, TOP + p.p2y, p.match.slots[1], w, g);
    putLabel(canvas, x + slotWidth(w) - 1, TOP + p.jy, p.match, g);
    if (!o.linked) continue;
    const champion = o.champion && p.column === last && !p.feeds;
    const leads = p.feeds || champion || (o.continues === true && p.column === last);
    drawConnectors(canvas, x + slotWidth(w) + 1, p, g, leads);
    const winner = p.match.slots.find((s) => s.winner);
    if (champion && winner !== undefined)
      canvas.put(x + stride, TOP + p.jy, ` ${winner.name}`, "bold");
  }
  yield* canvas.drain();
}
