/**
 * Types shared by every part of the bracket engine.
 *
 * The engine is pure: it receives participants and results as plain data and
 * returns plans, pairings and standings as plain data. It never touches SQL,
 * HTTP, the clock or unseeded randomness. The service stores what the engine
 * plans and feeds results back in.
 */

/** A participant as the engine sees it: a stable id and a seed (1 = best). */
export interface EngineParticipant {
  readonly id: number;
  readonly seed: number;
}

/** One set (game) of a match, from player1's and player2's side. */
export type SetScore = readonly [player1: number, player2: number];

/**
 * The result of a completed one-on-one match, as standings and pairings read it.
 * `winnerId` null means a tie (round robin and swiss only). A bye is not a match
 * result: byes are passed separately where they matter (swiss).
 */
export interface MatchResult {
  readonly player1Id: number;
  readonly player2Id: number;
  readonly winnerId: number | null;
  /** Set scores from player1's side; may be empty when only the winner was reported. */
  readonly sets: readonly SetScore[];
  /** Round number the match belongs to (1-based). */
  readonly round: number;
}

/** Where a match slot's participant comes from. */
export type SlotSource =
  | { readonly type: "participant"; readonly participantId: number }
  | { readonly type: "winner"; readonly match: string }
  | { readonly type: "loser"; readonly match: string };

/** Which part of a stage a planned match belongs to. */
export type BracketSide =
  | "winners"
  | "losers"
  | "grand_final"
  | "third_place"
  /** Single elimination's placement matches below third place (5th-8th and on: placements.ts). */
  | "placement"
  | "round_robin"
  | "swiss"
  | "free_for_all";

/** A match the engine plans for a stage. Only real matches are planned: never a bye. */
export interface PlannedMatch {
  /** Unique within the stage, stable for the same inputs (e.g. "W1-1", "L2-3", "GF1"). */
  readonly key: string;
  /** Positive in the winners (or only) bracket, negative in the losers bracket. */
  readonly round: number;
  readonly side: BracketSide;
  /** 1-based order in which matches are meant to be played across the whole stage. */
  readonly suggestedPlayOrder: number;
  /** A, B, ... Z, AA, AB ... following suggestedPlayOrder. */
  readonly identifier: string;
  readonly player1: SlotSource;
  readonly player2: SlotSource;
  /**
   * Present on the grand-final reset: the match is only played when the
   * losers-bracket side (player2 of the match named here) wins that match.
   * Undefined on every other match, but always set: planned matches made with and without
   * it had two shapes, and the reset's (seen at a bracket's last report) threw away the
   * optimised code of `advance` at a process's first bracket end (issue 27). With the
   * other shape fixes of a2abba1: `node bench/report-cpu.mjs --store file --runs 16
   * --against /work/base-6bd0a48` 0.928 of the CPU a report (load 3.1; docs/development.md).
   */
  readonly onlyIfLoserWins: string | undefined;
}

/** Competition ranking of a list of participants: rank per participant id. */
export type RankMap = ReadonlyMap<number, number>;
