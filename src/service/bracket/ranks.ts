/** Final ranks and standings of a completed stage. */
import {
  computeStandings,
  type EngineParticipant,
  eliminationRanks,
  type FreeForAllReport,
  freeForAllFinalRanks,
  type RankMap,
  type StandingRow,
  standingRanks,
  swissStandings,
} from "../../engine/index.js";
import type { TournamentSettings } from "../../model/tournament.js";
import type { MatchRow, StageRef } from "../../store/match-rows.js";
import type { ServiceContext } from "../context.js";
import { freeForAllReportOf, matchResultOf, plannedFrom, playersOf } from "./match-codec.js";
import { swissOptions } from "./round-plans.js";
import { storedResults } from "./stage-index.js";

export function stageParticipants(
  service: ServiceContext,
  tournamentId: number,
  ids?: ReadonlySet<number>,
): EngineParticipant[] {
  return service.participants
    .list(tournamentId)
    .filter((p) => ids === undefined || ids.has(p.id))
    .map((p) => ({ id: p.id, seed: p.seed }));
}

/** Swiss standings of a stage: its complete matches and byes. */
export function swissRanks(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
): StandingRow[] {
  const rows = service.matches.stageRows(ref);
  const byes = service.matches.byes(ref);
  const ids = new Set(rows.flatMap(playersOf));
  for (const bye of byes) ids.add(bye.participantId);
  const results = rows.filter((r) => r.state === "complete").map(matchResultOf);
  const participants = stageParticipants(service, ref.tournamentId, ids);
  return swissStandings(participants, results, byes, swissOptions(settings, ref.stage));
}

export function freeForAllReports(service: ServiceContext, ref: StageRef): FreeForAllReport[] {
  return service.matches
    .stageRows(ref)
    .filter((r) => r.state === "complete")
    .map(freeForAllReportOf);
}

export function freeForAllRanks(service: ServiceContext, ref: StageRef): RankMap {
  return freeForAllFinalRanks(freeForAllReports(service, ref));
}

/** Standings of a round-robin (or swiss) stage from its completed matches. */
export function roundRobinStandings(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
  rows: readonly MatchRow[],
): StandingRow[] {
  const ids = new Set(
    rows.flatMap((r) => [r.player1_id, r.player2_id]).filter((id): id is number => id !== null),
  );
  const results = rows.filter((r) => r.active === 1 && r.state === "complete").map(matchResultOf);
  const rr = ref.stage === "group" ? groupRanking(settings) : finalRanking(settings);
  return computeStandings(stageParticipants(service, ref.tournamentId, ids), results, rr);
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

/**
 * Competition ranks of a complete final stage. Round robin and swiss read the
 * standings' own ranks (engine `rankByTieBreaks`), so `final_rank` and the
 * standings' rank are one figure.
 */
export function finalStageRanks(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
): RankMap {
  const rows = service.matches.stageRows(ref);
  switch (settings.tournament_type) {
    case "round robin":
      return standingRanks(roundRobinStandings(service, settings, ref, rows));
    case "swiss":
      return standingRanks(swissRanks(service, settings, ref));
    case "free for all":
      return freeForAllRanks(service, ref);
    default:
      return eliminationRanks(rows.map(plannedFrom), storedResults(service.matches, ref));
  }
}
