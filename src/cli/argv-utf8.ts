/**
 * Arguments that are not UTF-8 are refused (issue 28, H4 point 3). Node decodes the
 * command line as UTF-8 with U+FFFD for each byte sequence that is not UTF-8, before any
 * of tourney runs: `tournament create --name "$(printf 'Caf\xe9')"` (Latin-1) reached the
 * command as "Caf\uFFFD" and was stored so. A U+FFFD typed as such (the bytes EF BF BD) is
 * legal text, so process.argv alone cannot tell: only an argument holding U+FFFD is looked
 * at, and its bytes as the process got them are read (on Linux, /proc/self/cmdline; its last
 * entries are the arguments after the script, unchanged, as Node's own options come before
 * the script). Where the bytes cannot be read (another system) or do not match what Node
 * decoded (the command line was rewritten), the argument is taken as before.
 */
import { decodeUtf8, hexByte } from "../model/strict-utf8.js";
import { UsageError } from "./errors.js";

/** The argument as typed, each byte that is not UTF-8 written \xHH. */
function shown(bytes: Uint8Array): string {
  let text = "";
  for (let rest = bytes; rest.length > 0; ) {
    const decoded = decodeUtf8(rest);
    if ("text" in decoded) return text + decoded.text;
    const { offset, byte } = decoded.bad;
    text += `${new TextDecoder().decode(rest.subarray(0, offset))}\\x${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    rest = rest.subarray(offset + 1);
  }
  return text;
}

/** What the argument at `index` of `line` is: an option's value, or an operand. */
function roleOf(line: readonly string[], index: number): string {
  const word = line[index]!;
  const option = /^(--?[\w-]+)=/.exec(word)?.[1];
  if (option !== undefined) return ` (the value of ${option})`;
  const before = line[index - 1];
  if (!word.startsWith("-") && before !== undefined && /^--?[\w-]+$/.test(before))
    return ` (after ${before})`;
  return "";
}

/**
 * Throws a usage error naming the first argument of `line` whose bytes (`bytesOf`, for
 * the last `line.length` arguments of the process) are not UTF-8.
 */
export function refuseNonUtf8Arguments(
  line: readonly string[],
  bytesOf: ((count: number) => readonly Uint8Array[] | undefined) | undefined,
): void {
  if (bytesOf === undefined || !line.some((word) => word.includes("\uFFFD"))) return;
  const raw = bytesOf(line.length);
  if (raw === undefined) return;
  const text = new TextDecoder();
  for (const [index, word] of line.entries()) {
    if (!word.includes("\uFFFD")) continue;
    const bytes = raw[index]!;
    // Not the argument Node decoded: the command line was rewritten; take it as it is.
    if (text.decode(bytes) !== word) return;
    const decoded = decodeUtf8(bytes);
    if ("text" in decoded) continue;
    const byte = decoded.bad.byte;
    const latin1 = byte >= 0xa0 ? ` (Latin-1 "${String.fromCharCode(byte)}"?)` : "";
    throw new UsageError(
      `the argument ${shown(bytes)}${roleOf(line, index)} is not UTF-8 text: it holds the byte ` +
        `${hexByte(byte)}${latin1}; give it in UTF-8 (iconv -f latin1 -t utf-8 converts text)`,
    );
  }
}
