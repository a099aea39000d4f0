/**
 * Inspecting a tourney SQLite file from outside the program (for the crash tests):
 * SQLite's own checks, and the invariants a write interrupted at any moment must
 * keep. Opened read-only so that the program opening it next finds the file as the
 * crash left it (a read-only connection replays the WAL without checkpointing it).
 */
import Database from "better-sqlite3";

export interface TournamentRow {
  readonly id: number;
  readonly name: string;
  readonly state: string;
  /** Participant rows stored for the tournament. */
  readonly participants: number;
  /** The count kept by triggers in tournaments.participants_count. */
  readonly counted: number;
  readonly matches: number;
}

export interface StoreReport {
  /** `PRAGMA integrity_check` rows: ["ok"] when sound. */
  readonly integrity: string[];
  /** `PRAGMA foreign_key_check` rows: none when sound. */
  readonly foreignKeys: unknown[];
  readonly tournaments: TournamentRow[];
  /** Match slots naming a participant that is not in the match's tournament. */
  readonly strandedSlots: number;
}

const TOURNAMENTS = `
  SELECT t.id, t.name, t.state, t.participants_count AS counted,
    (SELECT COUNT(*) FROM participants p WHERE p.tournament_id = t.id) AS participants,
    (SELECT COUNT(*) FROM matches m WHERE m.tournament_id = t.id) AS matches
  FROM tournaments t ORDER BY t.id`;

const STRANDED = `
  SELECT COUNT(*) FROM matches m
  WHERE (m.player1_id IS NOT NULL AND NOT EXISTS
          (SELECT 1 FROM participants p WHERE p.id = m.player1_id AND p.tournament_id = m.tournament_id))
     OR (m.player2_id IS NOT NULL AND NOT EXISTS
          (SELECT 1 FROM participants p WHERE p.id = m.player2_id AND p.tournament_id = m.tournament_id))`;

/** States a tournament reaches only by a start, which stores its matches in the same transaction. */
const STARTED = new Set(["group_stages_underway", "underway", "awaiting_review", "complete"]);

export function inspectStore(file: string): StoreReport {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: (db.pragma("integrity_check") as { integrity_check: string }[]).map(
        (r) => r.integrity_check,
      ),
      foreignKeys: db.pragma("foreign_key_check") as unknown[],
      tournaments: db.prepare(TOURNAMENTS).all() as TournamentRow[],
      strandedSlots: db.prepare(STRANDED).pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

/**
 * The invariants broken in `report`, as sentences (none when sound). `rosterOf`
 * gives the size of the roster a tournament was bulk-added with (undefined: any).
 */
export function brokenInvariants(
  report: StoreReport,
  rosterOf: (t: TournamentRow) => number | undefined,
): string[] {
  const broken: string[] = [];
  if (report.integrity.join() !== "ok")
    broken.push(`integrity_check: ${report.integrity.join("; ")}`);
  if (report.foreignKeys.length > 0)
    broken.push(`foreign_key_check: ${JSON.stringify(report.foreignKeys)}`);
  if (report.strandedSlots > 0)
    broken.push(`${report.strandedSlots} match slots name a participant not in their tournament`);
  for (const t of report.tournaments) {
    const roster = rosterOf(t);
    if (roster !== undefined && t.participants !== 0 && t.participants !== roster)
      broken.push(`tournament ${t.id} holds ${t.participants} of a bulk add of ${roster}`);
    if (t.counted !== t.participants)
      broken.push(`tournament ${t.id}: participants_count ${t.counted}, rows ${t.participants}`);
    if (t.state === "pending" && t.matches > 0)
      broken.push(`tournament ${t.id} is pending with ${t.matches} matches`);
    if (STARTED.has(t.state) && t.matches === 0)
      broken.push(`tournament ${t.id} is ${t.state} without matches`);
  }
  return broken;
}
