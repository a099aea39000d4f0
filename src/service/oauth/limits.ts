/**
 * How many failed attempts the sign-in pages allow (issue 14, item 3: a user
 * code is short, so guessing must not work; nor must guessing passwords).
 * Failures are counted per key in a sliding window on the service's clock, in
 * this process's memory (a restart forgets them; `serve` is one process per
 * database address). Past the limit an attempt is refused before it is checked
 * (429 with Retry-After), so it costs neither a password hash nor a lookup.
 *
 * - sign-in: 5 wrong passwords per username, 100 in all, per 15 minutes;
 * - user codes: 5 wrong codes per signed-in user, 50 in all, per 15 minutes.
 *   A user code has 20^8 (2.6e10) values and lives 10 minutes, so 50 guesses a
 *   quarter of an hour find a live one with odds below 1e-8 per code.
 * - device authorizations: 120 issued per 10 minutes in all (each is a row).
 */

const MINUTE_MS = 60_000;

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

export const LIMITS = {
  passwordPerUser: { max: 5, windowMs: 15 * MINUTE_MS },
  passwordInAll: { max: 100, windowMs: 15 * MINUTE_MS },
  userCodePerUser: { max: 5, windowMs: 15 * MINUTE_MS },
  userCodeInAll: { max: 50, windowMs: 15 * MINUTE_MS },
  deviceCodes: { max: 120, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, Limit>;

/** Keys counted at once; past it the oldest are forgotten (their windows have mostly passed). */
const MAX_KEYS = 10_000;

export class AttemptCounter {
  private readonly times = new Map<string, number[]>();

  constructor(private readonly limit: Limit) {}

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit.max) return 0;
    return Math.max(1, Math.ceil((times[0]! + this.limit.windowMs - now) / 1000));
  }

  /** Counts one attempt of `key` (a failure, or an issued code). */
  count(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    this.times.delete(key);
    this.times.set(key, times);
    if (this.times.size > MAX_KEYS) this.times.delete(this.times.keys().next().value!);
  }

  private recent(key: string, now: number): number[] {
    const times = this.times.get(key) ?? [];
    const from = times.findIndex((t) => t > now - this.limit.windowMs);
    return from === -1 ? [] : from === 0 ? times : times.slice(from);
  }
}

/** The counters of one service. */
export class OAuthLimits {
  readonly passwordPerUser = new AttemptCounter(LIMITS.passwordPerUser);
  readonly passwordInAll = new AttemptCounter(LIMITS.passwordInAll);
  readonly userCodePerUser = new AttemptCounter(LIMITS.userCodePerUser);
  readonly userCodeInAll = new AttemptCounter(LIMITS.userCodeInAll);
  readonly deviceCodes = new AttemptCounter(LIMITS.deviceCodes);
}
