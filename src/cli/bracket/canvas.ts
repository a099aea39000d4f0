/**
 * A grid of terminal columns with a style per cell, drawn on by the bracket layouts
 * and read back as lines of styled spans. A grapheme two columns wide (李, 🎮) takes
 * two cells, so whatever is drawn after it keeps its column. Pure: no I/O, no terminal
 * codes (render.ts turns spans into text, with or without colour).
 *
 * Compact: a cell is one 16-bit number (the grapheme's index in the canvas's own list of
 * the graphemes drawn, times 8, plus the style), rows kept in bands of BAND rows, each
 * band one typed array; the layouts' canvases are drained (read once, a band let go of at a
 * time) as the text is made. A {ch, style} object per cell, all of them kept until the end,
 * made a 16,384-player double elimination's `tourney bracket` (18.8 MB of text) peak at
 * 1,573 MB, and a 60,000-player one run out of heap; now 339 MB and 985 MB, most of it the
 * records read (bench/bracket-draw.mjs). A cell takes 2 bytes (4 past 8,191 graphemes).
 */

import { displayWidth, graphemes, padEnd, padStart, truncate } from "../output/display-width.js";
import { visibleControls } from "../output/terminal-text.js";

/** How a span is shown at a terminal with colour; piped, every style is plain text. */
export type Style = "plain" | "bold" | "dim" | "open" | "title";

export interface Span {
  readonly text: string;
  readonly style: Style;
}

/** One line of output: spans in order. */
export type Line = readonly Span[];

/** The columns a text takes (display-width.ts: wide characters and emoji two). */
export const textWidth = displayWidth;
export { padEnd, padStart, truncate };

const STYLES: readonly Style[] = ["plain", "bold", "dim", "open", "title"];
const STYLE_CODE: Readonly<Record<Style, number>> = {
  plain: 0,
  bold: 1,
  dim: 2,
  open: 3,
  title: 4,
};
/** A cell is grapheme index << STYLE_BITS | style. */
const STYLE_BITS = 3;
const STYLE_MASK = (1 << STYLE_BITS) - 1;
/** Grapheme 0 is a space: a new cell (0) is a plain space. */
const SPACE = 0;
/** Grapheme 1 is the second column of a wide one ("": nothing is drawn there). */
const HALF = 1;
/** The most graphemes a 16-bit cell can name; past it the canvas's cells become 32-bit. */
const NARROW_GLYPHS = 1 << (16 - STYLE_BITS);
/** Rows per band (one typed array each, so a row costs no object of its own). */
const BAND = 64;

type Cells = Uint16Array | Uint32Array;

export class Canvas {
  /** Band b: rows b*BAND.. of bandWidths[b] cells each; undefined once drained. */
  private readonly bands: (Cells | undefined)[] = [];
  private readonly bandWidths: number[] = [];
  /** Columns used by each row (from 0 to the last written). */
  private readonly lengths: number[] = [];
  private readonly glyphs: string[] = [" ", ""];
  private readonly glyphIds = new Map<string, number>([
    [" ", SPACE],
    ["", HALF],
  ]);
  private wideCells = false;
  /** Scratch space for a row's UTF-16 code units (lineAt). */
  private units = new Uint16Array(256);
  /** The graphemes of ASCII characters by code (0: not drawn yet, or a space). */
  private readonly asciiIds = new Uint32Array(128);

  /** `width`: the columns its rows are expected to take (bands start that wide; they grow). */
  constructor(private readonly width = 0) {}

  /** Writes `text` from column x of row y (over whatever was there). */
  put(x: number, y: number, given: string, style: Style = "plain"): void {
    if (y < 0 || x < 0) return;
    // A name's control characters shown, never obeyed (output/terminal-text.ts).
    const text = visibleControls(given);
    while (this.lengths.length <= y) this.lengths.push(0);
    const code = STYLE_CODE[style];
    if (text === "") return;
    if (isPlainAscii(text)) {
      // One column a character: no segmenter, no width to ask.
      this.reserve(y, x + text.length);
      for (let k = 0; k < text.length; k++) {
        const c = text.charCodeAt(k);
        let id = this.asciiIds[c]!;
        if (id === 0 && c !== 0x20) {
          id = this.idOf(text[k]!);
          this.asciiIds[c] = id;
        }
        this.setCell(y, x + k, id, code, 1);
      }
      return;
    }
    let i = x;
    for (const ch of graphemes(text)) {
      const width = displayWidth(ch);
      if (width === 0) continue;
      this.reserve(y, i + width);
      this.setCell(y, i, this.idOf(ch), code, width);
      i += width;
    }
  }

  get height(): number {
    return this.lengths.length;
  }

  /** The lines, trailing spaces dropped, consecutive cells of one style joined. */
  lines(): Line[] {
    const out: Line[] = [];
    for (let y = 0; y < this.lengths.length; y++) out.push(this.lineAt(y));
    return out;
  }

  /**
   * The lines one at a time, as lines() has them, each band of rows let go of once read:
   * the drawing is read once, and not drawn on after.
   */
  *drain(): Generator<Line> {
    for (let y = 0; y < this.lengths.length; y++) {
      yield this.lineAt(y);
      if (y % BAND === BAND - 1 || y === this.lengths.length - 1)
        this.bands[(y / BAND) | 0] = undefined;
    }
  }

  private idOf(ch: string): number {
    let id = this.glyphIds.get(ch);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(ch);
      this.glyphIds.set(ch, id);
      if (id === NARROW_GLYPHS) this.widen();
    }
    return id;
  }

  /** Every band to 32-bit cells (a drawing of more than 8,191 distinct graphemes). */
  private widen(): void {
    this.wideCells = true;
    this.bands.forEach((band, b) => {
      if (band !== undefined) this.bands[b] = Uint32Array.from(band);
    });
  }

  /** Room in row y's band for `columns` columns; the row's length at least `columns`. */
  private reserve(y: number, columns: number): void {
    const b = (y / BAND) | 0;
    while (this.bands.length <= b) {
      this.bands.push(undefined);
      this.bandWidths.push(0);
    }
    const had = this.bandWidths[b]!;
    if (this.bands[b] === undefined || had < columns) {
      const wanted = Math.max(columns, this.width, had === 0 ? 0 : Math.ceil(had * 1.5));
      const band = this.wideCells ? new Uint32Array(BAND * wanted) : new Uint16Array(BAND * wanted);
      const old = this.bands[b];
      if (old !== undefined)
        for (let r = 0; r < BAND; r++) band.set(old.subarray(r * had, (r + 1) * had), r * wanted);
      this.bands[b] = band;
      this.bandWidths[b] = wanted;
    }
    if (this.lengths[y]! < columns) this.lengths[y] = columns;
  }

  /** The cell at (column, y); -1 outside the row (-1 >>> STYLE_BITS is no grapheme's index). */
  private cell(y: number, column: number): number {
    if (column < 0 || column >= this.lengths[y]!) return -1;
    const b = (y / BAND) | 0;
    return this.bands[b]![(y % BAND) * this.bandWidths[b]! + column]!;
  }

  private write(y: number, column: number, value: number): void {
    const b = (y / BAND) | 0;
    this.bands[b]![(y % BAND) * this.bandWidths[b]! + column] = value;
  }

  /** Grapheme `id`, `width` columns wide, at (column, y); a wide one it splits becomes spaces. */
  private setCell(y: number, column: number, id: number, style: number, width: number): void {
    for (let c = column; c < column + width; c++) {
      // Before `c` is written over: a wide grapheme it is half of becomes spaces.
      if (c > 0 && this.cell(y, c) >>> STYLE_BITS === HALF) this.write(y, c - 1, SPACE);
      const next = this.cell(y, c + 1);
      if (next !== -1 && next >>> STYLE_BITS === HALF) this.write(y, c + 1, SPACE);
    }
    this.write(y, column, (id << STYLE_BITS) | style);
    for (let extra = 1; extra < width; extra++)
      this.write(y, column + extra, (HALF << STYLE_BITS) | style);
  }

  private lineAt(y: number): Line {
    let end = this.lengths[y]!;
    if (end === 0) return [];
    const b = (y / BAND) | 0;
    const cells = this.bands[b]!;
    const base = (y % BAND) * this.bandWidths[b]!;
    while (end > 0 && cells[base + end - 1]! >>> STYLE_BITS === SPACE) end--;
    // The row's UTF-16 code units, each span made a flat string at once: a `text += ch` a
    // cell made a rope of a node a cell, kept until the whole drawing was joined (a
    // 16,384-player double elimination: 819 MB, 17 s, the ropes' flattening and their GC
    // 70 % of the time).
    let units = this.units;
    const spans: Span[] = [];
    let n = 0;
    let start = 0;
    let style = -1;
    for (let i = base; i < base + end; i++) {
      const id = cells[i]! >>> STYLE_BITS;
      // A space takes the style of what is before it: one span, not three.
      const s = id === SPACE && style !== -1 ? style : cells[i]! & STYLE_MASK;
      if (s !== style) {
        if (style !== -1) spans.push({ text: fromUnits(units, start, n), style: STYLES[style]! });
        start = n;
        style = s;
      }
      const glyph = this.glyphs[id]!;
      if (n + glyph.length > units.length) {
        const grown = new Uint16Array(2 * (n + glyph.length));
        grown.set(units.subarray(0, n));
        units = grown;
        this.units = grown;
      }
      for (let k = 0; k < glyph.length; k++) units[n++] = glyph.charCodeAt(k);
    }
    if (style !== -1) spans.push({ text: fromUnits(units, start, n), style: STYLES[style]! });
    return spans;
  }
}

/** Code units [start, end) as a string, a chunk at a time (apply's arguments are bounded). */
function fromUnits(units: Uint16Array, start: number, end: number): string {
  const CHUNK = 4096;
  if (end - start <= CHUNK)
    return String.fromCharCode.apply(null, units.subarray(start, end) as unknown as number[]);
  const parts: string[] = [];
  for (let i = start; i < end; i += CHUNK)
    parts.push(
      String.fromCharCode.apply(
        null,
        units.subarray(i, Math.min(end, i + CHUNK)) as unknown as number[],
      ),
    );
  return parts.join("");
}

/** Printable ASCII only (space to `~`): one column and one grapheme a character. */
function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
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
