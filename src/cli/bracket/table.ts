/** A table with box-drawing borders (a round robin's grid, a swiss standings table). Pure. */
import { Canvas, type Line, padEnd, padStart, type Style, textWidth } from "./canvas.js";
import type { Glyphs } from "./glyphs.js";

export interface Cell {
  readonly text: string;
  readonly style?: Style;
  readonly right?: boolean;
}

export function cell(text: string | number | null, style?: Style, right = false): Cell {
  return {
    text: text === null ? "" : String(text),
    ...(style === undefined ? {} : { style }),
    right,
  };
}

function rule(widths: readonly number[], g: Glyphs, left: string, mid: string, right: string) {
  return left + widths.map((w) => g.h.repeat(w + 2)).join(mid) + right;
}

function putRow(canvas: Canvas, y: number, row: readonly Cell[], widths: number[], g: Glyphs) {
  let x = 0;
  canvas.put(x, y, g.v);
  row.forEach((c, i) => {
    const w = widths[i]!;
    const text = c.right ? padStart(c.text, w) : padEnd(c.text, w);
    canvas.put(x + 2, y, text, c.style ?? "plain");
    x += w + 3;
    canvas.put(x, y, g.v);
  });
}

/** Each column's width: its widest cell, the header's included. */
export function columnWidths(headers: readonly Cell[], rows: readonly Cell[][]): number[] {
  // Loops, not Math.max(...rows): a spread of 60,000 rows' widths is as many arguments.
  const widths = headers.map((h) => textWidth(h.text));
  for (const row of rows)
    widths.forEach((w, i) => {
      widths[i] = Math.max(w, textWidth(row[i]?.text ?? ""));
    });
  return widths;
}

/**
 * The columns of a table too wide for `width`, in parts that fit: the first `lead` columns
 * and the last `tail` in every part, the middle ones (a grid's opponents) shared out in
 * order, at least one a part. Each part is the indices of its columns; one part when it fits
 * (or no width is known).
 */
export function tableParts(
  widths: readonly number[],
  lead: number,
  tail: number,
  width?: number,
): number[][] {
  const all = widths.map((_, i) => i);
  // A column takes its width and 3 (a space each side and its border); the table 1 more.
  const span = (columns: readonly number[]) => columns.reduce((sum, i) => sum + widths[i]! + 3, 1);
  if (width === undefined || span(all) <= width) return [all];
  const first = all.slice(0, lead);
  const last = all.slice(all.length - tail);
  const room = width - span([...first, ...last]);
  const parts: number[][] = [];
  let middle: number[] = [];
  let used = 0;
  for (const i of all.slice(lead, all.length - tail)) {
    const w = widths[i]! + 3;
    if (middle.length > 0 && used + w > room) {
      parts.push([...first, ...middle, ...last]);
      middle = [];
      used = 0;
    }
    middle.push(i);
    used += w;
  }
  if (middle.length > 0) parts.push([...first, ...middle, ...last]);
  return parts;
}

/** The table's lines, drawn when first read; `widths` (columnWidths) when known. */
export function* drawTable(
  headers: readonly Cell[],
  rows: readonly Cell[][],
  g: Glyphs,
  known?: readonly number[],
): Generator<Line> {
  const widths = known === undefined ? columnWidths(headers, rows) : [...known];
  const canvas = new Canvas(widths.reduce((sum, w) => sum + w + 3, 1));
  canvas.put(0, 0, rule(widths, g, g.topLeft, g.teeDown, g.topRight));
  putRow(canvas, 1, headers, widths, g);
  canvas.put(0, 2, rule(widths, g, g.teeRight, g.cross, g.teeLeft));
  rows.forEach((row, i) => {
    putRow(canvas, 3 + i, row, widths, g);
  });
  canvas.put(0, 3 + rows.length, rule(widths, g, g.bottomLeft, g.teeUp, g.bottomRight));
  yield* canvas.drain();
}
