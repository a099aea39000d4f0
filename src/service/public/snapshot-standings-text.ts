/**
 * The standings' text in a snapshot (snapshot-build.ts), in slots of about STANDINGS_PAGE
 * records (at most MAX_STANDINGS_PAGE), each one unit of the work gate (issue 24). At
 * 50,000 players they were 50 pages of 1,000, each stringified and hashed every version:
 * 250-560 ms of serve's CPU a version, up to 143 ms in one unit. Now a slot is named by
 * its first record's id, and one whose records are, field by field and key by key, those
 * the previous version's slot of that name held (`sameJson`: the same JSON text, proved
 * without making it) takes that version's piece as it is; any other is written. A build
 * from nothing cuts the same slots, so the bytes are the same either way.
 */
import type { Pieces } from "./snapshot-pieces.js";
import type { WorkGate } from "./work-gate.js";

/**
 * Standings records a slot holds on average. A slot ends after a record whose id hashes
 * to 0 modulo this (content-defined, as rsync cuts files): a report moves its winner up
 * the standings and every later record one place on, and pages cut every N records would
 * all change; cut by content, only the pages the moved records leave and join do.
 */
export const STANDINGS_PAGE = 200;
/**
 * The most records a slot holds (one unit of the gate writes one): a cut is forced there
 * (about one page in 20; the pages after it are cut by content again from the next cutting id).
 */
export const MAX_STANDINGS_PAGE = 3 * STANDINGS_PAGE;

/** The standings' pages of one version (its records by slot), and how many were taken as they were. */
export interface StandingsText {
  readonly pages: ReadonlyMap<string, readonly unknown[]>;
  readonly kept: number;
}

/** FNV-1a of `text`, 32 bits, its bits mixed (murmur3's finalizer: FNV's low bits alone cut unevenly). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The id of a standings record (a document's `id`), or undefined. */
function idOf(record: unknown): string | undefined {
  const id = (record as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : undefined;
}

/** Where the page of `standings` starting at `at` ends (exclusive): after a cutting id, or at the most. */
function pageEnd(standings: readonly unknown[], at: number): number {
  const last = Math.min(standings.length, at + MAX_STANDINGS_PAGE);
  for (let i = at; i < last; i++) {
    const id = idOf(standings[i]);
    if (id === undefined || hashOf(id) % STANDINGS_PAGE === 0) return i + 1;
  }
  return last;
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function sameArray(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
  return true;
}

/**
 * Whether JSON.stringify gives `a` and `b` the same text: equal primitives (NaN never), or
 * arrays of such, or plain objects with the same keys in the same order (none a `toJSON`).
 * False whenever it cannot tell (another prototype): the page is then written.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  const arrays = Array.isArray(a);
  if (arrays !== Array.isArray(b)) return false;
  if (arrays) {
    const proto = Array.prototype;
    if (Object.getPrototypeOf(a) !== proto || Object.getPrototypeOf(b) !== proto) return false;
    return sameArray(a as unknown[], b as unknown[]);
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i]!;
    if (key !== keysB[i] || key === "toJSON" || !sameJson(x[key], y[key])) return false;
  }
  return true;
}

/** The slot of a page starting at `at` with `first`: named by its first record's id, or by place. */
function slotOf(at: number, first: unknown, used: ReadonlyMap<string, unknown>): string {
  const id = idOf(first);
  const named = `s${at === 0 ? "[" : ","}${id ?? ""}`;
  return id === undefined || used.has(named) ? `s#${at}` : named;
}

/**
 * Writes `standings` (null: none) into `pieces` as content-cut slots (at most
 * MAX_STANDINGS_PAGE records), a unit of `gate` each; a slot whose records are those the
 * previous version's same slot held (`before`) takes that version's piece unread.
 */
export async function writeStandings(
  gate: WorkGate,
  standings: readonly unknown[] | null,
  pieces: Pieces,
  before: ReadonlyMap<string, readonly unknown[]> | undefined,
): Promise<StandingsText> {
  if (!Array.isArray(standings)) {
    pieces.add("s0", `${JSON.stringify(standings)}}`);
    return { pages: new Map(), kept: 0 };
  }
  const pages = new Map<string, readonly unknown[]>();
  let kept = 0;
  let at = 0;
  do {
    const start = at;
    const same = await gate.run(() => {
      at = pageEnd(standings, start);
      const rows = standings.slice(start, at);
      const slot = slotOf(start, rows[0], pages);
      pages.set(slot, rows);
      const piece = pieces.before(slot);
      const was = before?.get(slot);
      if (piece !== undefined && was !== undefined && sameArray(was, rows)) {
        pieces.keep(slot, piece);
        return true;
      }
      const text = rows.map((s) => JSON.stringify(s)).join(",");
      pieces.add(slot, start === 0 ? `[${text}` : `,${text}`);
      return false;
    });
    if (same) kept++;
    await pieces.room();
  } while (at < standings.length);
  pieces.add("end", "]}");
  return { pages, kept };
}
