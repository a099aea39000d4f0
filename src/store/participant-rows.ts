/** The stored shape of participant rows, and what writes and reads of them take. */
export interface ParticipantRow {
  readonly id: number;
  readonly tournament_id: number;
  readonly name: string;
  readonly seed: number;
  readonly misc: string | null;
  readonly username: string | null;
  readonly email: string | null;
  readonly active: number;
  readonly checked_in_at: string | null;
  readonly group_id: number | null;
  readonly final_rank: number | null;
  readonly created_at: string;
  readonly updated_at: string;
  /** "checkin" when process_checkin set the participant aside (undone by abort_checkin). */
  readonly deactivated_by: string | null;
  /** 1: its insert counted it (tourney's); 0: a trigger did (migration 19). */
  readonly insert_counted: number;
}

/** A participant's place in seed order. */
export interface SeedPlace {
  readonly seed: number;
  readonly id: number;
}

/** A participant's place in seed order and whether they are active (1) or deactivated (0). */
export interface SeedAndActivity extends SeedPlace {
  readonly active: number;
}

export interface NameAndSeed extends SeedPlace {
  readonly name: string;
  /** 1 active, 0 deactivated (a stage's state reads it: standings-steps.ts). */
  readonly active: number;
}

export interface NewParticipant {
  readonly name: string;
  readonly misc: string | null;
  readonly username: string | null;
  readonly email: string | null;
}

export interface ParticipantChanges {
  readonly name?: string;
  readonly misc?: string | null;
  readonly username?: string | null;
  readonly email?: string | null;
}
