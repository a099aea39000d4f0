/**
 * Warming a tournament's match rows in the main thread's cache, a chunk a turn
 * (issue 27). After serve's write worker starts a tournament, the main thread's
 * cache holds none of its rows (another connection wrote them); the first read of
 * many of them, or the first report, loaded them all in one turn: 100-130k rows,
 * 2.6-3.0 s at 50,000 players, every other request waiting. Warmed here instead,
 * each turn reading as many rows as fit in TURN_MS (measured as it goes), the
 * requests of other turns answered in between; meanwhile a page or a count of the
 * tournament's matches is read from SQL (cached-matches.ts).
 *
 * Once the rows are held, the bracket index of each of its stages is built from them a
 * step at a time (bracket/stage-index.ts `stageIndexSteps`, run by `inParts`: serve's
 * work gate): the first report after the start built it in one turn, 580 ms at 50,000
 * players (99,998 rows), every other request waiting behind it.
 */
import type { MatchRepository } from "../store/matches-repository.js";
import { stageIndexSteps } from "./bracket/stage-index.js";

/** What one turn of the warm-up aims to take. */
const TURN_MS = 8;
/** Rows in the first turn, and the bounds of a turn's rows. */
const FIRST_ROWS = 500;
const MIN_ROWS = 64;
const MAX_ROWS = 16_384;

export interface WarmOptions {
  /** Stop after this long (the rest loads on first use); default 20 s. */
  readonly deadlineMs?: number;
  /** Rows a turn, fixed (tests); default: measured, TURN_MS a turn. */
  readonly rows?: number;
  /** Rows or matches an index step takes (tests); default stage-index.ts's. */
  readonly indexPart?: number;
  /** Runs steps a few at a time (serve's work gate); default: TURN_MS of them a turn. */
  readonly inParts?: <T>(steps: Generator<void, T>) => Promise<T>;
  /** Told once the rows are held (or the warm-up stopped), before the indexes are built. */
  readonly rowsHeld?: (() => void) | undefined;
}

const nextTurn = () => new Promise<void>((done) => setImmediate(done));

/** Runs steps to their end, TURN_MS of them (one at least) a turn of the event loop. */
async function inTurns<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    await nextTurn();
    const until = performance.now() + TURN_MS;
    let next = steps.next();
    while (next.done !== true && performance.now() < until) next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** The rows of the next turn: as many as took TURN_MS at this turn's pace, at most twice as many. */
function nextRows(rows: number, ms: number): number {
  if (ms <= 0.05) return rows; // nothing read (a transaction was open): no measure
  const fit = Math.round((rows * TURN_MS) / ms);
  return Math.max(MIN_ROWS, Math.min(MAX_ROWS, rows * 2, fit));
}

/**
 * Loads tournament `id`'s match rows into `matches`' cache, a chunk a turn, then builds
 * its stages' bracket indexes from them in parts; resolves when both are done.
 */
export async function warmMatches(
  matches: MatchRepository,
  id: number,
  options: WarmOptions = {},
): Promise<void> {
  const held = await warmRows(matches, id, options);
  options.rowsHeld?.();
  if (!held) return;
  await (options.inParts ?? inTurns)(stageIndexSteps(matches, id, options.indexPart));
}

/**
 * The warm-up of the rows; true once they are held (false: stopped at its deadline). Alone
 * (no index pass) for serve's standings GET (public/standings-answer.ts): rows held, it is
 * one look; the index pass went over every stage each time (30-60 ms at 3,001 stages).
 */
export async function warmRows(
  matches: MatchRepository,
  id: number,
  options: WarmOptions = {},
): Promise<boolean> {
  const deadline = performance.now() + (options.deadlineMs ?? 20_000);
  let rows = options.rows ?? FIRST_ROWS;
  for (;;) {
    await nextTurn();
    const t0 = performance.now();
    if (matches.warmStep(id, rows)) return true;
    const t1 = performance.now();
    if (t1 > deadline) return false;
    if (options.rows === undefined) rows = nextRows(rows, t1 - t0);
  }
}
