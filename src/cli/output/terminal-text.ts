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
/** Whether the code unit is shown in caret notation: C0 but tab and line break, DEL, C1. */
function isControl(c: number): boolean {
  return (c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f);
}

function caret(code: number): string {
  if (code === 0x7f) return "^?";
  return code < 0x20 ? `^${String.fromCharCode(code + 64)}` : `^[${String.fromCharCode(code - 64)}`;
}

/** `text` with every control character but tab and line break in caret notation. */
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
