/**
 * argv-utf8.ts: an argument holding U+FFFD is refused only when the bytes the process got
 * for it are not UTF-8; without those bytes, or when they are not what Node decoded (a
 * rewritten command line), it is taken as before.
 */
import { describe, expect, it } from "vitest";
import { refuseNonUtf8Arguments } from "../../src/cli/argv-utf8.js";
import { UsageError } from "../../src/cli/errors.js";

const bytes =
  (...words: (string | Buffer)[]) =>
  () =>
    words.map((w) => (typeof w === "string" ? Buffer.from(w) : w));
const latin1 = Buffer.from("Caf\u00e9", "latin1");

describe("refuseNonUtf8Arguments", () => {
  it("refuses an argument whose bytes are not UTF-8, shown with \\xHH", () => {
    const line = ["tournament", "create", "--name", "Caf\uFFFD"];
    expect(() =>
      refuseNonUtf8Arguments(line, bytes("tournament", "create", "--name", latin1)),
    ).toThrow(
      new UsageError(
        'the argument Caf\\xE9 (after --name) is not UTF-8 text: it holds the byte 0xE9 (Latin-1 "\u00e9"?); give it in UTF-8 (iconv -f latin1 -t utf-8 converts text)',
      ),
    );
  });

  it("takes a U+FFFD typed as such, and lines without one (the bytes not even read)", () => {
    const line = ["tournament", "create", "--name", "Cup \uFFFD"];
    expect(() => refuseNonUtf8Arguments(line, bytes(...line))).not.toThrow();
    const unread = () => {
      throw new Error("read");
    };
    expect(() => refuseNonUtf8Arguments(["tournament", "list"], unread)).not.toThrow();
  });

  it("takes the line as it is when the bytes are unknown or not the line's", () => {
    const line = ["participants", "add", "cup", "Ren\uFFFD"];
    expect(() => refuseNonUtf8Arguments(line, undefined)).not.toThrow();
    expect(() => refuseNonUtf8Arguments(line, () => undefined)).not.toThrow();
    const other = bytes("participants", "add", "cup", Buffer.from("Other\u00e9", "latin1"));
    expect(() => refuseNonUtf8Arguments(line, other)).not.toThrow();
  });
});
