/**
 * serve's reads of many of a tournament's matches when the main thread's cache does not
 * hold the tournament's rows (issue 27's scale review): a list of matches (v2.1, v2.0, a
 * community's, v1), a tournament or participant with `include_matches=1` (v1). The
 * request is answered as it comes, the cache refusing to load more than DEFER_ROWS rows
 * at once (StoreCache.deferOver): when the route would, the cache throws ColdRows, the
 * rows are warmed a chunk an event-loop turn (warm-matches.ts, as after a start in the
 * write worker), other requests answered in between, and the request is answered again
 * once they are held. So the route's own checks come first: a tournament the caller may
 * not see (another account's private one) is 404 before any row is read, as an unknown
 * one is, whether its rows are held or not; before, the check for cold rows warmed them
 * first (seconds at 124,750 matches), and the 404 came that much later.
 *
 * Before 5c50e78 the list loaded all of the tournament's rows in one turn, every other
 * request waiting: 500-player round robin (124,750 matches), 2.6-4.3 s. Read from SQL
 * instead, a page sorts every row of the tournament (no index in the list's order):
 * 0.5-1.0 s a page, 0.1 s its count at load 16.
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { CachedMatches } from "../store/cache/cached-matches.js";
import { ColdRows } from "../store/cache/held-check.js";
import type { ServiceContext } from "./context.js";
import type { Service } from "./types.js";
import { matchListOf } from "./write-worker/heavy-writes.js";

export { ColdRows };

/** Rows a read may load at once (a few ms); past it, the rows are warmed first. */
const DEFER_ROWS = 2048;

/**
 * Whether `request` is a read that may wait for a tournament's rows (a GET or HEAD of a
 * list of matches, or with `include_matches`): it holds its connection's later requests
 * until answered (http-server.ts, pipeline-order.ts), so that a pipelined write behind it
 * is not answered first.
 */
export function mayWarm(request: HttpRequest): boolean {
  const { method, path } = request;
  if (method !== "GET" && method !== "HEAD") return false;
  return matchListOf(request) !== undefined || /[?&]include_matches=/.test(path);
}

/**
 * Service.answerWarm: `request` answered with the cache refusing to load many rows at once;
 * the id of the tournament whose rows it would have loaded instead, if any. A service
 * without the cache (nothing is ever held) answers as it comes.
 */
export function warmAnswer(
  context: ServiceContext,
  handleSync: (request: HttpRequest) => HttpResponse,
): (request: HttpRequest) => HttpResponse | number {
  const { matches } = context;
  if (!(matches instanceof CachedMatches)) return handleSync;
  return (request) => {
    try {
      return matches.deferringLoads(DEFER_ROWS, () => handleSync(request));
    } catch (error) {
      if (error instanceof ColdRows) return error.tournamentId;
      throw error;
    }
  };
}

/**
 * Warm-ups a read waits through (each restarted by another connection's commit to the
 * tournament meanwhile) before it is answered as it comes (loading the rest at once).
 */
export const COLD_TRIES = 3;

type ColdService = Pick<Service, "answerWarm" | "warmMatches" | "oneLook" | "handleSync">;

/** serve's HTTP adapter's cold reads: one warm-up per tournament, shared by the reads waiting for it. */
export class ColdLists {
  readonly #warming = new Map<number, Promise<void>>();

  constructor(private readonly service: ColdService) {}

  /** `request` answered now, or once the rows it reads are held (a read that may warm: `mayWarm`). */
  answer(request: HttpRequest): HttpResponse | Promise<HttpResponse> {
    if (!mayWarm(request)) return this.service.handleSync(request);
    const now = this.service.answerWarm(request);
    return typeof now === "number" ? this.#afterWarm(now, request) : now;
  }

  async #afterWarm(id: number, request: HttpRequest): Promise<HttpResponse> {
    const { service } = this;
    for (let tries = 1; ; tries++) {
      await this.#warm(id);
      // A look of its own: another connection's commit since may have dropped the rows again.
      const response = service.oneLook(() =>
        tries < COLD_TRIES ? service.answerWarm(request) : service.handleSync(request),
      );
      if (typeof response !== "number") return response;
      id = response;
    }
  }

  /** Until T's rows are held (or the warm-up stopped); its stages' indexes are built after. */
  #warm(id: number): Promise<void> {
    let rows = this.#warming.get(id);
    if (rows !== undefined) return rows;
    let held = () => {};
    const rowsHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const done = this.service.warmMatches(id, held);
    rows = Promise.race([rowsHeld, done])
      .catch(() => {}) // answered anyway: the route says what is wrong
      .finally(() => this.#warming.delete(id));
    this.#warming.set(id, rows);
    return rows;
  }
}
