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

export function drawTable(headers: readonly Cell[], rows: readonly Cell[][], g: Glyphs): Line[] {
  const widths = headers.map((h, i) =>
    Math.max(textWidth(h.text), ...rows.map((r) => textWidth(r[i]?.text ?? ""))),
  );
  const canvas = new Canvas();
  canvas.put(0, 0, rule(widths, g, g.topLeft, g.teeDown, g.topRight));
  putRow(canvas, 1, headers, widths, g);
  canvas.put(0, 2, rule(widths, g, g.teeRight, g.cross, g.teeLeft));
  rows.forEach((row, i) => {
    putRow(canvas, 3 + i, row, widths, g);
  });
  canvas.put(0, 3 + rows.length, rule(widths, g, g.bottomLeft, g.teeUp, g.bottomRight));
  return canvas.lines();
}
