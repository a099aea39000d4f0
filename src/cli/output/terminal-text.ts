/**
 * Text from a service shown as text (tables, rows, a record's fields, notes, error messages,
 * a sign-in's code and address): its control characters made visible, so that a name or an
 * error detail holding `ESC ] 0; ... BEL` (a window title), `ESC [2J` (the screen cleared),
 * a C1 CSI (U+009B) or a carriage return cannot drive the reader's terminal (an outside
 * review: a remote service's names reached it raw). As gh does: caret notation, a C1
 * character as the ESC sequence it stands for (U+009B -> `^[[`). Tab and line break are left
 * as they are (tables and rows replace them with spaces themselves). JSON output needs none of
 * this: JSON.stringify escapes every control character.
 */
/**
 * Unicode's bidi controls (Bidi_Control: ALM U+061C, LRM and RLM U+200E-U+200F, the embeddings
 * and overrides U+202A-U+202E, the isolates U+2066-U+2069), shown as `<U+202E>`: a name holding
 * U+202E (right-to-left override) drew the rest of its row mirrored on a terminal that applies
 * the bidi algorithm, so a registrant could make a match's scores read 3-1 for 1-3 (a review).
 */
function isBidiControl(c: number): boolean {
  return (
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

/** Whether the code unit is shown visibly: C0 but tab and line break, DEL, C1, bidi controls. */
function isControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f) || isBidiControl(c);
}

function caret(code: number): string {
  if (code === 0x7f) return "^?";
  if (code > 0x9f) return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
  return code < 0x20 ? `^${String.fromCharCode(code + 64)}` : `^[${String.fromCharCode(code - 64)}`;
}

/** `text` with every control character but tab and line break in caret notation (bidi: `<U+202E>`). */
export function visibleControls(text: string): string {
  let first = 0;
  while (first < text.length && !isControl(text.charCodeAt(first))) first++;
  if (first === text.length) return text;
  let out = text.slice(0, first);
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += isControl(c) ? caret(c) : text[i];
  }
  return out;
}
