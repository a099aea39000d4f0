/**
 * The JSON text of reusable replies (router.ts `Reply.reusable`: a body that is
 * a function of the stored data, the URL and the user), kept per URL and user
 * while the store's generation stays the same: any write on this connection or
 * any commit of another one seen by the request's look changes it, and the
 * texts of an older generation are dropped whole when a newer one is seen.
 * Only the text is kept: the route still runs (its lookups, 404s and checks,
 * and any write a read makes, such as a check-in opening), so a reply whose
 * route wrote something gets a new generation and a fresh text.
 *
 * Measured gain (`serve` under autocannon -c 32, 64-player double elimination,
 * in-process handler on a WAL file): JSON.stringify of a page of 25 matches
 * (13 KB) is 26-30 us of the 34 us the handler spends on it on Node 20 (V8's
 * serialiser runs at about 460 MB/s here; a hand-built text was no faster);
 * reused, the page costs what its route costs (6-7 us). The tournament (1.7 KB):
 * 3-4 us of 8 us.
 */

import type { HttpResponse } from "../model/http.js";

/**
 * A reply's text and, once asked, its length in UTF-8 bytes, kept with it: serve's
 * HTTP adapter sends the length (Content-Length), which Buffer.byteLength works out
 * by reading the whole text (0.79 us for the 1.8 KB of a tournament, 10^6 calls).
 */
export class ReplyText {
  #bytes: number | undefined;

  constructor(readonly text: string) {}

  get bytes(): number {
    this.#bytes ??= Buffer.byteLength(this.text, "utf8");
    return this.#bytes;
  }
}

/** Texts longer than this are not kept (a page of 1,000 matches is about 530 KB). */
const MAX_TEXT_CHARS = 256 * 1024;
/** All texts kept, in UTF-16 code units (about bytes for this ASCII-heavy JSON). */
const MAX_HELD_CHARS = 8 * 1024 * 1024;

export class ReplyMemo {
  private readonly texts = new Map<string, ReplyText>();
  private generation: string | undefined;
  private held = 0;

  /** The text kept for `key` at `generation`, if any (Reply.makeBody: then no body is made). */
  kept(key: string, generation: string): ReplyText | undefined {
    this.#at(generation);
    return this.texts.get(key);
  }

  /** The text of `key` at `generation`: the one kept, or `make()`'s, then kept. */
  text(key: string, generation: string, make: () => string): ReplyText {
    this.#at(generation);
    const kept = this.texts.get(key);
    if (kept !== undefined) return kept;
    const made = new ReplyText(make());
    const size = made.text.length;
    if (size > MAX_TEXT_CHARS) return made;
    for (const [oldest, old] of this.texts) {
      if (this.held + size <= MAX_HELD_CHARS) break;
      this.texts.delete(oldest);
      this.held -= old.text.length;
    }
    this.texts.set(key, made);
    this.held += size;
    return made;
  }

  /** Texts of an older generation are dropped whole. */
  #at(generation: string): void {
    if (generation === this.generation) return;
    this.texts.clear();
    this.held = 0;
    this.generation = generation;
  }
}

/**
 * A reply with a JSON body: `json` is the reply's own object (never shared), or
 * undefined when its text was kept; `body` its text, serialised on first read (the
 * HTTP server reads it, the in-process transport seldom does), or the kept text;
 * `bodyBytes` its length when kept (reply-memo.ts ReplyText). Both are accessors:
 * copy them by name.
 */
export class JsonResponse implements HttpResponse {
  #text: ReplyText | string | undefined;

  constructor(
    readonly status: number,
    readonly headers: Readonly<Record<string, string>>,
    readonly json: unknown,
    text: ReplyText | ((json: unknown) => ReplyText | string),
  ) {
    if (typeof text === "function") this.#textOf = text;
    else this.#text = text;
  }

  readonly #textOf: ((json: unknown) => ReplyText | string) | undefined;

  get body(): string {
    this.#text ??= this.#textOf!(this.json);
    return typeof this.#text === "string" ? this.#text : this.#text.text;
  }

  get bodyBytes(): number | undefined {
    return this.#text instanceof ReplyText ? this.#text.bytes : undefined;
  }
}
