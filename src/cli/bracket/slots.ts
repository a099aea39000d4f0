/**
 * How one player's line of a match reads (" Ada        11 7 11") and how a
 * match is labelled ("A ▸ open"): shared by the trees and the rounds. Pure.
 */

import { originText, type Slot, type ViewMatch } from "../../bracket-model/data.js";
import { type Canvas, padEnd, padStart, type Style, textWidth, truncate } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";

/** Longest name shown before it is cut with an ellipsis. */
export const MAX_NAME = 20;

export interface SlotWidths {
  readonly name: number;
  readonly score: number;
}

/** What a slot's name column reads: the name, "Loser of C" while still to be decided, or "". */
function slotText(slot: Slot): string {
  if (slot.id !== null) return slot.name;
  return slot.from === null ? "" : originText(slot.from);
}

export function slotWidths(matches: readonly ViewMatch[], minName = 6): SlotWidths {
  let name = minName;
  let score = 1;
  for (const m of matches)
    for (const s of m.slots) {
      name = Math.max(name, Math.min(MAX_NAME, textWidth(slotText(s))));
      score = Math.max(score, textWidth(s.score));
    }
  return { name, score };
}

/** Width of a slot's text: a space, the name, a space, the score. */
export function slotWidth(w: SlotWidths): number {
  return w.name + w.score + 2;
}

/**
 * Bold: the winner, and in a free for all every player a table sends on and a shared first
 * place (docs/bracket.md), the players who go on or top the table.
 */
function strong(slot: Slot): boolean {
  return slot.winner || slot.advancing === true || slot.sharedFirst === true;
}

export function slotStyle(slot: Slot): Style {
  if (strong(slot)) return "bold";
  return slot.id === null ? "dim" : "plain";
}

/** Writes a player's line at (x, y): the name (bold for the winner), the score right-aligned. */
export function putSlot(
  canvas: Canvas,
  x: number,
  y: number,
  slot: Slot | undefined,
  w: SlotWidths,
  g: Glyphs,
): void {
  if (slot === undefined) return;
  // A slot still to be decided says whose it is, dim ("Loser of C"); else nothing.
  if (slot.id === null) {
    if (slot.from !== null)
      canvas.put(x + 1, y, truncate(slotText(slot), w.name, g.ellipsis), "dim");
    return;
  }
  const name = padEnd(truncate(slot.name, w.name, g.ellipsis), w.name);
  canvas.put(x + 1, y, name, slotStyle(slot));
  canvas.put(x + 2 + w.name, y, padStart(slot.score, w.score), strong(slot) ? "bold" : "plain");
}

/** The match's marker after its identifier: open, underway, tie, forfeit, or nothing once decided. */
export function stateMark(m: ViewMatch, g: Glyphs): string {
  if (m.state === "open") return `${g.open} ${m.underway ? "underway" : "open"}`;
  if (m.state === "complete" && m.tie) return "tie";
  if (m.forfeit === true) return "forfeit";
  return "";
}

/** Writes "A ▸ open" ending at column `end` (the identifier dim, the marker highlighted). */
export function putLabel(canvas: Canvas, end: number, y: number, m: ViewMatch, g: Glyphs): void {
  const mark = stateMark(m, g);
  const text = mark === "" ? m.identifier : `${m.identifier} ${mark}`;
  const x = end - textWidth(text);
  canvas.put(x, y, m.identifier, "dim");
  if (mark !== "") canvas.put(x + textWidth(m.identifier) + 1, y, mark, "open");
}
