/**
 * A snapshot's data.json as independently compressed pieces (src/service/public/gzip-pieces.ts):
 * the pieces joined between a gzip header and a trailer are one valid gzip stream of the
 * texts in order, its CRC-32 combined from each piece's own through the operator the piece
 * carries (made once with it), as zlib's crc32 of the whole text.
 */
import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, digestOf, gzipOf, makePiece } from "../../src/service/public/gzip-pieces.js";

/** A text of `length` characters, some of them outside ASCII (several UTF-8 bytes). */
function textOf(length: number, seed: number): string {
  let out = "";
  for (let i = 0; i < length; i++)
    out += String.fromCharCode(32 + ((i * 7919 + seed * 104729) % 400));
  return out;
}

describe("gzip pieces", () => {
  it("combines CRC-32s as zlib's crc32 of the joined bytes, whatever the lengths", () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 5],
      [3, 1],
      [100, 7],
      [4096, 65_537],
      [250_000, 123_457],
    ] as const) {
      const left = Buffer.from(textOf(a, 1), "latin1");
      const right = Buffer.from(textOf(b, 2), "latin1");
      const joined = crc32(Buffer.concat([left, right]));
      expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(joined);
    }
  });

  it("joins pieces into one gzip stream of the texts in order, with the whole text's CRC-32", async () => {
    const texts = [0, 1, 17, 250, 4000, 70_000, 3].map((n, i) => textOf(n, i));
    const pieces = await Promise.all(texts.map((text) => makePiece(text, digestOf(text))));
    const { chunks, gzipBytes, jsonBytes } = gzipOf(pieces);
    const gzip = Buffer.concat(chunks);
    const whole = Buffer.from(texts.join(""), "utf8");
    expect(gunzipSync(gzip).equals(whole)).toBe(true);
    expect(gzip.length).toBe(gzipBytes);
    expect(jsonBytes).toBe(whole.length);
    expect(gzip.readUInt32LE(gzip.length - 8)).toBe(crc32(whole));
    // The same pieces in another order: another stream, still valid.
    const reversed = Buffer.concat(gzipOf([...pieces].reverse()).chunks);
    expect(gunzipSync(reversed).toString("utf8")).toBe([...texts].reverse().join(""));
  });
});
