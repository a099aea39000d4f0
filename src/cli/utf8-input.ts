/**
 * Text read from a file or stdin is UTF-8 or refused (issue 24, item 7): a
 * Latin-1 roster (`printf 'M\xfcller\n'`) was read with U+FFFD in place of
 * each accented letter, stored so, and two such names then met as duplicates.
 * Now it is a usage error (exit 2) naming the line and how to convert the file.
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

/**
 * The bytes of `source` ("stdin", "--file roster.csv") as text; `file` names
 * the file in the suggested conversion.
 */
export function decodeInput(bytes: Uint8Array, source: string, file = "roster.txt"): string {
  let decoded: ReturnType<typeof decodeUtf8>;
  try {
    decoded = decodeUtf8(bytes);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(
      `${source} is too large to read as text (${bytes.length.toLocaleString("en-US")} bytes; Node holds a text of at most ${MAX_STRING_LENGTH.toLocaleString("en-US")} characters)`,
    );
  }
  if ("text" in decoded) return decoded.text;
  const { line, byte } = decoded.bad;
  const latin1 = byte >= 0xa0 ? ` (Latin-1 "${String.fromCharCode(byte)}"?)` : "";
  const out = file.replace(/(\.[^./]*)?$/, "-utf8$1");
  throw new UsageError(
    `${source} is not UTF-8 text: line ${line} holds the byte ${hexByte(byte)}${latin1}; convert the file first, e.g. iconv -f latin1 -t utf-8 ${file} > ${out}`,
  );
}
