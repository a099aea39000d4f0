/** Reporting a one-on-one match result (DESIGN.md §3 "Reporting a match"). */

import { validateFreeForAllReport } from "../../engine/index.js";
import type { MatchRow } from "../../store/matches-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import type { MatchReport, ReportEntry } from "../validation/match-report.js";
import { completeMatch, isEliminationMatch } from "./progress.js";
import { playersOf } from "./rounds.js";
import { stageOf } from "./stage-index.js";

const POINTER = "/data/attributes/match";

/** Group matches change only while the group stage runs; final-stage matches only while it runs. */
export function checkStageOpen(tournament: TournamentRow, row: MatchRow, verb: string): void {
  if (tournament.state === "complete") {
    throw unprocessable(
      `tournament ${tournament.url} is complete; its matches can no longer be ${verb}`,
    );
  }
  if (row.group_id !== null && tournament.state !== "group_stages_underway") {
    throw unprocessable(
      `match ${row.identifier} (${row.id}) is a group-stage match and the group stage is over (the tournament is ${tournament.state}); reset_group_stage to change group results`,
    );
  }
}

function checkReportable(tournament: TournamentRow, row: MatchRow): void {
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

function entriesFor(row: MatchRow, report: MatchReport): [ReportEntry, ReportEntry] {
  const players = [row.player1_id!, row.player2_id!];
  const unknown = report.entries.find((e) => !players.includes(e.participantId));
  if (unknown !== undefined) {
    throw unprocessable(
      `participant ${unknown.participantId} is not in match ${row.identifier}; its players are ${players.join(" and ")}`,
      POINTER,
    );
  }
  if (report.entries.length !== 2) {
    throw unprocessable(
      `report both players of match ${row.identifier} (${players.join(" and ")}), one entry each`,
      POINTER,
    );
  }
  const first = report.entries.find((e) => e.participantId === players[0])!;
  const second = report.entries.find((e) => e.participantId === players[1])!;
  if (first.sets.length !== second.sets.length) {
    throw unprocessable(
      `both score_set values must have the same number of sets (${first.sets.length} and ${second.sets.length})`,
      POINTER,
    );
  }
  return [first, second];
}

/** Records scores and, when the report says who advances (or a tie), completes the match. */
export function reportMatch(
  service: ServiceContext,
  tournament: TournamentRow,
  row: MatchRow,
  report: MatchReport,
): void {
  checkReportable(tournament, row);
  if (row.side === "free_for_all") {
    reportFreeForAll(service, row, report);
    return;
  }
  const [first, second] = entriesFor(row, report);
  const scoreSets = first.sets.map((score, i) => [score, second.sets[i]!] as const);
  // The sets and the winner say all of a one-on-one report: no entries are stored.
  const advancing = report.entries.filter((e) => e.advancing);
  if (advancing.length > 1)
    throw unprocessable("only one participant can advance from a one-on-one match", POINTER);
  if (report.tie && advancing.length > 0) {
    throw unprocessable(
      "a tie has no advancing participant: set advancing false on every entry",
      "/data/attributes/tie",
    );
  }
  if (report.tie && isEliminationMatch(row)) {
    throw unprocessable(
      `match ${row.identifier} is an elimination match: it cannot end in a tie`,
      "/data/attributes/tie",
    );
  }
  if (advancing.length === 0 && !report.tie) {
    const now = service.now();
    service.matches.setResult(
      row.id,
      {
        state: "open",
        winnerId: null,
        loserId: null,
        tie: false,
        scoreSets: JSON.stringify(scoreSets),
        entries: null,
        completedAt: null,
      },
      now,
    );
    return;
  }
  const winnerId = advancing[0]?.participantId ?? null;
  const loserId =
    winnerId === null
      ? null
      : winnerId === first.participantId
        ? second.participantId
        : first.participantId;
  completeMatch(service, row, { winnerId, loserId, tie: report.tie, scoreSets, entries: null });
}

/**
 * A free-for-all report: every entry with its rank (1 = best) and whether it
 * advances; in the last round (a single match) the ranks are final and the
 * advancing flags are ignored. Scores without ranks are stored and leave the
 * match open.
 */
function reportFreeForAll(service: ServiceContext, row: MatchRow, report: MatchReport): void {
  if (report.tie) {
    throw unprocessable(
      "a free-for-all match has no tie: report a rank for every entry (equal ranks allowed)",
      "/data/attributes/tie",
    );
  }
  const players = playersOf(row);
  const entries = report.entries.map((e) => ({
    participant_id: e.participantId,
    score_set: e.sets.join(","),
    rank: e.rank ?? null,
    advancing: e.advancing,
  }));
  const ranked = report.entries.filter((e) => e.rank !== undefined);
  if (ranked.length === 0 && !report.entries.some((e) => e.advancing)) {
    const unknown = report.entries.find((e) => !players.includes(e.participantId));
    if (unknown !== undefined) {
      throw unprocessable(
        `participant ${unknown.participantId} is not in match ${row.identifier}; its players are ${players.join(", ")}`,
        POINTER,
      );
    }
    const now = service.now();
    const stored = new Map(entries.map((e) => [e.participant_id, e]));
    const merged = players.map(
      (id) => stored.get(id) ?? { participant_id: id, score_set: "", rank: null, advancing: false },
    );
    service.matches.setEntries(row.id, JSON.stringify(merged), now);
    return;
  }
  const missing = report.entries.find((e) => e.rank === undefined);
  if (missing !== undefined) {
    throw unprocessable(
      `give a rank to every entry (participant ${missing.participantId} has none), 1 for the best`,
      POINTER,
    );
  }
  const final =
    service.matches.stageRows(stageOf(row)).filter((r) => r.round === row.round).length === 1;
  validateFreeForAllReport(
    players,
    report.entries.map((e) => ({
      participantId: e.participantId,
      rank: e.rank!,
      advancing: e.advancing,
    })),
    final,
  );
  const ordered = players.map((id) => entries.find((e) => e.participant_id === id)!);
  const stored = final ? ordered.map((e) => ({ ...e, advancing: false })) : ordered;
  const best = stored.filter((e) => e.rank === 1);
  completeMatch(service, row, {
    winnerId: best.length === 1 ? best[0]!.participant_id : null,
    loserId: null,
    tie: false,
    scoreSets: null,
    entries: stored,
  });
}
