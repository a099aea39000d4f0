/**
 * Reporting a match (DESIGN.md §3 "Reporting a match"), as a pure transition:
 * the report is checked against the match and its consequences recorded on a
 * draft of the stage (progress.ts); match-actions.ts loads and writes.
 */
import { validateFreeForAllReport } from "../../engine/index.js";
import { levelScores, setsText } from "../../model/match-result.js";
import {
  blankEntry,
  decodeEntries,
  decodeSets,
  encodeEntries,
  encodeSets,
  type StoredEntry,
} from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import { unprocessable } from "../errors.js";
import type { MatchReport, ReportEntry } from "../validation/match-report.js";
import { playersOf } from "./match-codec.js";
import { completeMatch, isEliminationMatch } from "./progress.js";
import { isFinalTable } from "./round-plans.js";
import type { StageDraft } from "./stage-draft.js";
import type { StageTournament } from "./stage-state.js";

/** How a refusal names a participant: its name and id, `Ada (12)` (match-actions.ts labelIn). */
export type ParticipantLabel = (id: number) => string;

const byId: ParticipantLabel = (id) => `participant ${id}`;

const POINTER = "/data/attributes/match";

/** Group matches change only while the group stage runs; final-stage matches only while it runs. */
export function checkStageOpen(
  tournament: Pick<StageTournament, "url" | "state">,
  row: MatchRow,
  verb: string,
): void {
  if (tournament.state === "complete") {
    throw unprocessable(
      `tournament ${tournament.url} is complete; its matches can no longer be ${verb}`,
    );
  }
  if (row.group_id !== null && tournament.state !== "group_stages_underway") {
    throw unprocessable(
      `match ${row.identifier} (${row.id}) is a group-stage match and the group stage is over (the tournament is ${tournament.state}); ${groupStageWayBack(tournament.state)}`,
    );
  }
}

/** How to change group results once the group stage is over: reset_group_stage until the final
 * stage starts; then reset, removing both stages (nothing goes back to the finalized groups). */
export function groupStageWayBack(state: string): string {
  return state === "group_stages_finalized"
    ? "reset_group_stage removes every group result (back to pending) to play the group stage again"
    : "the final stage has started: reset removes every match and result of both stages (back to pending) to play the group stage again";
}

function checkReportable(tournament: StageTournament, row: MatchRow): void {
  checkStageOpen(tournament, row, "reported");
  if (row.state === "pending") {
    throw unprocessable(
      `match ${row.identifier} (${row.id}) is pending: its participants are not both known yet`,
    );
  }
  if (row.state === "complete") {
    throw unprocessable(`match ${row.identifier} (${row.id}) is already complete; reopen it first`);
  }
}

/**
 * The report's entries of player1 and player2, in that order. Written out, not with
 * `find`/`filter` and their closures (issue 27, a report's allocation): the same checks
 * in the same order.
 */
function entriesFor(row: MatchRow, report: MatchReport): [ReportEntry, ReportEntry] {
  const p1 = row.player1_id!;
  const p2 = row.player2_id!;
  for (const e of report.entries) {
    if (e.participantId !== p1 && e.participantId !== p2) {
      throw unprocessable(
        `participant ${e.participantId} is not in match ${row.identifier}; its players are ${p1} and ${p2}`,
        POINTER,
      );
    }
  }
  if (report.entries.length !== 2) {
    throw unprocessable(
      `report both players of match ${row.identifier} (${p1} and ${p2}), one entry each`,
      POINTER,
    );
  }
  // Two entries, each of a player, none twice (readMatchReport): one of each.
  const a = report.entries[0]!;
  const b = report.entries[1]!;
  const first = a.participantId === p1 ? a : b;
  const second = first === a ? b : a;
  if (first.sets.length !== second.sets.length) {
    throw unprocessable(
      `both score_set values must have the same number of sets (${first.sets.length} and ${second.sets.length})`,
      POINTER,
    );
  }
  return [first, second];
}

/** The entry that advances, undefined if none; more than one is refused. */
function advancingEntry(report: MatchReport): ReportEntry | undefined {
  let found: ReportEntry | undefined;
  for (const e of report.entries) {
    if (!e.advancing) continue;
    if (found !== undefined)
      throw unprocessable("only one participant can advance from a one-on-one match", POINTER);
    found = e;
  }
  return found;
}

/** A tie: no advancing entry, not in elimination, level scores. */
function checkTie(
  row: MatchRow,
  advancing: ReportEntry | undefined,
  scoreSets: readonly (readonly [number, number])[],
): void {
  if (advancing !== undefined) {
    throw unprocessable(
      "a tie has no advancing participant: set advancing false on every entry",
      "/data/attributes/tie",
    );
  }
  if (isEliminationMatch(row)) {
    throw unprocessable(
      `match ${row.identifier} is an elimination match: it cannot end in a tie`,
      "/data/attributes/tie",
    );
  }
  // One rule with the CLI (model/match-result.ts): a tie needs level scores.
  if (!levelScores(scoreSets)) {
    throw unprocessable(
      `a tie needs level scores (as many sets won on each side), not ${setsText(scoreSets)}`,
      "/data/attributes/tie",
    );
  }
}

/** Records scores and, when the report says who advances (or a tie), completes the match. */
export function reportChanges(
  draft: StageDraft,
  row: MatchRow,
  report: MatchReport,
  label: ParticipantLabel = byId,
): void {
  checkReportable(draft.state.tournament, row);
  if (row.side === "free_for_all") {
    reportFreeForAll(draft, row, report, label);
    return;
  }
  const [first, second] = entriesFor(row, report);
  // Pushed to, not map()'s (holey when optimised, packed when not: see readMatchReport).
  // One set (the usual report) as a literal: the first push to [] makes room for 16.
  // Neither entry with a score_set: the scores recorded before stand (and are checked).
  const scoreSets: (readonly [number, number])[] =
    first.keepsScores === true && second.keepsScores === true
      ? [...decodeSets(row.score_sets)]
      : first.sets.length === 1
        ? [[first.sets[0]!, second.sets[0]!]]
        : [];
  for (let i = scoreSets.length; i < first.sets.length; i++)
    scoreSets.push([first.sets[i]!, second.sets[i]!]);
  // The sets and the winner say all of a one-on-one report: no entries are stored.
  const advancing = advancingEntry(report);
  if (report.tie) checkTie(row, advancing, scoreSets);
  if (advancing === undefined && !report.tie) {
    draft.setResult(row.plan_key, {
      state: "open",
      winnerId: null,
      loserId: null,
      tie: false,
      scoreSets: encodeSets(scoreSets),
      entries: null,
      completedAt: null,
    });
    return;
  }
  const winnerId = advancing?.participantId ?? null;
  const loserId =
    winnerId === null
      ? null
      : winnerId === first.participantId
        ? second.participantId
        : first.participantId;
  completeMatch(draft, row, { winnerId, loserId, tie: report.tie, scoreSets, entries: null });
}

/** A reported entry as stored; without a score_set, the scores `before` held. */
const entryOf = (e: ReportEntry, before: readonly StoredEntry[]): StoredEntry => ({
  participantId: e.participantId,
  scores: e.keepsScores
    ? (before.find((b) => b.participantId === e.participantId)?.scores ?? e.sets)
    : e.sets,
  rank: e.rank ?? null,
  advancing: e.advancing,
});

/** Scores without ranks: stored, and the match stays open. */
function recordFreeForAllScores(draft: StageDraft, row: MatchRow, report: MatchReport): void {
  const players = playersOf(row);
  const unknown = report.entries.find((e) => !players.includes(e.participantId));
  if (unknown !== undefined) {
    throw unprocessable(
      `participant ${unknown.participantId} is not in match ${row.identifier}; its players are ${players.join(", ")}`,
      POINTER,
    );
  }
  const before = decodeEntries(row.entries);
  const reported = new Map(report.entries.map((e) => [e.participantId, entryOf(e, before)]));
  const merged = players.map(
    (id) => reported.get(id) ?? before.find((b) => b.participantId === id) ?? blankEntry(id),
  );
  draft.setEntries(row.plan_key, encodeEntries(merged));
}

/**
 * The report's entries, with every removed participant it leaves out placed last: after
 * every ranked entry, by seed (best first), ranked the number of ranked entries plus 1, 2,
 * ..., not advancing (their recorded scores kept). A removed participant forfeits, as in
 * elimination formats: one the report names must rank below every active player of the
 * match, and advances only from a match with no active player left (where the report
 * ranks them all: some must advance; the final table's advancing flags are ignored).
 * Refusals name who and why.
 */
function withRemovedPlaced(
  draft: StageDraft,
  row: MatchRow,
  match: { readonly players: readonly number[]; readonly final: boolean },
  report: MatchReport,
  label: ParticipantLabel,
): ReportEntry[] {
  const { players } = match;
  // Someone not in the match is refused as such (validateFreeForAllReport), not here.
  const removed = (id: number) => players.includes(id) && draft.participant(id)?.active === false;
  const activeLeft = players.some((id) => !removed(id));
  const activeRanks = report.entries
    .filter((e) => !removed(e.participantId))
    .map((e) => e.rank ?? 0);
  const worstActive = Math.max(0, ...activeRanks);
  const table = `match ${row.identifier} (${row.id})`;
  for (const e of report.entries) {
    if (!removed(e.participantId)) continue;
    const who = `${label(e.participantId)} was removed from the tournament and forfeits`;
    if (e.advancing && activeLeft && !match.final) {
      throw unprocessable(
        `${who}: it cannot advance from ${table}; leave it out of the ranks (it is placed last)`,
        POINTER,
      );
    }
    if (activeLeft && e.rank !== undefined && e.rank <= worstActive) {
      throw unprocessable(
        `${who}: rank ${e.rank} is not below every active player of ${table}, the last of whom is ranked ${worstActive}; leave it out of the ranks (it is placed last)`,
        POINTER,
      );
    }
  }
  const named = new Set(report.entries.map((e) => e.participantId));
  const left = players
    .filter((id) => removed(id) && !named.has(id))
    .sort((a, b) => (draft.participant(a)?.seed ?? 0) - (draft.participant(b)?.seed ?? 0));
  if (left.length === 0) return [...report.entries];
  const count = report.entries.length;
  const high = report.entries.find((e) => e.rank !== undefined && e.rank > count);
  if (high !== undefined) {
    throw unprocessable(
      `rank ${high.rank} of ${label(high.participantId)} is above ${count}, the number of ranked entries of ${table}: the removed participant(s) left out (${left.map(label).join(", ")}) are placed after them, from rank ${count + 1}`,
      POINTER,
    );
  }
  return [
    ...report.entries,
    ...left.map((id, i) => ({
      participantId: id,
      sets: [],
      keepsScores: true,
      rank: count + 1 + i,
      advancing: false,
    })),
  ];
}

/**
 * A free-for-all report: every entry with its rank (1 = best) and whether it
 * advances; in the last round (a single match) the ranks are final and the
 * advancing flags are ignored. Scores without ranks are stored and leave the
 * match open. Removed participants may be left out (withRemovedPlaced).
 */
function reportFreeForAll(
  draft: StageDraft,
  row: MatchRow,
  given: MatchReport,
  label: ParticipantLabel,
): void {
  if (given.tie) {
    throw unprocessable(
      "a free-for-all match has no tie: report a rank for every entry (equal ranks allowed)",
      "/data/attributes/tie",
    );
  }
  if (!given.entries.some((e) => e.rank !== undefined || e.advancing)) {
    recordFreeForAllScores(draft, row, given);
    return;
  }
  const missing = given.entries.find((e) => e.rank === undefined);
  if (missing !== undefined) {
    throw unprocessable(
      `give a rank to every entry (participant ${missing.participantId} has none), 1 for the best`,
      POINTER,
    );
  }
  const players = playersOf(row);
  const final = isFinalTable(draft.rows(), row.round, draft.byes());
  const report = {
    ...given,
    entries: withRemovedPlaced(draft, row, { players, final }, given, label),
  };
  validateFreeForAllReport(
    players,
    report.entries.map((e) => ({
      participantId: e.participantId,
      rank: e.rank!,
      advancing: e.advancing,
    })),
    final,
  );
  const before = decodeEntries(row.entries);
  const ordered = players.map((id) =>
    entryOf(report.entries.find((e) => e.participantId === id)!, before),
  );
  const stored = final ? ordered.map((e) => ({ ...e, advancing: false })) : ordered;
  const best = stored.filter((e) => e.rank === 1);
  completeMatch(draft, row, {
    winnerId: best.length === 1 ? best[0]!.participantId : null,
    loserId: null,
    tie: false,
    scoreSets: null,
    entries: stored,
  });
}
