/**
 * Text is UTF-8 or refused (issue 24, item 7): bytes that are not UTF-8 (a
 * Latin-1 "é" is the byte E9) were read as U+FFFD, so `Latéin` was stored as
 * `Lat\uFFFDin`, and two Latin-1 names then met as duplicates. The service and the
 * CLI decode with these and say where the first bad byte is.
 */

/** Where the first byte that is not UTF-8 stands: its offset, line (from 1) and value. */
export interface BadByte {
  readonly offset: number;
  readonly line: number;
  readonly byte: number;
}

const fatal = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodes(bytes: Uint8Array, stream: boolean): boolean {
  try {
    fatal().decode(bytes, { stream });
    return true;
  } catch {
    return false;
  }
}

/** Bytes a sequence led by `lead` takes (1 for a byte that leads none). */
function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/** The lead byte of an unfinished sequence that the byte at `k` breaks, else `k` itself. */
function culprit(bytes: Uint8Array, k: number): number {
  for (let j = k - 1; j >= 0 && j >= k - 3; j--) {
    const b = bytes[j]!;
    if (b < 0x80) break;
    if (b >= 0xc0) return sequenceLength(b) > k - j ? j : k;
  }
  return k;
}

/** The first bad byte: the shortest prefix a streaming decoder refuses, found by halving. */
function firstBadByte(bytes: Uint8Array): BadByte {
  let offset: number;
  if (decodes(bytes, true)) {
    // Only the last character is unfinished: the bad byte is its lead.
    offset = culprit(bytes, bytes.length);
  } else {
    // Streamed, a prefix ending inside a character decodes; only a wrong byte is refused.
    let good = 0;
    let bad = bytes.length;
    while (bad - good > 1) {
      const mid = (good + bad) >>> 1;
      if (decodes(bytes.subarray(0, mid), true)) good = mid;
      else bad = mid;
    }
    offset = culprit(bytes, bad - 1);
  }
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return { offset, line, byte: bytes[offset]! };
}

/** The bytes as text, or where the first byte that is not UTF-8 stands. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { bad: BadByte } {
  try {
    return { text: fatal().decode(bytes) };
  } catch (error) {
    // Only the decoder's refusal (a TypeError) is a bad byte. A text past V8's longest string
    // (~512 MB: RangeError "Invalid string length") was taken for one: a valid file was
    // refused as "not UTF-8" after 45 s and 5 GB of halving (a reviewer found it).
    if (!(error instanceof TypeError)) throw error;
    return { bad: firstBadByte(bytes) };
  }
}

/** A byte as the messages write it: 0xE9. */
export const hexByte = (byte: number): string =>
  `0x${byte.toString(16).toUpperCase().padStart(2, "0")}`;

/**
 * The first run of percent escapes in `text` whose bytes are not UTF-8 (the
 * "%E9" of `Lat%E9in`, Latin-1 "é"), or undefined when every run decodes.
 */
export function badPercentEscape(text: string): string | undefined {
  if (!text.includes("%")) return undefined;
  for (const [run] of text.matchAll(/(?:%[0-9A-Fa-f]{2})+/g)) {
    if (!/%[89A-Fa-f]/.test(run)) continue; // ASCII only
    const bytes = Uint8Array.from(run.slice(1).split("%"), (hex) => Number.parseInt(hex, 16));
    if ("bad" in decodeUtf8(bytes)) return run;
  }
  return undefined;
}

const pointerStep = (key: string): string => `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;

/**
 * A lone surrogate: read by code point, a pair is one character and no match. The range, not
 * \p{Cs} (the same code points): esbuild wrote `/\p{Cs}/u` as `new RegExp("\\p{Cs}", "u")`,
 * which is made (ICU's property set looked up) where the module loads, even in a script that
 * never uses it, while a literal is parsed at its first use and dropped when unused. The built
 * list of 1, core-list.js loaded: 3.46 -> 3.29 ms, the whole command -0.26 to -0.32 ms (marks,
 * paired medians of 41 alternated runs, load 2.3).
 */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Where parsed JSON holds text that is not Unicode: the JSON pointer of the first string,
 * or of the object whose key, holding a lone surrogate (JSON's `"\ud800"` escape parses
 * to one; stored, it would become U+FFFD as a bad byte did), or undefined when all is well.
 */
export function illFormedText(value: unknown, at = ""): string | undefined {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? at || "/" : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const name = String(key);
    if (LONE_SURROGATE.test(name)) return at || "/";
    const found = illFormedText(item, at + pointerStep(name));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** What a refusal of `illFormedText`'s find says, naming the field as the field checks do. */
export function illFormedDetail(pointer: string): string {
  return `${pointer} is not well-formed Unicode text (a lone surrogate: an escape such as \\ud800 without its pair); send the character itself, or both halves of its surrogate pair`;
}
