/**
 * Terminal columns a text takes, and cutting it to fit: East Asian wide characters and
 * emoji take two, combining marks none, terminal escape codes none. Pure.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape codes are matched on purpose
const ESCAPES = /\x1b\[[0-9;]*m/g;
const COMBINING = /^(?:\p{M}|[\u200b-\u200f]|[\ufe00-\ufe0f])$/u;

/** Code points drawn two columns wide (the common East Asian and emoji ranges). */
function wide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

function charWidth(char: string): number {
  if (COMBINING.test(char)) return 0;
  return wide(char.codePointAt(0) ?? 0) ? 2 : 1;
}

export function stripEscapes(text: string): string {
  return text.replace(ESCAPES, "");
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of stripEscapes(text)) width += charWidth(char);
  return width;
}

/** `text` (without escape codes) cut to `width` columns, ending with `…` when cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}
