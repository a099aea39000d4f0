/**
 * A snapshot's data.json as independently compressed pieces (issue 24): each page of
 * records is deflated on its own (raw deflate, ended by a sync flush, so it starts and
 * ends on a byte and refers to nothing before it), and the pieces, concatenated between
 * a gzip header and a trailer, are one valid gzip stream. A new version of a tournament
 * thus reuses the very bytes of every page whose text did not change, and compresses only
 * the pages that did; the trailer's CRC-32 is combined from the pieces' own (as zlib's
 * crc32_combine does), so no text is kept or read again.
 */
/** One page's text, compressed, with what the gzip trailer needs of it. */
export interface Piece {
  /** Raw deflate, sync-flushed (no final block). */
  readonly deflated: Buffer;
  /** CRC-32 of the text's UTF-8 bytes. */
  readonly crc: number;
  /** The text's UTF-8 bytes. */
  readonly bytes: number;
  /** A digest of the text: equal digests, equal texts (what reuse compares). */
  readonly digest: string;
}

/** A piece of `text` (whose digest is `digest`), compressed on libuv's threads. */
export async function makePiece(text: string, digest: string): Promise<Piece> {
  const zlib = process.getBuiltinModule("node:zlib");
  const raw = Buffer.from(text, "utf8");
  const deflated = await new Promise<Buffer>((resolve, reject) =>
    zlib.deflateRaw(
      raw,
      { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH },
      (error: Error | null, out: Buffer) => (error === null ? resolve(out) : reject(error)),
    ),
  );
  return { deflated, crc: zlib.crc32(raw), bytes: raw.length, digest };
}

/** The digest `makePiece` gives `text` (SHA-1: only to tell two texts of one slot apart). */
export function digestOf(text: string): string {
  const crypto = process.getBuiltinModule("node:crypto");
  return crypto.createHash("sha1").update(text, "utf8").digest("base64");
}

/** A gzip header: deflate, no name, no time (the same bytes for every version). */
const HEADER = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
/** A final, empty, fixed-Huffman deflate block: ends the stream. */
const FINAL_BLOCK = [0x03, 0x00];

/** The gzip stream of `pieces` in order: the chunks to send, and the sizes. */
export function gzipOf(pieces: readonly Piece[]): {
  chunks: Buffer[];
  gzipBytes: number;
  jsonBytes: number;
} {
  let crc = 0;
  let jsonBytes = 0;
  let gzipBytes = HEADER.length + FINAL_BLOCK.length + 8;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.bytes);
    jsonBytes += piece.bytes;
    gzipBytes += piece.deflated.length;
  }
  const end = Buffer.alloc(FINAL_BLOCK.length + 8);
  end.set(FINAL_BLOCK, 0);
  end.writeUInt32LE(crc >>> 0, FINAL_BLOCK.length);
  end.writeUInt32LE(jsonBytes % 2 ** 32, FINAL_BLOCK.length + 4);
  const chunks = [Buffer.from(HEADER), ...pieces.map((p) => p.deflated), end];
  return { chunks, gzipBytes, jsonBytes };
}

/** The product of the 32x32 bit matrix `mat` (GF(2)) and `vec`. */
function times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0, v = vec >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= mat[i]!;
  return sum >>> 0;
}

function square(out: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) out[n] = times(mat, mat[n]!);
}

/**
 * The CRC-32 of A followed by B from crc(A), crc(B) and B's length (zlib's
 * crc32_combine): the operator "append a zero byte" applied `length` times by squaring.
 */
export function crc32Combine(crcA: number, crcB: number, length: number): number {
  if (length <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the CRC-32 polynomial: one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let left = length;
  for (;;) {
    square(even, odd); // the first pass: one zero byte
    if (left % 2 === 1) crc = times(even, crc);
    left = Math.floor(left / 2);
    if (left === 0) break;
    square(odd, even);
    if (left % 2 === 1) crc = times(odd, crc);
    left = Math.floor(left / 2);
    if (left === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}
