/**
 * How many failed attempts the sign-in pages allow, and from whom (issue 14,
 * item 3: a user code is short, so guessing must not work; nor must guessing
 * passwords; issue 24, item 5: no one may lock anyone else out).
 *
 * Every count is kept per client address (the TCP peer's; an IPv6 address by
 * its /64, what one host is usually given), in this process's memory (a restart
 * forgets it; `serve` is one process per database address). No count is global,
 * so whatever one address sends, a person elsewhere signs in as usual.
 *
 * - passwords: per (username, address), 3 wrong passwords free, then a wait
 *   that doubles with each further one: 1 s, 2 s, 4 s ... up to 15 minutes.
 *   Per address, over every username (guessing one password for many
 *   accounts), the same past 20. A right password clears its pair's count.
 *   Each attempt counts when it starts, so attempts sent at once cannot slip
 *   past the count while their passwords are being hashed. A username that does
 *   not exist only ever delays itself, at the address that tried it.
 * - user codes: 5 wrong codes per signed-in user, 10 per address, per 15
 *   minutes. A user code has 20^8 (2.6e10) values and lives 10 minutes.
 * - device authorizations: 20 per address per 10 minutes (each is a row; a
 *   person logging in needs one).
 * - polls of one device code (DevicePolls): one sooner than its interval is
 *   answered slow_down from here, without a write; its interval grows 5 s per
 *   such poll up to 60 s (MAX_POLL_INTERVAL_SECONDS).
 *
 * Past a limit an attempt is refused before it is checked (429 with
 * Retry-After), so it costs neither a password hash nor a lookup.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** Failures allowed free, then waits doubling from `firstDelayMs` up to `maxDelayMs`. */
export interface Backoff {
  readonly free: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  /** A record is forgotten this long after its wait has passed with no new failure. */
  readonly forgetMs: number;
}

export const LIMITS = {
  passwordPerAccount: {
    free: 3,
    firstDelayMs: SECOND_MS,
    maxDelayMs: 15 * MINUTE_MS,
    forgetMs: 15 * MINUTE_MS,
  },
  passwordPerAddress: {
    free: 20,
    firstDelayMs: SECOND_MS,
    maxDelayMs: 15 * MINUTE_MS,
    forgetMs: 15 * MINUTE_MS,
  },
  userCodePerUser: { max: 5, windowMs: 15 * MINUTE_MS },
  userCodePerAddress: { max: 10, windowMs: 15 * MINUTE_MS },
  deviceCodesPerAddress: { max: 20, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, Limit | Backoff>;

/** Keys counted at once; past it the oldest are forgotten (their windows have mostly passed). */
const MAX_KEYS = 10_000;

/** Adds `key` last to `map`, forgetting the oldest key past MAX_KEYS. */
function keep<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_KEYS) map.delete(map.keys().next().value!);
}

/** The key of a client address: IPv4 (also IPv4-mapped IPv6) as it is, IPv6 by its /64. */
export function addressKey(address: string | undefined): string {
  if (address === undefined || address === "") return "local";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** Failures in a sliding window: past `max`, wait until the oldest leaves it. */
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
    keep(this.times, key, times);
  }

  private recent(key: string, now: number): number[] {
    const times = this.times.get(key) ?? [];
    const from = times.findIndex((t) => t > now - this.limit.windowMs);
    return from === -1 ? [] : from === 0 ? times : times.slice(from);
  }
}

interface Failures {
  readonly count: number;
  readonly last: number;
}

/** Failures with growing waits between them (Backoff); a success clears them. */
export class BackoffCounter {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly backoff: Backoff) {}

  /** The wait after `count` failures, in ms. */
  delayAfter(count: number): number {
    const { free, firstDelayMs, maxDelayMs } = this.backoff;
    if (count < free) return 0;
    return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(count - free, 30));
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const record = this.current(key, now);
    if (record === undefined) return 0;
    const until = record.last + this.delayAfter(record.count);
    return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
  }

  /** Counts one failure (or an attempt not yet known to succeed). */
  fail(key: string, now: number): void {
    const count = (this.current(key, now)?.count ?? 0) + 1;
    keep(this.failures, key, { count, last: now });
  }

  /** Takes back one failure counted for an attempt that succeeded. */
  forgive(key: string): void {
    const record = this.failures.get(key);
    if (record === undefined) return;
    if (record.count <= 1) this.failures.delete(key);
    else this.failures.set(key, { count: record.count - 1, last: record.last });
  }

  /** Forgets every failure of `key`. */
  clear(key: string): void {
    this.failures.delete(key);
  }

  private current(key: string, now: number): Failures | undefined {
    const record = this.failures.get(key);
    if (record === undefined) return undefined;
    const forgetAt = record.last + this.delayAfter(record.count) + this.backoff.forgetMs;
    if (now < forgetAt) return record;
    this.failures.delete(key);
    return undefined;
  }
}

/** RFC 8628 §3.5: what each slow_down adds to a device code's interval. */
export const SLOW_DOWN_STEP_SECONDS = 5;

/**
 * The longest a device code's interval grows to (unless serve's --poll-interval is longer):
 * the interval tourney login takes at most (auth/device-grant.ts MAX_INTERVAL_SECONDS), and
 * still ten polls within a code's 10 minutes. Before, it grew without bound (18,255 s after
 * 3,650 early polls, an outside review): one burst of early polls left the code unusable.
 */
export const MAX_POLL_INTERVAL_SECONDS = 60;

export interface Poll {
  /** When the code was polled last (epoch ms), on time or not; undefined: never. */
  readonly at: number | undefined;
  /** Seconds its polls must be apart from now on. */
  readonly interval: number;
}

/**
 * The last poll and the interval of each device code being polled, by its row id. What
 * the database holds (the last poll on time) is the start when the code is not here (not
 * polled since serve started, or forgotten past MAX_KEYS); a poll on time writes the
 * interval there, so a restart forgets at most the slow_downs since.
 */
export class DevicePolls {
  private readonly polls = new Map<number, Poll>();

  constructor(private readonly maxInterval: number) {}

  /**
   * Whether a poll of `id` at `now` comes sooner than its interval; one that does is counted
   * here (its slow_down), one on time only once written (`polled`): a poll whose write failed
   * (the database busy, 503) has not happened, and its retry is not too soon.
   */
  poll(
    id: number,
    stored: Poll,
    now: number,
  ): { readonly early: boolean; readonly since: number; readonly interval: number } {
    const last = this.polls.get(id) ?? stored;
    const since = last.at === undefined ? Number.POSITIVE_INFINITY : now - last.at;
    const was = this.bounded(last.interval);
    const early = since < was * 1000;
    const interval = early ? this.bounded(was + SLOW_DOWN_STEP_SECONDS) : was;
    if (early) keep(this.polls, id, { at: now, interval });
    return { early, since, interval };
  }

  /** A poll on time of `id`, written with its interval. */
  polled(id: number, now: number, interval: number): void {
    keep(this.polls, id, { at: now, interval });
  }

  /** The interval of `id` from now on: what its slow_downs made it, else `stored`, bounded. */
  intervalOf(id: number, stored: number): number {
    return this.bounded(this.polls.get(id)?.interval ?? stored);
  }

  /** A longer one (stored before the bound) is taken as the bound. */
  private bounded(interval: number): number {
    return Math.min(this.maxInterval, interval);
  }

  forget(id: number): void {
    this.polls.delete(id);
  }
}

/** The counters of one service. */
export class OAuthLimits {
  readonly passwordPerAccount = new BackoffCounter(LIMITS.passwordPerAccount);
  readonly passwordPerAddress = new BackoffCounter(LIMITS.passwordPerAddress);
  readonly userCodePerUser = new AttemptCounter(LIMITS.userCodePerUser);
  readonly userCodePerAddress = new AttemptCounter(LIMITS.userCodePerAddress);
  readonly deviceCodesPerAddress = new AttemptCounter(LIMITS.deviceCodesPerAddress);
  readonly devicePolls: DevicePolls;

  constructor(pollIntervalSeconds: number) {
    this.devicePolls = new DevicePolls(Math.max(MAX_POLL_INTERVAL_SECONDS, pollIntervalSeconds));
  }
}
