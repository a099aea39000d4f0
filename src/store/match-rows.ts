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
