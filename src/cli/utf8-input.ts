/**
 * Text read from a file or stdin is UTF-8 or refused (issue 24, item 7): a
 * Latin-1 roster (`printf 'M\xfcller\n'`) was read with U+FFFD in place of
 * each accented letter, stored so, and two such names then met as duplicates.
 * Now it is a usage error (exit 2) naming the line and how to convert the file.
 * UTF-16 with its byte order mark (a spreadsheet's "Unicode Text" export) is read too.
 */
import { constants } from "node:buffer";
import { decodeUtf8, hexByte } from "../model/strict-utf8.js";
import { UsageError } from "./errors.js";

const MAX_STRING_LENGTH = constants.MAX_STRING_LENGTH;

/**
 * The most input tourney reads from stdin or a named file (a roster, times, a document to
 * import, `tourney api`'s --input and -F @file): 256 MiB. A roster of the most participants a
 * tournament holds (65,536 lines of a name, misc and username at their longest) is under
 * 40 MiB; reading goes no further, so an endless input (`yes |`, /dev/zero) is refused
 * rather than read until memory runs out.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** The usage error (exit 2) for input past MAX_INPUT_BYTES; nothing has been sent. */
export function tooMuchInput(source: string): UsageError {
  return new UsageError(
    `${source} holds more than 256 MiB, more than tourney reads (is it endless, as \`yes\` or /dev/zero?); nothing was sent`,
  );
}

/** The usage error for a text past V8's longest string. */
function tooLong(bytes: Uint8Array, source: string): UsageError {
  return new UsageError(
    `${source} is too large to read as text (${bytes.length.toLocaleString("en-US")} bytes; Node holds a text of at most ${MAX_STRING_LENGTH.toLocaleString("en-US")} characters)`,
  );
}

/**
 * UTF-16 text after its byte order mark (dropped), strictly: half a surrogate pair alone, or
 * an odd last byte, is refused naming its line (where a lenient decoder puts its first U+FFFD:
 * a U+FFFD written before it would be named instead). Before, such a roster (a spreadsheet's
 * "Unicode Text" export) was refused as Latin-1 (`the byte 0xFF (Latin-1 "ÿ"?)`), and the
 * iconv line the hint gave made every line a name holding U+0000.
 */
function decodeUtf16(bytes: Uint8Array, order: string, source: string): string {
  try {
    return new TextDecoder(order, { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof RangeError) throw tooLong(bytes, source);
  }
  const text = new TextDecoder(order).decode(bytes);
  const line = text.slice(0, text.indexOf("\uFFFD")).split("\n").length;
  throw new UsageError(
    `${source} starts with UTF-16's byte order mark but is not UTF-16 text: line ${line} holds half of a surrogate pair alone, or ends the file with an odd byte; save it again as UTF-8 or UTF-16`,
  );
}

/**
 * "le" or "be" when `bytes` look like UTF-16 without a byte order mark: NUL bytes, and in the
 * first 512 bytes every other byte 0x00 (at least half of one parity, none of the other).
 * Such a roster (a PowerShell or Windows tool's export) was read as UTF-8 with a U+0000 in
 * every name ("write a space" on each line), or, holding a non-ASCII letter, got a hint to
 * convert from Latin-1 that led to the same errors.
 */
function unmarkedUtf16(bytes: Uint8Array): "le" | "be" | undefined {
  if (bytes.indexOf(0) === -1) return undefined;
  const zeros = [0, 0];
  const n = Math.min(bytes.length, 512) & ~1;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) zeros[i & 1]!++;
  if (zeros[0] === 0 && zeros[1]! * 4 >= n) return "le";
  if (zeros[1] === 0 && zeros[0]! * 4 >= n) return "be";
  return undefined;
}

/**
 * The bytes of `source` ("stdin", "--file roster.csv") as text: UTF-8, or UTF-16 with its
 * byte order mark; `file` names the file in the suggested conversion.
 */
export function decodeInput(bytes: Uint8Array, source: string, file = "roster.txt"): string {
  // A byte order mark: FF FE is UTF-16 little-endian (Windows' "Unicode"), FE FF big-endian.
  const mark = (bytes[0]! << 8) | bytes[1]!;
  if (mark === 0xfffe || mark === 0xfeff)
    return decodeUtf16(bytes, mark === 0xfffe ? "utf-16le" : "utf-16be", source);
  const out = file.replace(/(\.[^./]*)?$/, "-utf8$1");
  const order = unmarkedUtf16(bytes);
  if (order !== undefined)
    throw new UsageError(
      `${source} is not UTF-8 text: it looks like UTF-16${order.toUpperCase()} without a byte order mark (every other byte is 0x00); convert the file first, e.g. iconv -f utf-16${order} -t utf-8 ${file} > ${out}`,
    );
  let decoded: ReturnType<typeof decodeUtf8>;
  try {
    decoded = decodeUtf8(bytes);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw tooLong(bytes, source);
  }
  if ("text" in decoded) return decoded.text;
  const { line, byte } = decoded.bad;
  const latin1 = byte >= 0xa0 ? ` (Latin-1 "${String.fromCharCode(byte)}"?)` : "";
  throw new UsageError(
    `${source} is not UTF-8 text: line ${line} holds the byte ${hexByte(byte)}${latin1}; convert the file first, e.g. iconv -f latin1 -t utf-8 ${file} > ${out}`,
  );
}
