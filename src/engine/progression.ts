/**
 * Moving results through a planned stage.
 *
 * Build a `BracketIndex` once from the planned matches (as stored), then per
 * reported match ask `advance` what changes: which slots get which participant,
 * which matches become playable, whether the grand-final reset is needed. The
 * work is proportional to the matches fed by the reported one, not to the size
 * of the bracket. Results of other matches are read through a `ResultLookup`
 * (a `Map` works, so does a store-backed `get`).
 */
import { EngineRuleError } from "./errors.js";
import type { PlannedMatch } from "./types.js";

/** The winner and the loser of a completed elimination match. */
export interface MatchOutcome {
  readonly winnerId: number;
  readonly loserId: number;
}

/** Completed results by match key; `undefined` for a match not (yet) completed. */
export interface ResultLookup {
  get(key: string): MatchOutcome | undefined;
}

export type SlotName = "player1" | "player2";

/** A slot of a match that takes the winner or the loser of another match. */
export interface Feed {
  readonly match: string;
  readonly slot: SlotName;
  readonly takes: "winner" | "loser";
}

/** A stage's matches, indexed for progression. Build it with `buildIndex`. */
export interface BracketIndex {
  readonly matches: ReadonlyMap<string, PlannedMatch>;
  /** For each match key, the slots fed by its winner or loser. */
  readonly feeds: ReadonlyMap<string, readonly Feed[]>;
  /** Matches whose winner goes nowhere: the stage is over when all of them are. */
  readonly terminal: readonly string[];
}

export interface SlotAssignment {
  readonly match: string;
  readonly slot: SlotName;
  readonly participantId: number;
}

export interface Advancement {
  /** Participants placed by this result, in play order of the matches. */
  readonly assignments: readonly SlotAssignment[];
  /** Matches that now know both participants (and so can be played). */
  readonly playable: readonly string[];
  /**
   * For a match followed by a reset (GF1): "required" when player2 won and the
   * reset must be played, "cancelled" when player1 won. Otherwise null.
   */
  readonly reset: "required" | "cancelled" | null;
  /** Every match of the stage is complete (an unneeded reset counts as complete). */
  readonly stageComplete: boolean;
}

/** Indexes planned matches (any order; sources must name matches of the same list). */
export function buildIndex(plan: readonly PlannedMatch[]): BracketIndex {
  return completed(indexSteps(plan, Number.POSITIVE_INFINITY));
}

/** Runs steps to their end (no pause): their result. */
export function completed<T>(steps: Generator<void, T>): T {
  let next = steps.next();
  while (next.done !== true) next = steps.next();
  return next.value;
}

/**
 * `buildIndex` a part at a time: yields after every `part` matches of each of its
 * passes, and returns the very index `buildIndex` makes (which runs it with no pause).
 * A caller that must not hold the event loop long (serve, after its write worker started
 * a 99,998-match bracket: 370 ms in one piece) runs a few steps a turn.
 */
export function* indexSteps(
  plan: readonly PlannedMatch[],
  part: number,
): Generator<void, BracketIndex> {
  const matches = new Map<string, PlannedMatch>();
  let n = 0;
  for (const match of plan) {
    if (matches.has(match.key)) throw new EngineRuleError(`duplicate match key ${match.key}`);
    matches.set(match.key, match);
    if (++n % part === 0) yield;
  }
  const feeds = new Map<string, Feed[]>();
  for (const match of plan) {
    feedsOf(matches, feeds, match);
    if (++n % part === 0) yield;
  }
  for (const list of feeds.values()) {
    list.sort((a, b) => order(matches, a.match) - order(matches, b.match));
    if (++n % part === 0) yield;
  }
  const terminal: string[] = [];
  for (const m of plan) {
    if (!(feeds.get(m.key) ?? []).some((feed) => feed.takes === "winner")) terminal.push(m.key);
    if (++n % part === 0) yield;
  }
  return { matches, feeds, terminal };
}

/** Adds the slots of `match` its sources feed to `feeds`. */
function feedsOf(
  matches: ReadonlyMap<string, PlannedMatch>,
  feeds: Map<string, Feed[]>,
  match: PlannedMatch,
): void {
  for (const slot of ["player1", "player2"] as const) {
    const source = match[slot];
    if (source.type === "participant") continue;
    if (!matches.has(source.match)) {
      throw new EngineRuleError(`match ${match.key} is fed by unknown match ${source.match}`);
    }
    const list = feeds.get(source.match);
    const feed: Feed = { match: match.key, slot, takes: source.type };
    // Lists of one or two made at their size (a match feeds two slots at most, but for
    // a reset): a list grown by push holds room for 17, 150 bytes each of 99,998 lists.
    if (list === undefined) feeds.set(source.match, [feed]);
    else if (list.length === 1) feeds.set(source.match, [list[0]!, feed]);
    else list.push(feed);
  }
}

function order(matches: ReadonlyMap<string, PlannedMatch>, key: string): number {
  return matches.get(key)?.suggestedPlayOrder ?? 0;
}

function matchOf(index: BracketIndex, key: string): PlannedMatch {
  const match = index.matches.get(key);
  if (match === undefined) throw new EngineRuleError(`no match ${key} in this stage`);
  return match;
}

/** The participant in `match`'s slot, if known from the plan and the results. */
function participantIn(
  match: PlannedMatch,
  results: ResultLookup,
  slot: SlotName,
): number | undefined {
  const source = match[slot];
  if (source.type === "participant") return source.participantId;
  const outcome = results.get(source.match);
  if (outcome === undefined) return undefined;
  return source.type === "winner" ? outcome.winnerId : outcome.loserId;
}

/** The participant in a slot, if known from the plan and the results. */
export function slotParticipant(
  index: BracketIndex,
  results: ResultLookup,
  key: string,
  slot: SlotName,
): number | undefined {
  return participantIn(matchOf(index, key), results, slot);
}

/** `isUnneededReset` of a match already looked up (a report asks it of a few). */
function unneededReset(index: BracketIndex, results: ResultLookup, match: PlannedMatch): boolean {
  const decider = match.onlyIfLoserWins;
  if (decider === undefined) return false;
  const outcome = results.get(decider);
  if (outcome === undefined) return false;
  return outcome.winnerId !== participantIn(matchOf(index, decider), results, "player2");
}

/**
 * Whether `key` is a reset that will not be played: the match it depends on
 * (`onlyIfLoserWins`) is complete and its player1 won.
 */
export function isUnneededReset(index: BracketIndex, results: ResultLookup, key: string): boolean {
  return unneededReset(index, results, matchOf(index, key));
}

/**
 * Whether every match of the stage is complete or an unneeded reset. Looks at
 * the terminal matches only (the final, third place, GF...): for elimination
 * stages that is a handful; in round robin every match is terminal.
 */
export function isStageComplete(index: BracketIndex, results: ResultLookup): boolean {
  return index.terminal.every((key) => {
    if (results.get(key) !== undefined) return true;
    return isUnneededReset(index, results, key);
  });
}

/** Checks that winner and loser are the two participants of `match`, when both are known. */
function checkOutcome(
  index: BracketIndex,
  results: ResultLookup,
  match: PlannedMatch,
  outcome: MatchOutcome,
) {
  const key = match.key;
  if (outcome.winnerId === outcome.loserId) {
    throw new EngineRuleError(`match ${key}: winner and loser must differ`);
  }
  if (unneededReset(index, results, match)) {
    throw new EngineRuleError(`match ${key} is not played: player1 won the match before it`);
  }
  const player1 = participantIn(match, results, "player1");
  const player2 = participantIn(match, results, "player2");
  if (player1 === undefined || player2 === undefined) {
    throw new EngineRuleError(`match ${key} does not know both participants yet`);
  }
  const fits =
    (outcome.winnerId === player1 && outcome.loserId === player2) ||
    (outcome.winnerId === player2 && outcome.loserId === player1);
  if (!fits) {
    throw new EngineRuleError(
      `match ${key} is between ${player1} and ${player2}, not ${outcome.winnerId} and ${outcome.loserId}`,
    );
  }
}

const NO_FEEDS: readonly Feed[] = [];

/**
 * What completing match `key` with `outcome` changes. `results` holds the other
 * completed matches (it may or may not already hold this one). Throws
 * EngineRuleError for an unknown match, a match whose participants are not both
 * known, or an outcome that does not name them. Each match is looked up once
 * (the helpers take it, not its key: issue 27).
 */
export function advance(
  index: BracketIndex,
  results: ResultLookup,
  key: string,
  outcome: MatchOutcome,
): Advancement {
  checkOutcome(index, results, matchOf(index, key), outcome);
  const withThis: ResultLookup = { get: (k) => (k === key ? outcome : results.get(k)) };
  const assignments: SlotAssignment[] = [];
  const playable: string[] = [];
  let reset: Advancement["reset"] = null;
  for (const feed of index.feeds.get(key) ?? NO_FEEDS) {
    const target = matchOf(index, feed.match);
    if (target.onlyIfLoserWins === key) {
      reset = unneededReset(index, withThis, target) ? "cancelled" : "required";
      if (reset === "cancelled") continue;
    }
    const participantId = feed.takes === "winner" ? outcome.winnerId : outcome.loserId;
    assignments.push({ match: feed.match, slot: feed.slot, participantId });
    const other = feed.slot === "player1" ? "player2" : "player1";
    const known = participantIn(target, withThis, other) !== undefined;
    if (known && !playable.includes(feed.match)) playable.push(feed.match);
  }
  return { assignments, playable, reset, stageComplete: isStageComplete(index, withThis) };
}

/** Every match that depends on `key`, directly or not, in play order (without `key`). */
export function dependentsOf(index: BracketIndex, key: string): string[] {
  matchOf(index, key);
  const seen = new Set<string>();
  const queue = [key];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const feed of index.feeds.get(next) ?? []) {
      if (seen.has(feed.match)) continue;
      seen.add(feed.match);
      queue.push(feed.match);
    }
  }
  return [...seen].sort((a, b) => order(index.matches, a) - order(index.matches, b));
}

export interface Reopening {
  /** Matches whose result is cleared with `key`'s: every dependent, in play order. */
  readonly dependents: readonly string[];
  /** Slots that lose their participant: fed by `key` or by a dependent. */
  readonly clearedSlots: readonly { readonly match: string; readonly slot: SlotName }[];
}

/**
 * What reopening `key` resets: its dependents lose their results, and every
 * slot filled from `key` or from a dependent becomes unknown again. Slots fed by
 * participants or by matches that do not depend on `key` keep their participant.
 */
export function reopenEffects(index: BracketIndex, key: string): Reopening {
  const dependents = dependentsOf(index, key);
  const cleared = new Set([key, ...dependents]);
  const clearedSlots: { match: string; slot: SlotName }[] = [];
  for (const match of dependents) {
    for (const slot of ["player1", "player2"] as const) {
      const source = matchOf(index, match)[slot];
      if (source.type !== "participant" && cleared.has(source.match)) {
        clearedSlots.push({ match, slot });
      }
    }
  }
  return { dependents, clearedSlots };
}

/** Matches both of whose participants are known before any result: the ones to open first. */
export function openingMatches(index: BracketIndex): string[] {
  return [...index.matches.values()]
    .filter((m) => m.player1.type === "participant" && m.player2.type === "participant")
    .map((m) => m.key);
}
