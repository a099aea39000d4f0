/**
 * What the routes ask of a match: report, reopen, forfeit. Each loads the
 * match's stage once, runs the pure transition (report.ts, reopen.ts,
 * progress.ts) and applies its changes (stage-io.ts). Run inside `service.write`.
 */
import type { MatchRow } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import type { MatchReport } from "../validation/match-report.js";
import { forfeit } from "./progress.js";
import { reopenChanges } from "./reopen.js";
import { reportChanges } from "./report.js";
import { runTransition } from "./stage-io.js";

/** Records scores and, when the report says who advances (or a tie), completes the match. */
export function reportMatch(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  report: MatchReport,
): void {
  runTransition(service, t, row, (draft) => reportChanges(draft, row, report));
}

/** Reopens a complete match (and, with `resetDependents`, the complete matches fed by it). */
export function reopenMatch(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  resetDependents: boolean,
): void {
  runTransition(service, t, row, (draft) => reopenChanges(draft, row, resetDependents));
}

/** Completes the open `row` with `winnerId` as winner, without scores (a deactivated opponent). */
export function forfeitMatch(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  winnerId: number,
): void {
  runTransition(service, t, row, (draft) => forfeit(draft, row, winnerId));
}
