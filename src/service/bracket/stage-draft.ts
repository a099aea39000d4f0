/**
 * The functional core's working copy of a stage. A transition reads the stage
 * through the draft (its own changes included, so that a forfeit after an
 * advancement sees the advanced players) and records every write as a
 * `StageChange`; the shell applies the list in one transaction (stage-io.ts).
 * Matches are named by plan key, so that a change can name a match that an
 * earlier change of the same list inserts.
 */
import type { PlannedMatch, ResultLookup, SlotName } from "../../engine/index.js";
import type { TournamentState } from "../../model/tournament.js";
import { newMatchRow } from "../../store/match-columns.js";
import type { MatchResultUpdate, MatchRow, MatchState, NewMatch } from "../../store/match-rows.js";
import { outcomeOf } from "./match-codec.js";
import type { Bye } from "./round-plans.js";
import type { StageParticipant, StageState } from "./stage-state.js";

/**
 * A change of one row names it by plan key and, when the draft read it, by `id` (the
 * row's id; 0 for a row this draft added, or one it did not find): the shell writes by
 * id without finding the row again (3 lookups by key a report; with the other cuts of
 * issue 27, docs/development.md).
 */
export type StageChange =
  | {
      readonly kind: "result";
      readonly key: string;
      readonly id: number;
      readonly result: MatchResultUpdate;
    }
  | {
      readonly kind: "entries";
      readonly key: string;
      readonly id: number;
      readonly entries: string;
    }
  | {
      readonly kind: "slot";
      readonly key: string;
      readonly id: number;
      readonly slot: SlotName;
      readonly participantId: number | null;
      /** Also sets the match's state, and makes it active (undefined: neither). */
      readonly state: MatchState | undefined;
    }
  | {
      readonly kind: "state";
      readonly key: string;
      readonly id: number;
      readonly state: MatchState;
      readonly active: boolean;
    }
  | { readonly kind: "insert"; readonly matches: readonly NewMatch[] }
  /**
   * A stage planned whole at its start, stored as the plan yields it: a round
   * robin comes as an iterable (read once, by the shell; never held whole),
   * an elimination plan as an array (which also gives the stage's index).
   */
  | { readonly kind: "plan"; readonly plan: readonly PlannedMatch[] | Iterable<PlannedMatch> }
  | { readonly kind: "bye"; readonly bye: Bye }
  | { readonly kind: "drop_rounds_after"; readonly round: number }
  | { readonly kind: "tournament_state"; readonly state: TournamentState };

/** The fields of every kind of change: each change has all of them (`blank`). */
type ChangeFields = {
  kind: StageChange["kind"];
  key: string | undefined;
  id: number | undefined;
  result: MatchResultUpdate | undefined;
  entries: string | undefined;
  slot: SlotName | undefined;
  participantId: number | null | undefined;
  state: MatchState | TournamentState | undefined;
  active: boolean | undefined;
  matches: readonly NewMatch[] | undefined;
  plan: readonly PlannedMatch[] | Iterable<PlannedMatch> | undefined;
  bye: Bye | undefined;
  round: number | undefined;
};

/**
 * A change of `kind` with every field of every kind, in one order (the ones its kind does not
 * use undefined; the caller sets its own): one object shape for all the changes. A shape a
 * kind, as before, made the stage-completing report (a 5th shape: the tournament's state)
 * throw away applyChanges' optimised code at a process's first bracket end (issue 27).
 * With the other shape fixes of a2abba1: `node bench/report-cpu.mjs --store file --runs 16
 * --against /work/base-6bd0a48` 0.928 of the CPU a report (load 3.1; docs/development.md).
 */
function blank(kind: StageChange["kind"], key?: string, id?: number): ChangeFields {
  return {
    kind,
    key,
    id,
    result: undefined,
    entries: undefined,
    slot: undefined,
    participantId: undefined,
    state: undefined,
    active: undefined,
    matches: undefined,
    plan: undefined,
    bye: undefined,
    round: undefined,
  };
}

type Row = { -readonly [K in keyof MatchRow]: MatchRow[K] };

const incomplete = (row: MatchRow) => (row.active === 1 && row.state !== "complete" ? 1 : 0);

/**
 * A copy of a row, every column named: `{ ...row }` was the largest self time
 * of a report in a CPU profile of bench/engine.mjs --only de; the named copy
 * does not show there (in instructions, cachegrind, the whole run is 1 % cheaper).
 */
function copyRow(r: MatchRow): Row {
  return {
    id: r.id,
    tournament_id: r.tournament_id,
    stage: r.stage,
    group_id: r.group_id,
    plan_key: r.plan_key,
    side: r.side,
    round: r.round,
    identifier: r.identifier,
    suggested_play_order: r.suggested_play_order,
    player1_source: r.player1_source,
    player2_source: r.player2_source,
    only_if_loser_wins: r.only_if_loser_wins,
    active: r.active,
    player1_id: r.player1_id,
    player2_id: r.player2_id,
    state: r.state,
    winner_id: r.winner_id,
    loser_id: r.loser_id,
    tie: r.tie,
    score_sets: r.score_sets,
    entries: r.entries,
    underway_at: r.underway_at,
    completed_at: r.completed_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export class StageDraft {
  readonly changes: StageChange[] = [];
  /** Rows this draft changed or added, by plan key (copies: the state's rows stay as loaded). */
  private readonly edited = new Map<string, Row>();
  private readonly added: Row[] = [];
  private readonly addedByes: Bye[] = [];
  /** Rounds after this one are gone (a reopened swiss or free-for-all match). */
  private droppedAfter = Number.POSITIVE_INFINITY;
  private incompleteDelta = 0;
  private people: Map<number, StageParticipant | undefined> | undefined;
  tournamentState: TournamentState;

  constructor(
    readonly state: StageState,
    /** The time every changed row is stamped with. */
    readonly now: string,
  ) {
    this.tournamentState = state.tournament.state;
  }

  row(key: string): MatchRow | undefined {
    const row = this.edited.get(key) ?? this.state.row(key);
    return row === undefined || row.round > this.droppedAfter ? undefined : row;
  }

  /** Every row of the stage as changed so far, in play order (added rows last). */
  rows(): MatchRow[] {
    const rows: MatchRow[] = [];
    for (const row of this.state.rows()) {
      const current = this.edited.get(row.plan_key) ?? row;
      if (current.round <= this.droppedAfter) rows.push(current);
    }
    return rows.concat(this.added);
  }

  countIncomplete(): number {
    if (this.droppedAfter !== Number.POSITIVE_INFINITY)
      return this.rows().reduce((n, row) => n + incomplete(row), 0);
    return this.state.countIncomplete() + this.incompleteDelta;
  }

  /**
   * Whether no active row of the stage is left incomplete, this draft's changes included.
   * The stored rows are counted only as far as the answer needs: one more than this draft
   * completed (issue 27: a round robin's report counted, and loaded, the whole stage).
   */
  isComplete(): boolean {
    if (this.droppedAfter !== Number.POSITIVE_INFINITY) return this.countIncomplete() === 0;
    const delta = this.incompleteDelta; // the stored count is >= 0: delta > 0 leaves some
    return delta <= 0 && this.state.countIncomplete(1 - delta) + delta === 0;
  }

  /** Complete one-on-one results, this draft's included (for the engine's progression). */
  results(): ResultLookup {
    if (this.droppedAfter !== Number.POSITIVE_INFINITY)
      return { get: (key) => outcomeOf(this.row(key)) };
    return { get: (key) => outcomeOf(this.edited.get(key) ?? this.state.result(key)) };
  }

  byes(): readonly Bye[] {
    const byes = this.state.byes().filter((b) => b.round <= this.droppedAfter);
    return byes.concat(this.addedByes);
  }

  participant(id: number): StageParticipant | undefined {
    this.people ??= new Map(); // one at a time, not the whole list: removal-report-reads.test
    if (!this.people.has(id)) this.people.set(id, this.state.entrants(new Set([id]))[0]);
    return this.people.get(id);
  }

  /**
   * The row of `key` to edit (this draft's copy), or undefined if the draft has no such row;
   * `file` then keeps it. Two steps, not a closure a change (issue 27: an allocation of
   * each change of each report).
   */
  private editable(key: string): Row | undefined {
    const current = this.row(key);
    if (current === undefined) return undefined;
    return this.edited.get(key) ?? copyRow(current);
  }

  /** Files `row`, edited from `editable(key)` (`before`: its `incomplete` then); its id. */
  private file(key: string, row: Row, before: number): number {
    row.updated_at = this.now;
    this.incompleteDelta += incomplete(row) - before;
    this.edited.set(key, row);
    return row.id;
  }

  setResult(key: string, result: MatchResultUpdate): void {
    const row = this.editable(key);
    let id = 0;
    if (row !== undefined) {
      const before = incomplete(row);
      row.state = result.state;
      row.winner_id = result.winnerId;
      row.loser_id = result.loserId;
      row.tie = result.tie ? 1 : 0;
      row.score_sets = result.scoreSets;
      row.entries = result.entries;
      row.completed_at = result.completedAt;
      if (result.state === "complete") row.underway_at = null;
      id = this.file(key, row, before);
    }
    const c = blank("result", key, id);
    c.result = result;
    this.changes.push(c as StageChange);
  }

  setEntries(key: string, entries: string): void {
    const row = this.editable(key);
    let id = 0;
    if (row !== undefined) {
      const before = incomplete(row);
      row.entries = entries;
      id = this.file(key, row, before);
    }
    const c = blank("entries", key, id);
    c.entries = entries;
    this.changes.push(c as StageChange);
  }

  setSlot(key: string, slot: SlotName, participantId: number | null, state?: MatchState): void {
    const row = this.editable(key);
    let id = 0;
    if (row !== undefined) {
      const before = incomplete(row);
      if (slot === "player1") row.player1_id = participantId;
      else row.player2_id = participantId;
      if (state !== undefined) {
        row.state = state;
        row.active = 1;
      }
      id = this.file(key, row, before);
    }
    const c = blank("slot", key, id);
    c.slot = slot;
    c.participantId = participantId;
    c.state = state;
    this.changes.push(c as StageChange);
  }

  setState(key: string, state: MatchState, active: boolean): void {
    const row = this.editable(key);
    let id = 0;
    if (row !== undefined) {
      const before = incomplete(row);
      row.state = state;
      row.active = active ? 1 : 0;
      id = this.file(key, row, before);
    }
    const c = blank("state", key, id);
    c.state = state;
    c.active = active;
    this.changes.push(c as StageChange);
  }

  /** Adds matches after the stage's rows (their ids are the store's to give). */
  insert(matches: readonly NewMatch[]): void {
    if (matches.length === 0) return;
    const c = blank("insert");
    c.matches = matches;
    this.changes.push(c as StageChange);
    const { ref } = this.state;
    for (const m of matches) {
      const row: Row = newMatchRow(m, ref.tournamentId, 0, this.now);
      this.added.push(row);
      this.edited.set(m.key, row);
      this.incompleteDelta += incomplete(row);
    }
  }

  /**
   * Stores a stage's whole plan (a stage's start, on an empty stage). The
   * draft does not read these rows back: nothing after a start does, and a
   * round robin's plan is streamed to the store, never held.
   */
  plan(plan: readonly PlannedMatch[] | Iterable<PlannedMatch>): void {
    const c = blank("plan");
    c.plan = plan;
    this.changes.push(c as StageChange);
  }

  addBye(bye: Bye): void {
    const c = blank("bye");
    c.bye = bye;
    this.changes.push(c as StageChange);
    this.addedByes.push(bye);
  }

  /** Removes the rounds after `round` (and their byes). Only before any insert. */
  dropRoundsAfter(round: number): void {
    const c = blank("drop_rounds_after");
    c.round = round;
    this.changes.push(c as StageChange);
    this.droppedAfter = Math.min(this.droppedAfter, round);
  }

  setTournamentState(state: TournamentState): void {
    const c = blank("tournament_state");
    c.state = state;
    this.changes.push(c as StageChange);
    this.tournamentState = state;
  }
}
