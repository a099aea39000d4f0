/**
 * When a match's pair became known (watch-events.ts `openedAt`), for many matches at
 * once: its creation, or the latest completion of an earlier match of one of its
 * players. Asked for a few matches (one look after a report) each is a scan of the
 * snapshot's matches; asked for many (the history of a whole tournament, issue 24: a
 * 50,000-player double elimination's 99,998 matches scanned once per open match took
 * 9.1 s), an index of each player's completions answers each by binary search.
 */

/** What the answer reads of a match. */
export interface Pairing {
  /** Its players (two; a free-for-all table's all), null for a slot unknown. */
  readonly ids: readonly (string | null)[];
  readonly completedAt: string | null;
  readonly createdAt: string;
  readonly roundRobin: boolean;
}

const time = (iso: string | null): number => (iso === null ? Number.NaN : Date.parse(iso));
const later = (a: string, b: string | null): string => (b !== null && time(b) > time(a) ? b : a);

/** Scans before the index is built: below this, a scan each is cheaper. */
const SCANS_BEFORE_INDEX = 16;

/** One player's completions, ascending by time. */
interface Completions {
  readonly times: number[];
  readonly isos: string[];
}

function indexOf(all: Iterable<Pairing>): Map<string, Completions> {
  const byPlayer = new Map<string, { t: number; iso: string }[]>();
  for (const m of all) {
    const t = time(m.completedAt);
    if (Number.isNaN(t)) continue;
    for (const p of new Set(m.ids)) {
      if (p === null) continue;
      const list = byPlayer.get(p) ?? [];
      if (list.length === 0) byPlayer.set(p, list);
      list.push({ t, iso: m.completedAt! });
    }
  }
  const index = new Map<string, Completions>();
  for (const [p, list] of byPlayer) {
    list.sort((a, b) => a.t - b.t);
    index.set(p, { times: list.map((c) => c.t), isos: list.map((c) => c.iso) });
  }
  return index;
}

/** The latest completion strictly before `bound` in `c`, if any. */
function latestBefore(c: Completions | undefined, bound: number): string | null {
  if (c === undefined || Number.isNaN(bound)) return null;
  let lo = 0;
  let hi = c.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c.times[mid]! < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : c.isos[lo - 1]!;
}

function scan(m: Pairing, all: Iterable<Pairing>, bound: number): string {
  let at = m.createdAt;
  for (const other of all) {
    if (other === m || other.completedAt === null || !(time(other.completedAt) < bound)) continue;
    if (other.ids.some((p) => p !== null && m.ids.includes(p))) at = later(at, other.completedAt);
  }
  return at;
}

/**
 * A function answering when each match of `all` opened: the same answer as a scan of
 * `all`, from an index once it has been asked more than `scans` times (a diff from
 * nothing, which asks it of every open match, indexes at once: at 50,000 players its
 * first 16 scans of 99,998 matches were 60 ms of one step of a `?since=` history).
 */
export function openedAtOf(
  all: { values(): Iterable<Pairing> },
  scans = SCANS_BEFORE_INDEX,
): (m: Pairing) => string {
  let asked = 0;
  let index: Map<string, Completions> | undefined;
  return (m) => {
    if (m.roundRobin) return m.createdAt;
    const bound = m.completedAt === null ? Number.POSITIVE_INFINITY : time(m.completedAt);
    if (++asked <= scans) return scan(m, all.values(), bound);
    index ??= indexOf(all.values());
    let at = m.createdAt;
    for (const p of new Set(m.ids))
      if (p !== null) at = later(at, latestBefore(index.get(p), bound));
    return at;
  };
}
