/**
 * Standings and final ranks of a stage, as pure functions of its state (the
 * service loads it with stage-io.ts `loadStage`; tests build it by hand).
 */
import {
  type EngineParticipant,
  eliminationRanks,
  type FreeForAllReport,
  freeForAllFinalRanks,
  type MatchResult,
  type RankMap,
  type ResultLookup,
  type StandingRow,
  standingRanks,
} from "../../engine/index.js";
import { computeStandingsSteps } from "../../engine/standings.js";
import { drain, due, type Pace, pace, type Steps } from "../../engine/steps.js";
import { swissStandingsSteps } from "../../engine/swiss.js";
import type { TournamentSettings } from "../../model/tournament.js";
import type { MatchRow } from "../../store/match-rows.js";
import {
  freeForAllReportOf,
  matchResultOf,
  outcomeOf,
  plannedFrom,
  playersOf,
} from "./match-codec.js";
import { swissOptions } from "./round-plans.js";
import type { StageParticipant, StageState } from "./stage-state.js";

/** Each participant's place in a list of them (by the list: stages of a request share one). */
const places = new WeakMap<readonly StageParticipant[], Map<number, number>>();

function placesIn(list: readonly StageParticipant[]): Map<number, number> {
  let at = places.get(list);
  if (at === undefined) {
    at = new Map();
    for (let i = 0; i < list.length; i++) at.set(list[i]!.id, i);
    places.set(list, at);
  }
  return at;
}

/**
 * The tournament's participants among `ids`, in seed order, as the engine takes them.
 * Found by place, not by a pass over every participant: a group stage's 750 groups of 4
 * each passed over all 3,000 (issue 27, a fifth of its standings' time once read once).
 */
export function stageEntrants(state: StageState, ids?: ReadonlySet<number>): EngineParticipant[] {
  const list = state.participants();
  if (ids === undefined) return list.map((p) => ({ id: p.id, seed: p.seed }));
  const at = placesIn(list);
  const found: number[] = [];
  for (const id of ids) {
    const i = at.get(id);
    if (i !== undefined) found.push(i);
  }
  return found.sort((a, b) => a - b).map((i) => ({ id: list[i]!.id, seed: list[i]!.seed }));
}

/** Swiss standings of a stage: its complete matches and byes. */
export function swissRanks(state: StageState): StandingRow[] {
  return drain(swissRanksSteps(state, pace(Number.POSITIVE_INFINITY)));
}

/** swissRanks a part at a time (`p`: rows read, results tallied, ... a part). */
export function* swissRanksSteps(state: StageState, p: Pace): Steps<StandingRow[]> {
  const rows = state.rows();
  const byes = state.byes();
  const ids = new Set<number>();
  const results: MatchResult[] = [];
  for (const row of rows) {
    for (const id of playersOf(row)) ids.add(id);
    if (row.state === "complete") results.push(matchResultOf(row));
    if (due(p)) yield;
  }
  for (const bye of byes) ids.add(bye.participantId);
  const options = swissOptions(state.tournament.settings, state.ref.stage);
  return yield* swissStandingsSteps(stageEntrants(state, ids), results, byes, options, p);
}

export function freeForAllReports(rows: readonly MatchRow[]): FreeForAllReport[] {
  return rows.filter((r) => r.state === "complete").map(freeForAllReportOf);
}

/**
 * Final ranks of a complete free-for-all stage (engine `freeForAllFinalRanks`), then every
 * participant removed after the start (`active` false in `participants`) moved below every
 * active one: a removed player forfeits, and takes no rank above the players still in
 * (report.ts places them last in the matches they are left out of). Each part keeps the
 * engine's order; equal engine ranks within a part stay shared (competition ranking).
 */
export function freeForAllRanks(
  rows: readonly MatchRow[],
  participants: readonly StageParticipant[],
): RankMap {
  return freeForAllRanksOf(freeForAllReports(rows), participants);
}

/** freeForAllRanks from the stage's reports (freeForAllReports) already made. */
export function freeForAllRanksOf(
  reports: readonly FreeForAllReport[],
  participants: readonly StageParticipant[],
): RankMap {
  const ranks = freeForAllFinalRanks(reports);
  const removed = new Set(participants.filter((p) => !p.active).map((p) => p.id));
  if (![...ranks.keys()].some((id) => removed.has(id))) return ranks;
  const part = (id: number) => (removed.has(id) ? 1 : 0);
  const ordered = [...ranks].sort(([a, ra], [b, rb]) => part(a) - part(b) || ra - rb);
  const moved = new Map<number, number>();
  ordered.forEach(([id, rank], i) => {
    const previous = ordered[i - 1];
    const shared = previous !== undefined && previous[1] === rank && part(previous[0]) === part(id);
    moved.set(id, shared ? moved.get(previous[0])! : i + 1);
  });
  return moved;
}

/** Standings of a round-robin stage from its completed matches. */
export function roundRobinStandings(state: StageState): StandingRow[] {
  return drain(roundRobinStandingsSteps(state, pace(Number.POSITIVE_INFINITY)));
}

/** roundRobinStandings a part at a time (`p`: rows read, results tallied, ... a part). */
export function* roundRobinStandingsSteps(state: StageState, p: Pace): Steps<StandingRow[]> {
  const rows = state.rows();
  const ids = new Set<number>();
  const results: MatchResult[] = [];
  for (const r of rows) {
    if (r.player1_id !== null) ids.add(r.player1_id);
    if (r.player2_id !== null) ids.add(r.player2_id);
    if (r.active === 1 && r.state === "complete") results.push(matchResultOf(r));
    if (due(p)) yield;
  }
  const { settings } = state.tournament;
  const rr = state.ref.stage === "group" ? groupRanking(settings) : finalRanking(settings);
  return yield* computeStandingsSteps(stageEntrants(state, ids), results, rr, p);
}

function finalRanking(settings: TournamentSettings) {
  const o = settings.round_robin_options;
  return {
    ranking: o.ranking,
    points: {
      matchWin: o.pts_for_match_win,
      matchTie: o.pts_for_match_tie,
      gameWin: o.pts_for_game_win,
      gameTie: o.pts_for_game_tie,
    },
    tieBreaks: settings.tie_breaks as never,
  };
}

function groupRanking(settings: TournamentSettings) {
  const o = settings.group_stage_options;
  return {
    ranking: o.ranked_by,
    points: {
      matchWin: o.rr_pts_for_match_win,
      matchTie: o.rr_pts_for_match_tie,
      gameWin: o.rr_pts_for_game_win,
      gameTie: o.rr_pts_for_game_tie,
    },
    tieBreaks: o.tie_breaks as never,
  };
}

/** Elimination ranks of a stage from its plan and its complete results. */
export function eliminationStageRanks(state: StageState): RankMap {
  const results: ResultLookup = { get: (key) => outcomeOf(state.result(key)) };
  return eliminationRanks(state.rows().map(plannedFrom), results);
}

/**
 * Competition ranks of a complete final stage. Round robin and swiss read the
 * standings' own ranks (engine `rankByTieBreaks`), so `final_rank` and the
 * standings' rank are one figure.
 */
export function finalStageRanks(state: StageState): RankMap {
  switch (state.format) {
    case "round robin":
      return standingRanks(roundRobinStandings(state));
    case "swiss":
      return standingRanks(swissRanks(state));
    case "free for all":
      return freeForAllRanks(state.rows(), state.participants());
    default:
      return eliminationStageRanks(state);
  }
}
