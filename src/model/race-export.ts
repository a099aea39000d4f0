/**
 * The race export document (issue 29): one versioned JSON document carrying a
 * race from one backend to another, participants named by name and rounds by
 * number. Described by schema/race-export.schema.json and docs/offline.md.
 */

export const RACE_EXPORT_FORMAT = "tourney.race";
/** The version written and read. */
export const RACE_EXPORT_VERSION = 1;

/** One participant's line of a round: time in milliseconds (null: none), points, rank. */
export interface ExportedTime {
  readonly participant: string | null;
  readonly elapsedTime?: number | null;
  readonly points?: number | null;
  readonly rank?: number | null;
  readonly [attribute: string]: unknown;
}

export interface ExportedRound {
  readonly number: number;
  /** "pending", "underway" or "completed". */
  readonly state?: string;
  readonly times: readonly ExportedTime[];
  readonly [attribute: string]: unknown;
}

export interface RaceExport {
  readonly format: typeof RACE_EXPORT_FORMAT;
  readonly version: number;
  readonly exported_at: string;
  /** The race's attributes (settings and state), its timestamps among them. */
  readonly race: {
    readonly name: string;
    readonly url?: string;
    readonly raceType: string;
    readonly state: string;
    readonly timestamps: Readonly<Record<string, unknown>>;
    readonly [attribute: string]: unknown;
  };
  readonly participants: readonly {
    readonly name: string;
    readonly seed?: number;
    readonly misc?: string | null;
    readonly [attribute: string]: unknown;
  }[];
  readonly rounds: readonly ExportedRound[];
  readonly standings: readonly Readonly<Record<string, unknown>>[];
}
