/**
 * The one measure of display width (issue 26, item 3): how many terminal columns a text
 * takes, from `string-width` (East Asian wide characters and emoji two, combining marks
 * and zero-width characters none, terminal escape codes none). The tables (table.ts,
 * drawn by cli-table3) and the bracket drawings (cli/bracket/canvas.ts) align with it.
 * Texts are cut between graphemes (`Intl.Segmenter`), never inside an emoji sequence.
 */
import stringWidth from "string-width";

/**
 * Whether every character of `text` is printable ASCII (space to `~`): one column and one
 * grapheme each, with no need to ask string-width or the segmenter. The bracket of a
 * 3,000-player group stage put some 10^6 such graphemes on its canvas, each measured by
 * string-width: most of `tourney bracket`'s 2 s (issue 27, a CPU profile).
 */
function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return false;
  }
  return true;
}

/** The columns `text` takes on a terminal (escape codes count none). */
export function displayWidth(text: string): number {
  return isPlainAscii(text) ? text.length : stringWidth(text);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The grapheme clusters of `text` (an emoji sequence, a letter and its accents: one each). */
export function graphemes(text: string): string[] {
  if (isPlainAscii(text)) return text.split("");
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** `text` (without escape codes) cut to `width` columns, ending with `ellipsis` when cut. */
export function truncate(text: string, width: number, ellipsis = "…"): string {
  if (displayWidth(text) <= width) return text;
  const room = width - displayWidth(ellipsis);
  if (room < 0) return cutTo(text, width);
  return `${cutTo(text, room)}${ellipsis}`;
}

/** The longest start of `text` that takes at most `width` columns. */
function cutTo(text: string, width: number): string {
  let out = "";
  let used = 0;
  for (const g of graphemes(text)) {
    const w = stringWidth(g);
    if (used + w > width) break;
    out += g;
    used += w;
  }
  return out;
}

/** `text` followed by spaces up to `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** Spaces, then `text`, up to `width` columns. */
export function padStart(text: string, width: number): string {
  return " ".repeat(Math.max(0, width - displayWidth(text))) + text;
}
