/** The stored shape of match rows, and what writes and queries of them take. */
export type MatchState = "pending" | "open" | "complete";

export interface MatchRow {
  readonly id: number;
  readonly tournament_id: number;
  readonly stage: "final" | "group";
  readonly group_id: number | null;
  readonly plan_key: string;
  readonly side: string;
  readonly round: number;
  readonly identifier: string;
  readonly suggested_play_order: number;
  readonly player1_source: string;
  readonly player2_source: string;
  readonly only_if_loser_wins: string | null;
  readonly active: number;
  readonly player1_id: number | null;
  readonly player2_id: number | null;
  readonly state: MatchState;
  readonly winner_id: number | null;
  readonly loser_id: number | null;
  readonly tie: number;
  readonly score_sets: string | null;
  readonly entries: string | null;
  readonly underway_at: string | null;
  readonly completed_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface NewMatch {
  readonly stage: "final" | "group";
  readonly groupId: number | null;
  readonly key: string;
  readonly side: string;
  readonly round: number;
  readonly identifier: string;
  readonly suggestedPlayOrder: number;
  readonly player1Source: string;
  readonly player2Source: string;
  readonly onlyIfLoserWins: string | null;
  readonly active: boolean;
  readonly player1Id: number | null;
  readonly player2Id: number | null;
  readonly state: MatchState;
  /** Free for all: the match's participants, as entries. */
  readonly entries?: string | null;
}

export interface MatchFilter {
  readonly state?: MatchState;
  readonly participantId?: number;
  /** A match identifier as stored (A, B, ... AA): one per stage, so one a group. */
  readonly identifier?: string;
}

/** A stage of a tournament: the final stage, or one group of the group stage. */
export interface StageRef {
  readonly tournamentId: number;
  readonly stage: "final" | "group";
  readonly groupId: number | null;
}

export interface MatchResultUpdate {
  readonly state: MatchState;
  readonly winnerId: number | null;
  readonly loserId: number | null;
  readonly tie: boolean;
  readonly scoreSets: string | null;
  readonly entries: string | null;
  readonly completedAt: string | null;
}

export interface MatchResultRow {
  readonly state: MatchState;
  readonly winner_id: number | null;
  readonly loser_id: number | null;
}

/** Active matches of a tournament, and how many of them are complete. */
export interface MatchCounts {
  readonly total: number;
  readonly complete: number;
}

/** The columns a write after insertion may change (updated_at is set by every write). */
export type MatchChanges = Partial<
  Pick<
    MatchRow,
    | "player1_id"
    | "player2_id"
    | "state"
    | "active"
    | "winner_id"
    | "loser_id"
    | "tie"
    | "score_sets"
    | "entries"
    | "underway_at"
    | "completed_at"
  >
>;

/**
 * What the service reads and writes of match rows (and swiss byes), whether
 * from the database directly (MatchRepository) or through the cache
 * (store/cache/cached-matches.ts). Rows are plain data; read them again after
 * a write (the cache applies a write to the row it holds, in place).
 */
export interface MatchStore {
  insertMany(tournamentId: number, matches: Iterable<NewMatch>, now: string): void;
  find(tournamentId: number, id: number): MatchRow | undefined;
  findByKey(ref: StageRef, key: string): MatchRow | undefined;
  /** A lookup of a stage's results by plan key; use it within one request. */
  stageLookup(ref: StageRef): (key: string) => MatchResultRow | undefined;
  /** Every row of a stage (inactive resets included), in play order. */
  stageRows(ref: StageRef): MatchRow[];
  /**
   * What `derive` works out from a stage's rows (in play order) when the store
   * holds them (the cache, until the stage gains a row); undefined when it does
   * not (the plain store never does): then read the plan by key (`fedBy`,
   * `terminalKeys`). Only for what depends on the stage's plan (columns no
   * write changes), not on results.
   */
  derivedFromHeld<T>(ref: StageRef, derive: (rows: readonly MatchRow[]) => T): T | undefined;
  /** Rows of a stage whose player1 or player2 takes `key`'s winner or loser, in play order. */
  fedBy(ref: StageRef, key: string): MatchRow[];
  /**
   * Plan keys of a stage's terminal rows (no row takes their winner), in play
   * order; none in a stage whose rows all start from participants.
   */
  terminalKeys(ref: StageRef): string[];
  list(tournamentId: number, filter: MatchFilter, limit?: number, offset?: number): MatchRow[];
  count(tournamentId: number, filter?: MatchFilter): number;
  /** Match counts of each tournament of `ids` (every id present, zeros when none). */
  counts(ids: readonly number[]): Map<number, MatchCounts>;
  /**
   * Active rows of the stage that are not complete. `atMost` (> 0): the count may stop
   * there (any figure >= atMost then), what a check of the stage's completion needs.
   */
  countIncomplete(ref: StageRef, atMost?: number): number;
  countIncompleteInStage(tournamentId: number, stage: "final" | "group"): number;
  countStage(ref: StageRef): number;
  maxRound(ref: StageRef): number;
  /** Groups of the group stage that have matches, in order. */
  groups(tournamentId: number): number[];
  /**
   * The play order of each open match of the tournament (id -> suggested_play_order),
   * what stations' auto-assign weighs: not the rows (issue 27).
   */
  openOrders(tournamentId: number): Map<number, number>;
  /** Open matches of a participant (for forfeits), in play order. */
  openMatchesOf(tournamentId: number, participantId: number): MatchRow[];
  /** The one write of a stored match: `changes` and updated_at. */
  update(id: number, changes: MatchChanges, now: string): void;
  setResult(id: number, result: MatchResultUpdate, now: string): void;
  setSlot(
    ref: StageRef,
    key: string,
    slot: "player1" | "player2",
    participantId: number | null,
    now: string,
    state?: MatchState,
  ): void;
  /** `setSlot` of a row whose id the caller has. */
  setSlotOf(
    id: number,
    slot: "player1" | "player2",
    participantId: number | null,
    now: string,
    state?: MatchState,
  ): void;
  setState(ref: StageRef, key: string, state: MatchState, active: boolean, now: string): void;
  setStateOf(id: number, state: MatchState, active: boolean, now: string): void;
  setUnderway(id: number, at: string | null, now: string): void;
  setEntries(id: number, entries: string, now: string): void;
  deleteStage(tournamentId: number, stage: "final" | "group"): void;
  deleteAll(tournamentId: number): void;
  /** Removes a stage's rounds after `round`, and their byes. */
  deleteRoundsAfter(ref: StageRef, round: number): void;
  addBye(ref: StageRef, round: number, participantId: number): void;
  byes(ref: StageRef): { participantId: number; round: number }[];
  deleteByes(tournamentId: number, stage?: "final" | "group"): void;
}
