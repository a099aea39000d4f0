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
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
const CONTROLS = new RegExp(CONTROL.source, "g");

function caret(c: string): string {
  const code = c.charCodeAt(0);
  if (code === 0x7f) return "^?";
  return code < 0x20 ? `^${String.fromCharCode(code + 64)}` : `^[${String.fromCharCode(code - 64)}`;
}

/** `text` with every control character but tab and line break in caret notation. */
export function visibleControls(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, caret) : text;
}
