/**
 * A grid of terminal columns with a style per cell, drawn on by the bracket layouts
 * and read back as lines of styled spans. A grapheme two columns wide (李, 🎮) takes
 * two cells, so whatever is drawn after it keeps its column. Pure: no I/O, no terminal
 * codes (render.ts turns spans into text, with or without colour).
 */
import { displayWidth, graphemes, padEnd, padStart, truncate } from "../output/display-width.js";

/** How a span is shown at a terminal with colour; piped, every style is plain text. */
export type Style = "plain" | "bold" | "dim" | "open" | "title";

export interface Span {
  readonly text: string;
  readonly style: Style;
}

/** One line of output: spans in order. */
export type Line = readonly Span[];

interface Cell {
  /** A grapheme; "" for the second column of a wide one (nothing is drawn there). */
  ch: string;
  style: Style;
}

/** The columns a text takes (display-width.ts: wide characters and emoji two). */
export const textWidth = displayWidth;
export { padEnd, padStart, truncate };

/** Before `column` is written over: a wide grapheme it is half of becomes spaces. */
function unsplit(row: Cell[], column: number): void {
  if (row[column]?.ch === "" && column > 0) row[column - 1] = { ch: " ", style: "plain" };
  if (row[column + 1]?.ch === "") row[column + 1] = { ch: " ", style: "plain" };
}

export class Canvas {
  private readonly rows: Cell[][] = [];

  /** Writes `text` from column x of row y (over whatever was there). */
  put(x: number, y: number, text: string, style: Style = "plain"): void {
    if (y < 0 || x < 0) return;
    while (this.rows.length <= y) this.rows.push([]);
    const row = this.rows[y]!;
    let i = x;
    for (const ch of graphemes(text)) {
      const width = displayWidth(ch);
      if (width === 0) continue;
      while (row.length < i) row.push({ ch: " ", style: "plain" });
      for (let column = i; column < i + width; column++) unsplit(row, column);
      row[i] = { ch, style };
      for (let extra = 1; extra < width; extra++) row[i + extra] = { ch: "", style };
      i += width;
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
