/**
 * Stages played round by round: swiss (each round paired when the previous
 * one completes) and free for all (advancers of a round meet in the next).
 */
import {
  type EngineParticipant,
  type FreeForAllReport,
  freeForAllFinalRanks,
  matchIdentifier,
  orderAdvancers,
  pairSwissRound,
  planFreeForAllRound,
  type RankMap,
  swissRoundCount,
  swissStandings,
} from "../../engine/index.js";
import type { TournamentSettings } from "../../model/tournament.js";
import type { MatchRow, NewMatch, StageRef } from "../../store/matches-repository.js";
import type { ServiceContext } from "../context.js";
import { matchResultOf, stageParticipants } from "./stage-results.js";

function roundMatch(
  ref: StageRef,
  key: string,
  side: string,
  round: number,
  order: number,
  p1: number | null,
  p2: number | null,
): NewMatch {
  const source = (id: number | null) =>
    JSON.stringify(
      id === null
        ? { type: "participant", participantId: 0 }
        : { type: "participant", participantId: id },
    );
  return {
    stage: ref.stage,
    groupId: ref.groupId,
    key,
    side,
    round,
    identifier: matchIdentifier(order),
    suggestedPlayOrder: order,
    player1Source: source(p1),
    player2Source: source(p2),
    onlyIfLoserWins: null,
    active: true,
    player1Id: p1,
    player2Id: p2,
    state: "open",
  };
}

export function swissOptions(settings: TournamentSettings, ref: StageRef) {
  const o = settings.swiss_options;
  const tieBreaks = (
    ref.stage === "group" ? settings.group_stage_options.tie_breaks : settings.tie_breaks
  ) as never;
  return {
    points: {
      matchWin: o.pts_for_match_win,
      matchTie: o.pts_for_match_tie,
      gameWin: o.pts_for_game_win,
      gameTie: o.pts_for_game_tie,
      bye: o.pts_for_bye,
    },
    tieBreaks,
  };
}

function swissInput(
  service: ServiceContext,
  ref: StageRef,
  participants: readonly EngineParticipant[],
) {
  const rows = service.matches.stageRows(ref).filter((r) => r.state === "complete");
  return { participants, results: rows.map(matchResultOf), byes: service.matches.byes(ref) };
}

export function storeSwissRound(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
  round: number,
  participants: readonly EngineParticipant[],
): void {
  const pairing = pairSwissRound(
    { ...swissInput(service, ref, participants), round },
    swissOptions(settings, ref),
  );
  const first = service.matches.countStage(ref) + 1;
  const rows = pairing.pairings.map((p, i) =>
    roundMatch(ref, `S${round}-${i + 1}`, "swiss", round, first + i, p.player1Id, p.player2Id),
  );
  service.matches.insertMany(ref.tournamentId, rows, service.now());
  if (pairing.byeId !== null) service.matches.addBye(ref, round, pairing.byeId);
}

function participantsOfStage(service: ServiceContext, ref: StageRef): EngineParticipant[] {
  const ids = new Set<number>();
  for (const row of service.matches.stageRows(ref)) for (const id of playersOf(row)) ids.add(id);
  for (const bye of service.matches.byes(ref)) ids.add(bye.participantId);
  return stageParticipants(service, ref.tournamentId, ids);
}

export function swissRoundsFor(settings: TournamentSettings, count: number): number {
  return Math.min(swissRoundCount(count, settings.swiss_options.rounds), Math.max(1, count - 1));
}

/** After the last match of a swiss round: pair the next, or report the stage complete. */
export function continueSwiss(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
): boolean {
  const participants = participantsOfStage(service, ref);
  const round = service.matches.maxRound(ref);
  if (round >= swissRoundsFor(settings, participants.length)) return true;
  storeSwissRound(service, settings, ref, round + 1, participants);
  return false;
}

export function swissRanks(service: ServiceContext, settings: TournamentSettings, ref: StageRef) {
  const participants = participantsOfStage(service, ref);
  const { results, byes } = swissInput(service, ref, participants);
  return swissStandings(participants, results, byes, swissOptions(settings, ref));
}

/** Participants of a match: its two players, or a free-for-all match's entries. */
export function playersOf(row: MatchRow): number[] {
  if (row.side === "free_for_all")
    return (JSON.parse(row.entries ?? "[]") as { participant_id: number }[]).map(
      (e) => e.participant_id,
    );
  return [row.player1_id, row.player2_id].filter((id): id is number => id !== null);
}

export function storeFreeForAllRound(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
  round: number,
  ids: readonly number[],
): void {
  const plans = planFreeForAllRound(ids, settings.free_for_all_options.max_participants);
  const first = service.matches.countStage(ref) + 1;
  const rows = plans.map((plan, i) => ({
    ...roundMatch(ref, `F${round}-${plan.number}`, "free_for_all", round, first + i, null, null),
    entries: JSON.stringify(
      plan.participantIds.map((id) => ({
        participant_id: id,
        score_set: "",
        rank: null,
        advancing: false,
      })),
    ),
  }));
  service.matches.insertMany(ref.tournamentId, rows, service.now());
}

export function freeForAllReports(service: ServiceContext, ref: StageRef): FreeForAllReport[] {
  return service.matches
    .stageRows(ref)
    .filter((r) => r.state === "complete")
    .map((r) => ({
      round: r.round,
      entries: (
        JSON.parse(r.entries ?? "[]") as {
          participant_id: number;
          rank: number;
          advancing: boolean;
        }[]
      ).map((e) => ({
        participantId: e.participant_id,
        rank: e.rank,
        advancing: e.advancing,
      })),
    }));
}

/** After the last match of a free-for-all round: the advancers meet in the next round, or the stage ends. */
export function continueFreeForAll(
  service: ServiceContext,
  settings: TournamentSettings,
  ref: StageRef,
): boolean {
  const round = service.matches.maxRound(ref);
  const inRound = service.matches.stageRows(ref).filter((r) => r.round === round);
  if (inRound.length === 1) return true;
  const seeds = new Map(service.participants.list(ref.tournamentId).map((p) => [p.id, p.seed]));
  const reports = freeForAllReports(service, ref).filter((r) => r.round === round);
  const advancers = orderAdvancers(reports, (id) => seeds.get(id) ?? Number.MAX_SAFE_INTEGER);
  storeFreeForAllRound(service, settings, ref, round + 1, advancers);
  return false;
}

export function freeForAllRanks(service: ServiceContext, ref: StageRef): RankMap {
  return freeForAllFinalRanks(freeForAllReports(service, ref));
}
