/**
 * The compressed pieces of one version of a tournament's snapshot (gzip-pieces.ts), slot by
 * slot ("p3": the participants' third page, "m7": the matches' seventh): a slot whose text
 * has the digest the previous version's had takes its piece as it is; a slot known unchanged
 * without being read (snapshot-changes.ts) takes it too (`keep`); any other is compressed
 * anew, on libuv's threads, while reading goes on.
 */
import { digestOf, makePiece, type Piece } from "./gzip-pieces.js";

/** Pages compressed at once (libuv's threads), as the one gzip stream before had one. */
const MAX_DEFLATING = 2;

export class Pieces {
  readonly #made = new Map<string, Promise<Piece>>();
  readonly #order: string[] = [];
  /** Compressions under way: at most MAX_DEFLATING, so a build from nothing holds a few pages' bytes, not all. */
  readonly #deflating = new Set<Promise<Piece>>();
  /** Pieces taken from the previous version (by digest or unread). */
  reused = 0;

  constructor(private readonly previous: ReadonlyMap<string, Piece> | undefined) {}

  /** The previous version's piece of `slot`, if it had one. */
  before(slot: string): Piece | undefined {
    return this.previous?.get(slot);
  }

  /** Takes the previous version's piece of `slot`, not read again (its text is known the same). */
  keep(slot: string, piece: Piece): void {
    this.#order.push(slot);
    this.#made.set(slot, Promise.resolve(piece));
    this.reused++;
  }

  /** Adds the text of `slot`; true when it is the previous version's, reused. */
  add(slot: string, text: string): boolean {
    const digest = digestOf(text);
    const before = this.previous?.get(slot);
    if (before !== undefined && before.digest === digest) {
      this.keep(slot, before);
      return true;
    }
    this.#order.push(slot);
    const made = makePiece(text, digest);
    this.#deflating.add(made);
    const settled = () => this.#deflating.delete(made);
    made.then(settled, settled);
    this.#made.set(slot, made);
    return false;
  }

  /** Resolves once fewer than MAX_DEFLATING compressions are under way (backpressure on reading). */
  async room(): Promise<void> {
    while (this.#deflating.size >= MAX_DEFLATING)
      await Promise.race(this.#deflating).catch(() => {});
  }

  async done(): Promise<{ pieces: Map<string, Piece>; list: Piece[] }> {
    const list = await Promise.all(this.#order.map((slot) => this.#made.get(slot)!));
    return { pieces: new Map(this.#order.map((slot, i) => [slot, list[i]!])), list };
  }
}
