/**
 * Reading a match report (`PUT .../matches/{m}`, DESIGN.md §3): `attributes.match`
 * is an array of {participant_id, score_set, rank?, advancing?}, plus `tie`.
 */
import { MAX_SCORE_SETS, withSeparators } from "../../model/limits.js";
import { Problems, unprocessable } from "../errors.js";

export interface ReportEntry {
  readonly participantId: number;
  /** One score per set; empty when no score was given. */
  readonly sets: readonly number[];
  /**
   * True when the entry carried no score_set (left out, or null): the scores recorded
   * before stand, so that `--scores 3-1,3-2` then `--winner` completes the match with
   * them (a review found the winner alone wiped them; v1's winner alone kept them).
   * An empty score_set ("") is a report without sets.
   */
  readonly keepsScores?: boolean;
  readonly rank: number | undefined;
  readonly advancing: boolean;
}

export interface MatchReport {
  readonly entries: readonly ReportEntry[];
  readonly tie: boolean;
}

const POINTER = "/data/attributes/match";

/** Digits only: most ids and scores come so, and need no trimmed copy or pattern. */
function isDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function readId(value: unknown): number | undefined {
  const id =
    typeof value === "string" && (isDigits(value) || /^\d+$/.test(value.trim()))
      ? Number(value)
      : value;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/data/attributes/match/{i}`, and a field below it (built only for a problem). */
function entryPointer(i: number, field?: string): string {
  return field === undefined ? `${POINTER}/${i}` : `${POINTER}/${i}/${field}`;
}

function readSets(value: unknown, i: number, problems: Problems): number[] {
  if (value === undefined || value === null || value === "") return [];
  // One set of digits ("3"): what the checks below accept, read without split and pattern.
  if (typeof value === "string" && value.length <= 15 && isDigits(value)) return [Number(value)];
  const text = typeof value === "number" ? String(value) : value;
  const count = typeof text === "string" ? text.split(",").length : 0;
  if (count > MAX_SCORE_SETS) {
    problems.add(
      entryPointer(i, "score_set"),
      `score_set holds ${withSeparators(count)} sets; a match takes at most ${MAX_SCORE_SETS} per participant`,
    );
    return [];
  }
  if (typeof text !== "string" || !/^\s*-?\d+(\s*,\s*-?\d+)*\s*$/.test(text)) {
    problems.add(
      entryPointer(i, "score_set"),
      `score_set must be comma-separated whole numbers like "3,1,2", not ${JSON.stringify(value)}`,
    );
    return [];
  }
  // A loop, not `.map((part) => Number(part))`: V8's optimised map() stores Number()'s
  // results as doubles (an elements transition a report), so the arrays optimised code made
  // differed from the interpreter's and the report path's code was thrown away (issue 27).
  // With the other shape fixes of a2abba1: `node bench/report-cpu.mjs --store file --runs 16
  // --against /work/base-6bd0a48` 0.928 of the CPU a report (load 3.1; docs/development.md).
  const sets: number[] = [];
  for (const part of text.split(",")) sets.push(Number(part));
  if (!sets.every(Number.isSafeInteger)) {
    problems.add(
      entryPointer(i, "score_set"),
      `score_set ${JSON.stringify(text)} holds a score too large to count exactly (at most ${Number.MAX_SAFE_INTEGER})`,
    );
    return [];
  }
  return sets;
}

function readEntry(raw: unknown, i: number, problems: Problems): ReportEntry | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    problems.add(
      entryPointer(i),
      'each entry must be an object like {"participant_id": "12", "score_set": "3,1"}',
    );
    return undefined;
  }
  const entry = raw as Record<string, unknown>;
  const participantId = readId(entry.participant_id);
  if (participantId === undefined)
    problems.add(entryPointer(i, "participant_id"), "participant_id must be a participant id");
  const sets = readSets(entry.score_set, i, problems);
  const rank = entry.rank === undefined || entry.rank === null ? undefined : readId(entry.rank);
  if (entry.rank !== undefined && entry.rank !== null && rank === undefined) {
    problems.add(entryPointer(i, "rank"), "rank must be a whole number from 1");
  }
  if (entry.advancing !== undefined && typeof entry.advancing !== "boolean") {
    problems.add(entryPointer(i, "advancing"), "advancing must be true or false");
  }
  if (participantId === undefined) return undefined;
  const keepsScores = entry.score_set === undefined || entry.score_set === null;
  return { participantId, sets, keepsScores, rank, advancing: entry.advancing === true };
}

export function readMatchReport(attributes: Record<string, unknown>): MatchReport {
  const list = attributes.match;
  if (!Array.isArray(list) || list.length < 1 || list.length > 8) {
    throw unprocessable(
      "match must be an array of 1 to 8 entries {participant_id, score_set, rank?, advancing?}",
      POINTER,
    );
  }
  if (attributes.tie !== undefined && typeof attributes.tie !== "boolean") {
    throw unprocessable("tie must be true or false", "/data/attributes/tie");
  }
  const problems = new Problems();
  // Arrays pushed to, not made by map(): V8's optimised map() makes holey arrays where the
  // builtin makes packed ones, and the code that read them was thrown away whenever the
  // maker was optimised or not (issue 27). Two entries (one-on-one) as a literal: packed as
  // well, and sized, where the first push to [] makes room for 16.
  let entries: (ReportEntry | undefined)[];
  if (list.length === 2)
    entries = [readEntry(list[0], 0, problems), readEntry(list[1], 1, problems)];
  else {
    entries = [];
    for (let i = 0; i < list.length; i++) entries.push(readEntry(list[i], i, problems));
  }
  problems.throwIfAny();
  // At most 8 entries: each against the ones before it, no Set made.
  for (let i = 1; i < entries.length; i++)
    for (let j = 0; j < i; j++)
      if (entries[i]!.participantId === entries[j]!.participantId)
        throw unprocessable(
          `participant ${entries[i]!.participantId} is reported twice (entries ${j} and ${i})`,
          POINTER,
        );
  return { entries: entries as ReportEntry[], tie: attributes.tie === true };
}
