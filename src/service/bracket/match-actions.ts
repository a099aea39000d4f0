/**
 * What the routes ask of a match: report, reopen, forfeits. Each loads the
 * match's stage once, runs the pure transition (report.ts, reopen.ts,
 * progress.ts) and applies its changes (stage-io.ts). Run inside `service.write`.
 */
import type { MatchRow } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import type { MatchReport } from "../validation/match-report.js";
import { forfeitAll } from "./progress.js";
import { reopenChanges } from "./reopen.js";
import { type ParticipantLabel, reportChanges } from "./report.js";
import { runTransition } from "./stage-io.js";

/** How refusals name a participant of `t`: `Ada (12)`, read only when a refusal is made. */
function labelIn(service: ServiceContext, t: TournamentRow): ParticipantLabel {
  return (id) => {
    const p = service.participants.find(t.id, id);
    return p === undefined ? `participant ${id}` : `${p.name} (${id})`;
  };
}

/** Records scores and, when the report says who advances (or a tie), completes the match. */
export function reportMatch(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  report: MatchReport,
): void {
  const label = labelIn(service, t);
  runTransition(service, t, row, (draft) => reportChanges(draft, row, report, label));
}

/** Reopens a complete match (and, with `resetDependents`, the complete matches fed by it). */
export function reopenMatch(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  resetDependents: boolean,
): void {
  const label = labelIn(service, t);
  runTransition(service, t, row, (draft) => reopenChanges(draft, row, resetDependents, label));
}

/**
 * A deactivated participant forfeits every open match, stage by stage (one
 * transition each); matches their losses open are forfeited with them. A
 * free-for-all table left with one player still in is won by that player.
 */
export function forfeitOpenMatches(
  service: ServiceContext,
  t: TournamentRow,
  participantId: number,
): void {
  const stages = new Map<string, MatchRow>();
  for (const row of service.matches.openMatchesOf(t.id, participantId))
    stages.set(`${row.stage}:${row.group_id ?? 0}`, row);
  // A free-for-all table names its players in entries, not in player1/player2.
  if (t.tournament_type === "free for all")
    for (const row of service.matches.list(t.id, { state: "open", participantId }))
      stages.set(`${row.stage}:${row.group_id ?? 0}`, row);
  for (const row of stages.values())
    runTransition(service, t, row, (draft) => forfeitAll(draft, participantId));
}
