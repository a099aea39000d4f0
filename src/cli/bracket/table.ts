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

/** The table's lines, drawn when first read. */
export function* drawTable(
  headers: readonly Cell[],
  rows: readonly Cell[][],
  g: Glyphs,
): Generator<Line> {
  // Loops, not Math.max(...rows): a spread of 60,000 rows' widths is as many arguments.
  const widths = headers.map((h) => textWidth(h.text));
  for (const row of rows)
    widths.forEach((w, i) => {
      widths[i] = Math.max(w, textWidth(row[i]?.text ?? ""));
    });
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
