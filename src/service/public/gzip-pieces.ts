/**
 * A snapshot's data.json as independently compressed pieces (issue 24): each page of
 * records is deflated on its own (raw deflate, ended by a sync flush, so it starts and
 * ends on a byte and refers to nothing before it), and the pieces, concatenated between
 * a gzip header and a trailer, are one valid gzip stream. A new version of a tournament
 * thus reuses the very bytes of every page whose text did not change, and compresses only
 * the pages that did; the trailer's CRC-32 is combined from the pieces' own (as zlib's
 * crc32_combine does), so no text is kept or read again. Each piece carries the operator
 * that moves a CRC-32 past its bytes, made once with the piece: joining a version's pieces
 * (650 of them at 50,000 players) then costs a few microseconds, not 20-40 ms in one turn.
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
  /** The operator appending `bytes` zero bytes to a CRC-32 (`zerosOperator`). */
  readonly zeros: Uint32Array;
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
  return {
    deflated,
    crc: zlib.crc32(raw),
    bytes: raw.length,
    digest,
    zeros: zerosOperator(raw.length),
  };
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
    crc = (times(piece.zeros, crc) ^ piece.crc) >>> 0;
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

/** `a` after `b` (both GF(2) operators on 32 bits, column n the image of bit n). */
function compose(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(32);
  for (let n = 0; n < 32; n++) out[n] = times(a, b[n]!);
  return out;
}

/**
 * The operator that appends `length` zero bytes to a CRC-32 (zlib's crc32_combine, as a
 * matrix): the one-byte operator raised to `length` by squaring.
 */
export function zerosOperator(length: number): Uint32Array {
  let result: Uint32Array = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  let op: Uint32Array = new Uint32Array(32);
  op[0] = 0xedb88320; // the CRC-32 polynomial: one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) op[n] = row >>> 0;
  for (let bits = 0; bits < 3; bits++) op = compose(op, op); // eight zero bits: one byte
  for (let left = Math.max(0, Math.floor(length)); left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) result = compose(op, result);
    if (left > 1) op = compose(op, op);
  }
  return result;
}

/** The CRC-32 of A followed by B from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, length: number): number {
  return (times(zerosOperator(length), crcA >>> 0) ^ crcB) >>> 0;
}
