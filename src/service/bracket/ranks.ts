/** Final ranks and standings of a completed stage. */
import {
  computeStandings,
  eliminationRanks,
  type RankMap,
  type StandingRow,
  standingRanks,
} from "../../engine/index.js";
import type { TournamentSettings } from "../../model/tournament.js";
import type { MatchRow, StageRef } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";
import { freeForAllRanks, swissRanks } from "./rounds.js";
import { plannedFrom, storedResults } from "./stage-index.js";
import { matchResultOf, stageParticipants } from "./stage-results.js";

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
