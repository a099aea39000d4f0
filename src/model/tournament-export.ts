/**
 * The tournament export document (issue 29): one versioned JSON document that
 * carries a tournament from one backend to another. Participants are referred
 * to by name (unique within a tournament), matches by their identifier within
 * their group (`group` null: the final stage). Described by
 * schema/tournament-export.schema.json and docs/offline.md.
 */

export const EXPORT_FORMAT = "tourney.tournament";
/**
 * The version written for a file without swiss byes: such a file is as it was before them,
 * so a tourney from before them reads it.
 */
export const EXPORT_VERSION = 1;
/**
 * The version written for a file that carries swiss byes: a tourney from before them
 * ignored `byes` and stopped half-way through the import ("its players differ"), leaving
 * a partial tournament; it refuses version 2 before sending anything.
 */
export const EXPORT_VERSION_BYES = 2;
/** The versions this tourney reads. */
export const EXPORT_VERSIONS_READ: readonly number[] = [EXPORT_VERSION, EXPORT_VERSION_BYES];

export interface ExportedParticipant {
  readonly name: string;
  readonly seed: number;
  readonly misc: string | null;
  readonly group: number | null;
  readonly checked_in: boolean;
  readonly active: boolean;
  readonly final_rank: number | null;
}

/** One player's line of a result: a two-player match's sets, or a free-for-all entry. */
export interface ExportedEntry {
  readonly participant: string;
  readonly scores: readonly number[];
  readonly rank: number | null;
  readonly advancing: boolean;
}

export interface ExportedMatch {
  readonly identifier: string;
  readonly group: number | null;
  readonly round: number;
  readonly bracket: string;
  readonly state: string;
  /** Player names in order (player1, player2, or a free for all's participants); null: not yet known. */
  readonly players: readonly (string | null)[];
  readonly score_in_sets: readonly (readonly [number, number])[];
  readonly entries: readonly ExportedEntry[];
  readonly winner: string | null;
  readonly loser: string | null;
  readonly tie: boolean;
  readonly station: string | null;
  readonly underway_at: string | null;
  readonly completed_at: string | null;
}

export interface ExportedStation {
  readonly name: string;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Match keys (matchKey) waiting at the station, in order. */
  readonly queue: readonly string[];
}

/**
 * A swiss bye: `participant` sat out round `round` of the stage `group` (null: the final
 * stage) and scored the bye's points. Optional in the document: a file with byes is
 * version 2 (EXPORT_VERSION_BYES), one without is version 1 and imports as before; the import keeps a player removed during
 * the round of their bye in until that round is paired, so they take it on the target too.
 */
export interface ExportedBye {
  readonly participant: string;
  readonly group: number | null;
  readonly round: number;
}

export interface ExportedAttachment {
  readonly match: string;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface TournamentExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: number;
  readonly exported_at: string;
  readonly tournament: {
    readonly url: string;
    readonly name: string;
    readonly tournament_type: string;
    readonly state: string;
    /** Every setting a create accepts (the tournament's attributes less state, counts, times). */
    readonly settings: Readonly<Record<string, unknown>>;
    readonly timestamps: Readonly<Record<string, unknown>>;
  };
  readonly participants: readonly ExportedParticipant[];
  readonly matches: readonly ExportedMatch[];
  readonly stations: readonly ExportedStation[];
  readonly attachments: readonly ExportedAttachment[];
  readonly final_ranks: readonly { readonly participant: string; readonly rank: number }[];
  /** Swiss byes, by stage and round: absent when there are none, and from files written before them. */
  readonly byes?: readonly ExportedBye[];
}

/** A match's key across backends: its group (or "final") and identifier. */
export function matchKey(m: {
  readonly group: number | null;
  readonly identifier: string;
}): string {
  return `${m.group === null ? "final" : `group ${m.group}`} ${m.identifier}`;
}

/**
 * Played order: by completed_at; within one instant (a millisecond: a fast machine completes
 * a match and the one it feeds in the same one) the group stage's matches first, then the
 * identifiers in their own order (A..Z, AA, AB, ...: the suggested play order, a match's
 * feeders before it), then the group. By matchKey's text, "final AB" came before its feeder
 * "final Z", and the import stopped at AB: "its players differ" (reliability/publish-kill9).
 */
export function playedOrder(a: ExportedMatch, b: ExportedMatch): number {
  const at = (a.completed_at ?? "").localeCompare(b.completed_at ?? "");
  if (at !== 0) return at;
  const stage = (m: ExportedMatch) => (m.group === null ? 1 : 0);
  const [x, y] = [a.identifier, b.identifier];
  return (
    stage(a) - stage(b) ||
    x.length - y.length ||
    (x < y ? -1 : x > y ? 1 : 0) ||
    (a.group ?? 0) - (b.group ?? 0)
  );
}
