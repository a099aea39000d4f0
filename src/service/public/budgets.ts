/**
 * Budgets of serve's public surfaces (issue 24, docs/serve-limits.md): how many of a kind
 * of long response (event streams, data.json transfers) one client address and all
 * clients together may hold open. Past a budget the request is answered at once, 429 (this
 * address) or 503 (everyone), with Retry-After, never left to wait.
 */
import type { IncomingMessage } from "node:http";
import type { HttpResponse } from "../../model/http.js";
import { addressKey } from "../oauth/limits.js";

const JSON_TYPE = "application/json; charset=utf-8";

/** What one admitted request holds until it calls `release` (once; later calls do nothing). */
export type Release = () => void;

function refusal(status: 429 | 503, detail: string, retryAfter: number): HttpResponse {
  return {
    status,
    headers: {
      "content-type": JSON_TYPE,
      "cache-control": "no-store",
      "retry-after": String(retryAfter),
    },
    body: JSON.stringify({ errors: [{ status, detail }] }),
  };
}

export class Budget {
  readonly #byAddress = new Map<string, number>();
  #total = 0;

  /**
   * `what`: the plural noun of the refusal ("open event streams"); `perAddress` and
   * `total`: how many may be held at once; `retryAfter`: seconds told to wait; `whose`:
   * what one key of `admit` is, as the 429 names it.
   */
  constructor(
    readonly what: string,
    readonly perAddress: number,
    readonly total: number,
    readonly retryAfter = 5,
    readonly whose = "from this address",
  ) {}

  /** Held now, by `address` or (no address) in all. */
  held(address?: string): number {
    return address === undefined ? this.#total : (this.#byAddress.get(address) ?? 0);
  }

  /** Admits one more for `address`, or answers the refusal. */
  admit(address: string): Release | HttpResponse {
    const mine = this.#byAddress.get(address) ?? 0;
    if (mine >= this.perAddress)
      return refusal(
        429,
        `too many ${this.what} ${this.whose} (at most ${this.perAddress} at once); close one or retry after ${this.retryAfter} s`,
        this.retryAfter,
      );
    if (this.#total >= this.total)
      return refusal(
        503,
        `the server holds its most ${this.what} (${this.total}); retry after ${this.retryAfter} s`,
        this.retryAfter,
      );
    this.#byAddress.set(address, mine + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.#byAddress.delete(address);
      else this.#byAddress.set(address, left);
    };
  }
}

/**
 * The key of the request's client in the budgets: its address, an IPv6 address by its /64
 * (what one host is usually given, and may take any source address of), an IPv4-mapped one
 * as the IPv4 address, as the sign-in limits count them (oauth/limits.ts). Before, the full
 * IPv6 address: one host with a /64 was as many clients as it liked.
 */
export function addressOf(req: IncomingMessage): string {
  return addressKey(req.socket.remoteAddress);
}

/**
 * Anonymous event streams (the bracket page's; the API's only in process, without a
 * credential): each holds a socket and, while its backlog is written, a list of
 * references to shared events. 32 an address covers a venue's phones behind one NAT
 * and the 24 clients of bench/public-load.mjs; 512 in all keeps serve within its
 * file descriptors and memory (docs/serve-limits.md).
 */
export const streamBudget = (): Budget => new Budget("open event streams", 32, 512);

/**
 * The API's event streams of a valid credential (`tourney watch`), counted per credential and
 * apart from the anonymous ones: spectators holding every anonymous stream no longer refuse
 * the organiser's own watch. 8 a credential covers a few watches and a scoreboard; 64 in all
 * keeps both budgets and the data.json transfers within 1,024 file descriptors.
 */
export const apiStreamBudget = (): Budget =>
  new Budget("open event streams", 8, 64, 5, "with this credential");

/**
 * data.json transfers: each sends the shared gzipped chunks (no copy), or, to a client
 * that does not take gzip, inflates them as it goes (CPU on libuv's threads, a socket's
 * worth of memory). 32 an address, 256 in all (docs/serve-limits.md).
 */
export const dataBudget = (): Budget => new Budget("bracket data transfers", 32, 256);
