/**
 * Standings of every stage of a tournament (an extension of the v2.1
 * interface: GET /tournaments/{t}/standings): one row per participant and
 * stage, with every tie-break value.
 */
import { eliminationRanks } from "../../engine/index.js";
import type { MatchRow, StageRef } from "../../store/matches-repository.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { stageFormat } from "./plan-stage.js";
import { isEliminationMatch } from "./progress.js";
import { roundRobinStandings } from "./ranks.js";
import { freeForAllRanks, playersOf, swissRanks } from "./rounds.js";
import { plannedFrom, storedResults } from "./stage-index.js";

export interface Standing {
  participant_id: number;
  name: string;
  stage: "group" | "final";
  group_id: number | null;
  rank: number | null;
  wins: number;
  losses: number;
  ties: number;
  games_won: number;
  games_lost: number;
  points_scored: number;
  points_difference: number;
  points: number;
  tie_breaks: Record<string, number>;
}

function stagesOf(rows: readonly MatchRow[]): Map<string, { ref: StageRef; rows: MatchRow[] }> {
  const stages = new Map<string, { ref: StageRef; rows: MatchRow[] }>();
  for (const row of rows) {
    const key = `${row.stage}:${row.group_id ?? 0}`;
    const entry = stages.get(key) ?? {
      ref: { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id },
      rows: [],
    };
    entry.rows.push(row);
    stages.set(key, entry);
  }
  return stages;
}

function eliminationStandings(
  service: ServiceContext,
  ref: StageRef,
  rows: readonly MatchRow[],
  names: Map<number, string>,
): Standing[] {
  const tally = new Map<number, Standing>();
  const entry = (id: number): Standing => {
    let s = tally.get(id);
    if (s === undefined) {
      s = {
        participant_id: id,
        name: names.get(id) ?? String(id),
        stage: ref.stage,
        group_id: ref.groupId,
        rank: null,
        wins: 0,
        losses: 0,
        ties: 0,
        games_won: 0,
        games_lost: 0,
        points_scored: 0,
        points_difference: 0,
        points: 0,
        tie_breaks: {},
      };
      tally.set(id, s);
    }
    return s;
  };
  for (const row of rows) {
    if (row.player1_id !== null) entry(row.player1_id);
    if (row.player2_id !== null) entry(row.player2_id);
    if (
      row.active !== 1 ||
      row.state !== "complete" ||
      row.winner_id === null ||
      row.loser_id === null
    )
      continue;
    entry(row.winner_id).wins++;
    entry(row.loser_id).losses++;
    const sets = row.score_sets === null ? [] : (JSON.parse(row.score_sets) as [number, number][]);
    for (const [a, b] of sets) {
      const [p1, p2] = [entry(row.player1_id!), entry(row.player2_id!)];
      p1.points_scored += a;
      p2.points_scored += b;
      p1.points_difference += a - b;
      p2.points_difference += b - a;
      if (a > b) {
        p1.games_won++;
        p2.games_lost++;
      } else if (b > a) {
        p2.games_won++;
        p1.games_lost++;
      }
    }
  }
  if (service.matches.countIncomplete(ref) === 0 && rows.length > 0) {
    const ranks = eliminationRanks(
      service.matches.stageRows(ref).map(plannedFrom),
      storedResults(service.matches, ref),
    );
    for (const [id, rank] of ranks) entry(id).rank = rank;
  }
  for (const s of tally.values()) s.points = s.wins;
  return [...tally.values()].sort(
    (a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || b.wins - a.wins || a.losses - b.losses,
  );
}

function freeForAllStandings(
  service: ServiceContext,
  ref: StageRef,
  rows: readonly MatchRow[],
  names: Map<number, string>,
): Standing[] {
  const complete = service.matches.countIncomplete(ref) === 0;
  const ranks = complete ? freeForAllRanks(service, ref) : new Map<number, number>();
  const ids = [...new Set(rows.flatMap(playersOf))];
  const advanced = (id: number) =>
    rows.filter(
      (r) =>
        r.state === "complete" &&
        playersOf(r).includes(id) &&
        (JSON.parse(r.entries ?? "[]") as { participant_id: number; advancing: boolean }[]).some(
          (e) => e.participant_id === id && e.advancing,
        ),
    ).length;
  return ids
    .map((id) => ({
      participant_id: id,
      name: names.get(id) ?? String(id),
      stage: ref.stage,
      group_id: ref.groupId,
      rank: ranks.get(id) ?? null,
      wins: advanced(id),
      losses: 0,
      ties: 0,
      games_won: 0,
      games_lost: 0,
      points_scored: 0,
      points_difference: 0,
      points: advanced(id),
      tie_breaks: {},
    }))
    .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || b.wins - a.wins);
}

export function tournamentStandings(service: ServiceContext, t: TournamentRow): Standing[] {
  const names = new Map(service.participants.list(t.id).map((p) => [p.id, p.name]));
  const result: Standing[] = [];
  const stages = [...stagesOf(service.matches.list(t.id, {})).values()].sort((a, b) =>
    a.ref.stage === b.ref.stage
      ? (a.ref.groupId ?? 0) - (b.ref.groupId ?? 0)
      : a.ref.stage === "group"
        ? -1
        : 1,
  );
  for (const { ref, rows } of stages) {
    const format = stageFormat(t.settings, ref.stage);
    if (format === "free for all") {
      result.push(...freeForAllStandings(service, ref, rows, names));
      continue;
    }
    if (rows.some(isEliminationMatch)) {
      result.push(...eliminationStandings(service, ref, rows, names));
      continue;
    }
    const table =
      format === "swiss"
        ? swissRanks(service, t.settings, ref)
        : roundRobinStandings(service, t.settings, ref, service.matches.stageRows(ref));
    for (const row of table) {
      result.push({
        participant_id: row.participantId,
        name: names.get(row.participantId) ?? String(row.participantId),
        stage: ref.stage,
        group_id: ref.groupId,
        rank: row.rank,
        wins: row.matchWins,
        losses: row.matchLosses,
        ties: row.matchTies,
        games_won: row.gameWins,
        games_lost: row.gameLosses,
        points_scored: row.pointsScored,
        points_difference: row.pointsDifference,
        points: row.points,
        tie_breaks: Object.fromEntries(row.tieBreaks.map((v) => [v.name, v.value])),
      });
    }
  }
  return result;
}
