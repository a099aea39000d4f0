/**
 * The JSON columns of a match row as typed values, both ways: `score_sets`
 * (set scores from player1's side), `entries` (a free-for-all match's
 * participants with their scores, rank and advancing flag) and the slot
 * sources `player1_source` / `player2_source`. Nothing else reads or writes
 * that text. The stored keys stay those existing databases hold
 * (`{"participant_id", "score_set", "rank", "advancing"}`).
 */
import type { MatchRow } from "./match-rows.js";

/** Set scores, each from player1's side. */
export type StoredSets = readonly (readonly [number, number])[];

/** One participant of a free-for-all match. */
export interface StoredEntry {
  readonly participantId: number;
  /** One score per set; empty before any score. */
  readonly scores: readonly number[];
  /** 1 = best; null until the match is ranked. */
  readonly rank: number | null;
  readonly advancing: boolean;
}

/** Where a slot's participant comes from (the engine's SlotSource, as stored). */
export type StoredSource =
  | { readonly type: "participant"; readonly participantId: number }
  | { readonly type: "winner"; readonly match: string }
  | { readonly type: "loser"; readonly match: string };

/** The stored form of an entry: key order fixed, scores as "3,1,2". */
interface EntryJson {
  readonly participant_id: number;
  readonly score_set: string;
  readonly rank: number | null;
  readonly advancing: boolean;
}

const NO_SETS: StoredSets = [];

export function decodeSets(text: string | null): StoredSets {
  return text === null ? NO_SETS : (JSON.parse(text) as StoredSets);
}

/** null stores no scores (a forfeit); an empty list stores a report without sets. */
export function encodeSets(sets: StoredSets | null): string | null {
  return sets === null ? null : JSON.stringify(sets);
}

export function decodeEntries(text: string | null): StoredEntry[] {
  if (text === null) return [];
  return (JSON.parse(text) as EntryJson[]).map((e) => ({
    participantId: e.participant_id,
    scores: e.score_set === "" ? [] : e.score_set.split(",").map(Number),
    rank: e.rank,
    advancing: e.advancing,
  }));
}

export function encodeEntries(entries: readonly StoredEntry[]): string {
  return JSON.stringify(
    entries.map(
      (e): EntryJson => ({
        participant_id: e.participantId,
        score_set: e.scores.join(","),
        rank: e.rank,
        advancing: e.advancing,
      }),
    ),
  );
}

/** An entry without scores, rank or advancing: how a free-for-all match starts and reopens. */
export function blankEntry(participantId: number): StoredEntry {
  return { participantId, scores: [], rank: null, advancing: false };
}

export function decodeSource(text: string): StoredSource {
  return JSON.parse(text) as StoredSource;
}

export function encodeSource(source: StoredSource): string {
  return JSON.stringify(source);
}

/** Participants of a match: its two players, or a free-for-all match's entries. */
export function matchPlayers(row: MatchRow): number[] {
  if (row.side === "free_for_all") return decodeEntries(row.entries).map((e) => e.participantId);
  const players: number[] = [];
  if (row.player1_id !== null) players.push(row.player1_id);
  if (row.player2_id !== null) players.push(row.player2_id);
  return players;
}

/** Whether `participantId` plays in the match (either slot, or an entry). */
export function involves(row: MatchRow, participantId: number): boolean {
  if (row.player1_id === participantId || row.player2_id === participantId) return true;
  return row.entries !== null && matchPlayers(row).includes(participantId);
}
