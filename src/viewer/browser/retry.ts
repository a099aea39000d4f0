/**
 * When the page fetches its data again after a fetch failed (live.ts): a 429 or 503 (serve's
 * budgets, docs/serve-limits.md: many phones behind one address), a 5xx, no connection.
 * Not before the answer's Retry-After; otherwise 1 s, then twice as long each failure in a
 * row; never longer than a minute; and up to half as long again, at random, so that the
 * pages refused together do not all come back in the same instant. Before, the page gave up
 * until the tournament's next event, and a projector kept showing the result before last.
 */

/** The wait after the first failure that named none. */
const FIRST_WAIT_MS = 1000;
/** The longest wait, whatever Retry-After says: the page is not left stale for long. */
export const MAX_WAIT_MS = 60_000;
/** At most this share of the wait is added at random. */
const JITTER = 0.5;

/**
 * How long to wait after the `failures`-th failure in a row (1 for the first), the last
 * answer's Retry-After being `retryAfterMs` (undefined: none, or no answer at all).
 */
export function retryDelay(
  failures: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const backoff = FIRST_WAIT_MS * 2 ** Math.min(Math.max(failures, 1) - 1, 16);
  const wait = Math.min(MAX_WAIT_MS, Math.max(backoff, retryAfterMs ?? 0));
  return Math.min(MAX_WAIT_MS, Math.round(wait * (1 + JITTER * random())));
}

/** A Retry-After header's wait in milliseconds: seconds, or an HTTP date; undefined if neither. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day ("Fri, 27 Nov 2026 20:00:30 GMT"); Date.parse reads "-5" as a year.
  const at = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
