/**
 * A grid of characters with a style per cell, drawn on by the bracket layouts
 * and read back as lines of styled spans. Pure: no I/O, no terminal codes
 * (render.ts turns spans into text, with or without colour).
 */

/** How a span is shown at a terminal with colour; piped, every style is plain text. */
export type Style = "plain" | "bold" | "dim" | "open" | "title";

export interface Span {
  readonly text: string;
  readonly style: Style;
}

/** One line of output: spans in order. */
export type Line = readonly Span[];

interface Cell {
  ch: string;
  style: Style;
}

/** Characters counted as one column each (the names of players are cut to fit). */
export function textWidth(text: string): number {
  return [...text].length;
}

/** `text` cut to `width` columns, ending with `ellipsis` when cut. */
export function truncate(text: string, width: number, ellipsis = "…"): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  if (width <= 1) return chars.slice(0, width).join("");
  return `${chars.slice(0, width - 1).join("")}${ellipsis}`;
}

export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - textWidth(text)));
}

export function padStart(text: string, width: number): string {
  return " ".repeat(Math.max(0, width - textWidth(text))) + text;
}

export class Canvas {
  private readonly rows: Cell[][] = [];

  /** Writes `text` from column x of row y (over whatever was there). */
  put(x: number, y: number, text: string, style: Style = "plain"): void {
    if (y < 0 || x < 0) return;
    while (this.rows.length <= y) this.rows.push([]);
    const row = this.rows[y]!;
    let i = x;
    for (const ch of text) {
      while (row.length < i) row.push({ ch: " ", style: "plain" });
      row[i] = { ch, style };
      i++;
    }
  }

  get height(): number {
    return this.rows.length;
  }

  /** The lines, trailing spaces dropped, consecutive cells of one style joined. */
  lines(): Line[] {
    return this.rows.map((row) => {
      let end = row.length;
      while (end > 0 && row[end - 1]!.ch === " ") end--;
      const spans: Span[] = [];
      for (const cell of row.slice(0, end)) {
        const last = spans[spans.length - 1];
        const style = cell.ch === " " && last !== undefined ? last.style : cell.style;
        if (last !== undefined && last.style === style)
          spans[spans.length - 1] = { text: last.text + cell.ch, style };
        else spans.push({ text: cell.ch, style });
      }
      return spans;
    });
  }
}

/** A line of one span. */
export function line(text: string, style: Style = "plain"): Line {
  return text === "" ? [] : [{ text, style }];
}

export function lineText(l: Line): string {
  return l.map((s) => s.text).join("");
}

/** Lines without the blank ones at the start and the end. */
export function trimBlank(lines: readonly Line[]): Line[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.length === 0) start++;
  while (end > start && lines[end - 1]!.length === 0) end--;
  return lines.slice(start, end);
}
