/**
 * A GET or HEAD of a tournament's list of matches on serve when the main thread's cache
 * does not hold the tournament's rows (issue 27's scale review): the rows are warmed first,
 * a chunk an event-loop turn (warm-matches.ts, as after a start in the write worker), and
 * the request is answered from them once they are held, as it was answered before; the
 * other requests are answered between the chunks.
 *
 * Before, the list (cached-matches.ts `list`, `count`) loaded all of the tournament's rows
 * in one turn, every other request waiting: after another connection's commit (the CLI
 * reporting on the same file drops everything held) or on serve's first read of a
 * tournament started before it. 500-player round robin (124,750 matches): 2.6-4.3 s.
 * Read from SQL instead, a page sorts every row of the tournament (no index in the list's
 * order): 0.5-1.0 s a page, 0.1 s its count here at load 16 (/tmp sqlite on the file).
 */
import type { HttpRequest, HttpResponse } from "../model/http.js";
import { CachedMatches } from "../store/cache/cached-matches.js";
import type { ServiceContext } from "./context.js";
import type { Service } from "./types.js";
import { matchListOf } from "./write-worker/heavy-writes.js";

/** Tournament urls remembered with their ids (`coldMatchList`), at most. */
const MAX_URLS = 64;

/**
 * Service.coldMatches: the id of the tournament whose list of matches `request` reads, if
 * its rows are not held; undefined for any other request, an unknown tournament (the route
 * answers 404 as before), or a service without the cache (nothing is ever held). A url's id
 * is remembered and checked against the tournament's held row: when its rows are held (every
 * list but a cold one), no query more than the route's (a url read by SQL: a row and its
 * settings parsed).
 */
export function coldMatchList(
  context: ServiceContext,
): (request: HttpRequest) => number | undefined {
  const ids = new Map<string, number>();
  const { matches, tournaments } = context;
  if (!(matches instanceof CachedMatches)) return () => undefined;
  const idOf = (ref: string) => {
    if (/^\d+$/.test(ref)) return tournaments.findById(Number(ref))?.id;
    const known = ids.get(ref);
    if (known !== undefined && matches.holds(known) && tournaments.findById(known)?.url === ref)
      return known;
    const id = tournaments.findByUrl(ref)?.id;
    if (ids.size >= MAX_URLS) ids.clear();
    if (id !== undefined) ids.set(ref, id);
    return id;
  };
  return (request) => {
    const ref = matchListOf(request);
    if (ref === undefined) return undefined;
    return context.inRequest(() => {
      const id = idOf(ref);
      return id === undefined || matches.holds(id) ? undefined : id;
    });
  };
}

/**
 * Warm-ups a read waits through (each restarted by another connection's commit meanwhile,
 * which drops what was held) before it is answered as it comes (loading the rest at once).
 */
export const COLD_TRIES = 3;

type ColdService = Pick<Service, "coldMatches" | "warmMatches" | "oneLook" | "handleSync">;

/** serve's HTTP adapter's cold lists: one warm-up per tournament, shared by the reads waiting for it. */
export class ColdLists {
  readonly #warming = new Map<number, Promise<void>>();

  constructor(private readonly service: ColdService) {}

  /**
   * The answer to `request` once its tournament's rows are held, when it reads a list of
   * matches whose rows are not (asked within the turn's look); else undefined: answer it now.
   */
  answer(request: HttpRequest): Promise<HttpResponse> | undefined {
    const id = this.service.coldMatches(request);
    return id === undefined ? undefined : this.#afterWarm(id, request);
  }

  async #afterWarm(id: number, request: HttpRequest): Promise<HttpResponse> {
    const { service } = this;
    for (let tries = 1; ; tries++) {
      await this.#warm(id);
      // A look of its own: another connection's commit since may have dropped the rows again.
      const response = service.oneLook(() =>
        tries < COLD_TRIES && service.coldMatches(request) !== undefined
          ? undefined
          : service.handleSync(request),
      );
      if (response !== undefined) return response;
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
