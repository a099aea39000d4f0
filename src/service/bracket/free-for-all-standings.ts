/**
 * A free-for-all stage's standings (GET /tournaments/{t}/standings, standings.ts): W/L/T by
 * placing (engine `freeForAllRecords`: first place alone a win, shared first a tie, any other
 * place a loss), ranked by the final ranks once the stage is complete. Made a part at a time
 * (serve: standings-steps.ts) or drained at once (the route): the same code.
 */
import {
  type FreeForAllRecord,
  type FreeForAllReport,
  freeForAllPoints,
} from "../../engine/index.js";
import { addFreeForAllRecords } from "../../engine/standings-free-for-all.js";
import { due, type Pace, type Steps, sortedInParts } from "../../engine/steps.js";
import type { MatchRow } from "../../store/match-rows.js";
import { freeForAllReportOf, playersOf } from "./match-codec.js";
import { freeForAllRanksOf } from "./ranks.js";
import type { StageState } from "./stage-state.js";
import { bySeed, type People, type Standing } from "./standing-row.js";

/** The stage's complete matches as reports, a part at a time (ranks.ts freeForAllReports). */
function* reportsOf(rows: readonly MatchRow[], p: Pace): Steps<FreeForAllReport[]> {
  const reports: FreeForAllReport[] = [];
  for (const row of rows) {
    if (row.state === "complete") reports.push(freeForAllReportOf(row));
    if (due(p)) yield;
  }
  return reports;
}

/** The standings of free-for-all stage `state` (`rows`: its rows, as the standings list them). */
export function* freeForAllStandings(
  state: StageState,
  rows: readonly MatchRow[],
  people: People,
  p: Pace,
): Steps<Standing[]> {
  const { ref } = state;
  const complete = state.countIncomplete() === 0;
  const reports = yield* reportsOf(state.rows(), p);
  const ranks = complete ? freeForAllRanksOf(reports, state.participants()) : new Map();
  yield;
  const records = new Map<number, FreeForAllRecord>();
  for (let at = 0; at < reports.length; at += p.part) {
    addFreeForAllRecords(records, reports, at, at + p.part);
    yield;
  }
  const ids = new Set<number>();
  for (const row of rows) {
    for (const id of playersOf(row)) ids.add(id);
    if (due(p)) yield;
  }
  const standings: Standing[] = [];
  for (const id of ids) {
    const record = records.get(id) ?? { participantId: id, wins: 0, losses: 0, ties: 0 };
    standings.push({
      participant_id: id,
      name: people.get(id)?.name ?? String(id),
      stage: ref.stage,
      group_id: ref.groupId,
      rank: ranks.get(id) ?? null,
      wins: record.wins,
      losses: record.losses,
      ties: record.ties,
      games_won: 0,
      games_lost: 0,
      points_scored: 0,
      points_difference: 0,
      points: freeForAllPoints(record),
      byes: 0,
      tie_breaks: {},
    });
    if (due(p)) yield;
  }
  const order = (a: Standing, b: Standing) =>
    (a.rank ?? 1e9) - (b.rank ?? 1e9) || b.points - a.points || bySeed(people, a, b);
  return yield* sortedInParts(standings, order, p.part);
}
