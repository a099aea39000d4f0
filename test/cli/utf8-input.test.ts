/**
 * utf8-input.ts: text read from a file or stdin is UTF-8 or refused naming the line; a file
 * too long to be one string in Node (past ~512 MB) is refused as too large at once, not taken
 * for one with a bad byte after a long search (a reviewer's 540 MB export: "not UTF-8 ...
 * the byte 0x78", 45 s, 5 GB).
 */
import { constants } from "node:buffer";
import { expect, it } from "vitest";
import { UsageError } from "../../src/cli/errors.js";
import { decodeInput } from "../../src/cli/utf8-input.js";

it("refuses a Latin-1 file naming the line and the conversion", () => {
  expect(() =>
    decodeInput(Buffer.from("ok\nM\xfcller\n", "latin1"), "--file r.txt", "r.txt"),
  ).toThrow(
    '--file r.txt is not UTF-8 text: line 2 holds the byte 0xFC (Latin-1 "ü"?); convert the file first, e.g. iconv -f latin1 -t utf-8 r.txt > r-utf8.txt',
  );
});

it("refuses a text too long for a Node string as too large, not as a bad byte", () => {
  // Such a file is too large to build here: the decoder's RangeError stands in for it.
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = () => {
    throw new RangeError("Invalid string length");
  };
  try {
    const bytes = Buffer.from("x".repeat(100));
    expect(() => decodeInput(bytes, "FILE huge.json", "huge.json")).toThrow(UsageError);
    expect(() => decodeInput(bytes, "FILE huge.json", "huge.json")).toThrow(
      `FILE huge.json is too large to read as text (100 bytes; Node holds a text of at most ${constants.MAX_STRING_LENGTH.toLocaleString("en-US")} characters)`,
    );
  } finally {
    TextDecoder.prototype.decode = decode;
  }
});

it("reads UTF-16 with its byte order mark, either order, dropping the mark", () => {
  const le = Buffer.from("\ufeffAda\r\nZoë 😀\r\n", "utf16le");
  expect(decodeInput(le, "stdin")).toBe("Ada\r\nZoë 😀\r\n");
  const be = Buffer.from(le).swap16();
  expect(be.subarray(0, 2)).toEqual(Buffer.from([0xfe, 0xff]));
  expect(decodeInput(be, "stdin")).toBe("Ada\r\nZoë 😀\r\n");
  // Before: 'stdin is not UTF-8 text: line 1 holds the byte 0xFF (Latin-1 "ÿ"?)'.
});

it("refuses UTF-16 that is not: half a pair alone, or an odd last byte, naming the line", () => {
  const lone = Buffer.from(Buffer.from("\ufeffA\nB\nC\udc00\n", "utf16le")).swap16();
  expect(() => decodeInput(lone, "--file r.txt", "r.txt")).toThrow(
    "--file r.txt starts with UTF-16's byte order mark but is not UTF-16 text: line 3 holds half of a surrogate pair alone, or ends the file with an odd byte; save it again as UTF-8 or UTF-16",
  );
  const odd = Buffer.concat([Buffer.from("\ufeffA\nB", "utf16le"), Buffer.from([0x43])]);
  expect(() => decodeInput(odd, "stdin")).toThrow(
    "stdin starts with UTF-16's byte order mark but is not UTF-16 text: line 2 holds half of a surrogate pair alone, or ends the file with an odd byte; save it again as UTF-8 or UTF-16",
  );
});
