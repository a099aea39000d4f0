/**
 * A stage's BracketIndex. When the store holds the stage's rows (the cache, in
 * a long-lived process) it is built from them once and kept with them (rebuilt
 * when the stage changes). Otherwise it reads the plan around the matches it
 * is asked about, by key: a report reads its match's dependents and the
 * stage's terminal rows, not the stage. Measured (bench/scale.mjs, embedded
 * CLI, 16,384-player double elimination): rebuilding the index from every row
 * was 32 % of a `match report` process.
 */
import {
  type BracketIndex,
  buildIndex,
  type Feed,
  indexSteps,
  type PlannedMatch,
} from "../../engine/index.js";
import type { MatchRow, MatchStore, StageRef } from "../../store/match-rows.js";
import type { MatchRepository } from "../../store/matches-repository.js";
import { plannedFrom } from "./match-codec.js";

/** A stage's BracketIndex: the one built from the rows the store holds, else one read by key. */
export function stageIndex(matches: MatchStore, ref: StageRef): BracketIndex {
  return (
    matches.derivedFromHeld(ref, (rows) => buildIndex(rows.map(plannedFrom))) ??
    new KeyedIndex(matches, ref)
  );
}

/**
 * Keeps the index of a stage just stored from `plan` (the planned matches its
 * rows were made from), when the store holds its rows, so that the first
 * report need not rebuild it from rows.
 */
export function seedStageIndex(
  matches: MatchStore,
  ref: StageRef,
  plan: readonly PlannedMatch[],
): void {
  matches.derivedFromHeld(ref, () => buildIndex(plan));
}

/** Rows decoded, or index entries made, in one step of `heldIndexSteps`. */
const PART = 1000;

/**
 * The index `stageIndex` builds from a stage's held rows (in play order), a step per PART
 * rows decoded and per PART matches of each of `buildIndex`'s passes: serve builds the
 * indexes of a tournament its write worker started this way, through its work gate, once
 * the rows are warm (warm-matches.ts); in one piece, at 50,000 players, it was 580 ms of
 * the first report's turn. Undefined for a stage no slot of which is fed by a match (round
 * robin, swiss, free for all: their results move nobody on; a report there builds none).
 */
export function* heldIndexSteps(
  rows: readonly MatchRow[],
  part = PART,
): Generator<void, BracketIndex | undefined> {
  const plan: PlannedMatch[] = [];
  let fed = false;
  for (const row of rows) {
    const match = plannedFrom(row);
    plan.push(match);
    fed ||= match.player1.type !== "participant" || match.player2.type !== "participant";
    if (plan.length % part === 0) yield;
  }
  if (!fed) return undefined;
  return yield* indexSteps(plan, part);
}

/**
 * Builds, a step at a time, the index of each stage of T whose rows are held and that has
 * none; kept as `stageIndex` would keep it (unless a row was added meanwhile). Returns how
 * many it kept.
 */
export function stageIndexSteps(
  matches: MatchRepository,
  tournamentId: number,
  part = PART,
): Generator<void, number> {
  return matches.deriveInParts(tournamentId, (rows) => heldIndexSteps(rows, part));
}

export function stageOf(row: MatchRow): StageRef {
  return { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id };
}

/**
 * A read-only map whose entries are fetched one key at a time (and kept);
 * walking it (size, iteration) takes the whole map from `whole`.
 */
class KeyedMap<V> implements ReadonlyMap<string, V> {
  private readonly known = new Map<string, V | undefined>();

  constructor(
    private readonly fetch: (key: string) => V | undefined,
    private readonly whole: () => ReadonlyMap<string, V>,
  ) {}

  /** An entry learnt by another read. */
  prime(key: string, value: V): void {
    this.known.set(key, value);
  }

  get(key: string): V | undefined {
    if (this.known.has(key)) return this.known.get(key);
    const value = this.fetch(key);
    this.known.set(key, value);
    return value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  get size(): number {
    return this.whole().size;
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this.whole()) callback(value, key, this);
  }

  entries(): MapIterator<[string, V]> {
    return this.whole().entries();
  }

  keys(): MapIterator<string> {
    return this.whole().keys();
  }

  values(): MapIterator<V> {
    return this.whole().values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.whole().entries();
  }
}

/**
 * The index of a stage whose rows the store does not hold, read by plan key:
 * a match is its row (matches_plan), its feeds the rows whose sources name it
 * (matches_player1_from, matches_player2_from), the terminal keys a flagged
 * few (matches_terminal). Walking `matches` or `feeds` builds the whole index
 * from the stage's rows, as before. One per request: plan columns never
 * change, but rows may be added to the stage after it.
 */
class KeyedIndex implements BracketIndex {
  readonly matches: KeyedMap<PlannedMatch>;
  readonly feeds: KeyedMap<readonly Feed[]>;
  private terminalKeys: readonly string[] | undefined;
  private built: BracketIndex | undefined;

  constructor(
    private readonly store: MatchStore,
    private readonly ref: StageRef,
  ) {
    this.matches = new KeyedMap(
      (key) => this.planned(store.findByKey(ref, key)),
      () => this.whole().matches,
    );
    this.feeds = new KeyedMap(
      (key) => this.feedsOf(key),
      () => this.whole().feeds,
    );
  }

  get terminal(): readonly string[] {
    this.terminalKeys ??= this.store.terminalKeys(this.ref);
    return this.terminalKeys;
  }

  private planned(row: MatchRow | undefined): PlannedMatch | undefined {
    return row === undefined ? undefined : plannedFrom(row);
  }

  /** The slots `key` feeds, in play order of their matches (as buildIndex orders them). */
  private feedsOf(key: string): readonly Feed[] | undefined {
    const feeds: Feed[] = [];
    for (const row of this.store.fedBy(this.ref, key)) {
      const match = plannedFrom(row);
      this.matches.prime(match.key, match);
      for (const slot of ["player1", "player2"] as const) {
        const source = match[slot];
        if (source.type !== "participant" && source.match === key)
          feeds.push({ match: match.key, slot, takes: source.type });
      }
    }
    return feeds.length === 0 ? undefined : feeds;
  }

  private whole(): BracketIndex {
    this.built ??= buildIndex(this.store.stageRows(this.ref).map(plannedFrom));
    return this.built;
  }
}
