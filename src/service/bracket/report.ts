/** Reporting a one-on-one match result (DESIGN.md §3 "Reporting a match"). */

import type { MatchRow } from "../../store/matches-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { unprocessable } from "../errors.js";
import type { MatchReport, ReportEntry } from "../validation/match-report.js";
import { completeMatch, isEliminationMatch } from "./progress.js";

const POINTER = "/data/attributes/match";

function checkReportable(tournament: TournamentRow, row: MatchRow): void {
  if (tournament.state === "complete") {
    throw unprocessable(
      `tournament ${tournament.id} is complete; its matches can no longer change`,
    );
  }
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
  const [first, second] = entriesFor(row, report);
  const scoreSets = first.sets.map((score, i) => [score, second.sets[i]!] as const);
  const entries = report.entries.map((e) => ({
    participant_id: e.participantId,
    score_set: e.sets.join(","),
    advancing: e.advancing,
  }));
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
        entries: JSON.stringify(entries),
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
  completeMatch(service, row, { winnerId, loserId, tie: report.tie, scoreSets, entries });
}
