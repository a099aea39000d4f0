/**
 * The bracket canvas (src/cli/bracket/canvas.ts) keeps a cell in 16 bits (32 past 8,191
 * distinct graphemes), rows in bands, and hands its lines out one band at a time (drain).
 * Its lines must stay those of the object-per-cell canvas it replaced, byte for byte:
 * `Reference` below is that canvas (eb84d84), kept here as the specification.
 */
import { describe, expect, it } from "vitest";
import { Canvas, type Line, type Span, type Style } from "../../src/cli/bracket/canvas.js";
import { renderLines } from "../../src/cli/bracket/index.js";
import { displayWidth, graphemes } from "../../src/cli/output/display-width.js";

interface RefCell {
  ch: string;
  style: Style;
}

/** The canvas as it was: one {ch, style} object a cell. */
class Reference {
  readonly rows: RefCell[][] = [];
  put(x: number, y: number, text: string, style: Style = "plain"): void {
    if (y < 0 || x < 0) return;
    while (this.rows.length <= y) this.rows.push([]);
    const row = this.rows[y]!;
    const unsplit = (column: number) => {
      if (row[column]?.ch === "" && column > 0) row[column - 1] = { ch: " ", style: "plain" };
      if (row[column + 1]?.ch === "") row[column + 1] = { ch: " ", style: "plain" };
    };
    let i = x;
    for (const ch of graphemes(text)) {
      const width = displayWidth(ch);
      if (width === 0) continue;
      while (row.length < i) row.push({ ch: " ", style: "plain" });
      for (let column = i; column < i + width; column++) unsplit(column);
      row[i] = { ch, style };
      for (let extra = 1; extra < width; extra++) row[i + extra] = { ch: "", style };
      i += width;
    }
  }
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

const STYLES: Style[] = ["plain", "bold", "dim", "open", "title"];
const TEXTS = [
  "Ada",
  " ",
  "─┐",
  "李小龍",
  "🎮 x",
  "e\u0301",
  "👩‍👩‍👧",
  "Loser of C",
  "",
  "\u200b",
  "│",
];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the bracket canvas", () => {
  it("draws a known drawing byte for byte: styles, wide graphemes, one split by a later write", () => {
    const canvas = new Canvas();
    const reference = new Reference();
    const puts: [number, number, string, Style?][] = [
      [1, 0, "Round 1", "title"],
      [0, 2, " 李小龍  11 ", "bold"],
      [12, 2, "─┐"],
      [4, 2, "x"], // over the second half of 小: its first half becomes a space
      [9, 3, "A", "dim"],
      [11, 3, "▸ open", "open"],
      [13, 4, "│  "],
      [2, 5, "🎮", "bold"],
      [4, 5, "end"],
    ];
    for (const [x, y, text, style] of puts) {
      canvas.put(x, y, text, style);
      reference.put(x, y, text, style);
    }
    const expected =
      " \u001b[1;36mRound 1\u001b[22;39m\n" +
      "\n" +
      "\u001b[1m 李 \u001b[22mx\u001b[1m龍  11 \u001b[22m─┐\n" +
      "         \u001b[2mA \u001b[22m\u001b[33m▸ open\u001b[39m\n" +
      "             │\n" +
      "  \u001b[1m🎮\u001b[22mend\n";
    expect(renderLines(reference.lines(), true)).toBe(expected);
    expect(renderLines(canvas.lines(), true)).toBe(expected);
    expect(renderLines(canvas.drain(), true)).toBe(expected);
    expect(renderLines(new Canvas(40).lines(), false)).toBe("");
  });

  it("reads as the object-per-cell canvas did, over many random drawings, lines() and drain() alike", () => {
    const next = random(27);
    for (let drawing = 0; drawing < 300; drawing++) {
      const canvas = new Canvas(drawing % 2 === 0 ? 0 : 30);
      const reference = new Reference();
      for (let k = 0; k < 40; k++) {
        const x = Math.floor(next() * 24) - 1;
        const y = Math.floor(next() * 140) - 1; // past a band of rows (64)
        const text = TEXTS[Math.floor(next() * TEXTS.length)]!;
        const style = STYLES[Math.floor(next() * STYLES.length)]!;
        canvas.put(x, y, text, style);
        reference.put(x, y, text, style);
      }
      expect(canvas.height).toBe(reference.rows.length);
      expect(canvas.lines()).toEqual(reference.lines());
      expect([...canvas.drain()]).toEqual(reference.lines());
    }
  });

  it("keeps every grapheme past 8,191 distinct ones (its cells become 32-bit)", () => {
    const canvas = new Canvas();
    const reference = new Reference();
    for (let i = 0; i < 9000; i++) {
      const ch = String.fromCodePoint(0x4e00 + i); // CJK ideographs, two columns each
      const [x, y] = [(i % 50) * 2, Math.floor(i / 50)];
      canvas.put(x, y, ch, STYLES[i % STYLES.length]);
      reference.put(x, y, ch, STYLES[i % STYLES.length]);
    }
    canvas.put(1, 0, "ab"); // splits the first ideographs after the cells widened
    reference.put(1, 0, "ab");
    expect(canvas.lines()).toEqual(reference.lines());
    expect(renderLines(canvas.drain(), true)).toBe(renderLines(reference.lines(), true));
  });
});
