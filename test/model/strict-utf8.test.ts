/** The strict UTF-8 decoding of issue 24, item 7: where the first bad byte is, by line. */
import { expect, it } from "vitest";
import { badPercentEscape, decodeUtf8 } from "../../src/model/strict-utf8.js";

const b = (s: string) => Uint8Array.from(Buffer.from(s, "latin1"));
it("finds the first byte that is not UTF-8, its line, and bad percent escapes", () => {
  expect(decodeUtf8(b("M\xfcller\n"))).toEqual({ bad: { offset: 1, line: 1, byte: 0xfc } });
  expect(decodeUtf8(b("ok\nLat\xe9in"))).toEqual({ bad: { offset: 6, line: 2, byte: 0xe9 } });
  expect(decodeUtf8(b("\xc3\xa9\x80"))).toEqual({ bad: { offset: 2, line: 1, byte: 0x80 } });
  expect(decodeUtf8(b("ab\xe9"))).toEqual({ bad: { offset: 2, line: 1, byte: 0xe9 } });
  expect(decodeUtf8(Buffer.from("école Zoë 🎉"))).toEqual({ text: "école Zoë 🎉" });
  expect(badPercentEscape("tournament%5Bname%5D=Lat%E9in")).toBe("%E9");
  expect(badPercentEscape("name=%C3%A9cole")).toBeUndefined();
  expect(badPercentEscape("a=%zz%41")).toBeUndefined();
});

it("lets an error other than the decoder's refusal through: a text too long for V8 is no bad byte", () => {
  // A file past V8's longest string (~512 MB) is too large to build here: the decoder's
  // RangeError stands in for it.
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = () => {
    throw new RangeError("Invalid string length");
  };
  try {
    expect(() => decodeUtf8(Buffer.from("ok"))).toThrow(RangeError);
  } finally {
    TextDecoder.prototype.decode = decode;
  }
});
