/**
 * Standings of every stage of a tournament (an extension of the v2.1
 * interface: GET /tournaments/{t}/standings): one row per participant and
 * stage, with every tie-break value.
 *
 * Ranks are the stage's final ranks: round robin, swiss and round-robin or swiss
 * groups read the engine's one ranking (`rankByTieBreaks`, the same figures as
 * `final_rank` and the group ranks, shared where every tie-break level is
 * equal); elimination and free-for-all stages show their final ranks once
 * complete. W/L/T: one-on-one matches as played; a free-for-all match is won by
 * placing first alone, tied by sharing first place, lost otherwise.
 */
import {
  addResults,
  type RankMap,
  roundValue,
  type StandingRow,
  type Tally,
  tallyResults,
} from "../../engine/index.js";
import { drain, due, type Pace, pace, type Steps } from "../../engine/steps.js";
import type { MatchRow, StageRef } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { freeForAllStandings } from "./free-for-all-standings.js";
import { matchResultOf, playersOf } from "./match-codec.js";
import { isEliminationMatch } from "./progress.js";
import { eliminationStageRanks, roundRobinStandings, swissRanks } from "./ranks.js";
import { loadStage, stageParticipant } from "./stage-io.js";
import type { StageParticipant, StageState } from "./stage-state.js";

import { bySeed, type People, type Standing } from "./standing-row.js";

export type { People, Standing } from "./standing-row.js";

/** A stage of the tournament and its rows. */
export interface StageRows {
  readonly ref: StageRef;
  readonly rows: MatchRow[];
}

/**
 * The rows of each stage (group stage: of each group), in the order they come; `p.part`
 * rows a step (standings-steps.ts; the route drains them at once).
 */
function* stagesOf(rows: readonly MatchRow[], p: Pace): Steps<StageRows[]> {
  const stages: StageRows[] = [];
  const byKey = { group: new Map<number, StageRows>(), final: new Map<number, StageRows>() };
  for (const row of rows) {
    const of = byKey[row.stage];
    let entry = of.get(row.group_id ?? 0);
    if (entry === undefined) {
      entry = {
        ref: { tournamentId: row.tournament_id, stage: row.stage, groupId: row.group_id },
        rows: [],
      };
      of.set(row.group_id ?? 0, entry);
      stages.push(entry);
    }
    entry.rows.push(row);
    if (due(p)) yield;
  }
  return stages;
}

/**
 * The participants every stage's state reads, made once from `people` (already read):
 * not read again by each stage (issue 27: a 3,000-player group stage's 750 groups read
 * them 750 times, 8.2 of the 9.5 s of GET .../standings).
 */
export function stageParticipantsOf(people: People): () => readonly StageParticipant[] {
  let list: readonly StageParticipant[] | undefined;
  return () => {
    list ??= [...people].map(([id, p]) => stageParticipant({ id, seed: p.seed, active: p.active }));
    return list;
  };
}

/** One standing from an engine standings row (W/L/T, games, points, tie-breaks). */
export function standingOf(
  row: StandingRow,
  ref: StageRef,
  people: People,
  rank: number | null,
  points: number,
): Standing {
  return {
    participant_id: row.participantId,
    name: people.get(row.participantId)?.name ?? String(row.participantId),
    stage: ref.stage,
    group_id: ref.groupId,
    rank,
    wins: row.matchWins,
    losses: row.matchLosses,
    ties: row.matchTies,
    games_won: row.gameWins,
    games_lost: row.gameLosses,
    points_scored: row.pointsScored,
    points_difference: row.pointsDifference,
    points,
    byes: row.byes,
    tie_breaks: Object.fromEntries(row.tieBreaks.map((v) => [v.name, v.value])),
  };
}

/**
 * The stage's entrants from the participants already read, in seed order: what
 * `stageEntrants` answers, without reading every participant again (at 50,000 players
 * that read was a quarter of the standings' time, issue 24).
 */
export function entrantsOf(
  people: People,
  ids: ReadonlySet<number>,
): { id: number; seed: number }[] {
  // Each of `ids` looked up, not a pass over every participant for each stage: a group
  // stage of 12,000 players in elimination groups passed over all 12,000 for each of its
  // 3,000 groups (GET .../standings 3.1 s, serve answering nothing else meanwhile).
  const entrants: { id: number; seed: number }[] = [];
  for (const id of ids) {
    const p = people.get(id);
    if (p !== undefined) entrants.push({ id, seed: p.seed });
  }
  return entrants.sort((a, b) => a.seed - b.seed || a.id - b.id);
}

/** Whether a row of an elimination stage counts in its tally: complete, with both players. */
export const isPlayed = (r: MatchRow): boolean =>
  r.active === 1 && r.state === "complete" && r.player1_id !== null && r.player2_id !== null;

/** The final ranks of an elimination stage: once it is complete, none before. */
export function eliminationRanks(state: StageState, rows: readonly MatchRow[]): RankMap {
  const complete = rows.length > 0 && state.countIncomplete() === 0;
  return complete ? eliminationStageRanks(state) : new Map<number, number>();
}

/** One entrant's standing in an elimination stage (W/L/T, games and points as tallied). */
export function eliminationStanding(
  tally: Tally,
  ref: StageRef,
  people: People,
  ranks: RankMap,
): Standing {
  return {
    participant_id: tally.participantId,
    name: people.get(tally.participantId)?.name ?? String(tally.participantId),
    stage: ref.stage,
    group_id: ref.groupId,
    rank: ranks.get(tally.participantId) ?? null,
    wins: tally.matchWins,
    losses: tally.matchLosses,
    ties: tally.matchTies,
    games_won: tally.gameWins,
    games_lost: tally.gameLosses,
    points_scored: roundValue(tally.pointsScored),
    points_difference: roundValue(tally.pointsScored - tally.pointsAgainst),
    points: tally.matchWins,
    byes: 0,
    tie_breaks: {},
  };
}

/** The order of an elimination stage's standings: by rank, wins, losses, then seed (total). */
export const eliminationOrder =
  (people: People) =>
  (a: Standing, b: Standing): number =>
    (a.rank ?? 1e9) - (b.rank ?? 1e9) ||
    b.wins - a.wins ||
    a.losses - b.losses ||
    bySeed(people, a, b);

/** Elimination: the engine's tally of the played matches, ranked by elimination rank once complete. */
function eliminationStandings(
  state: StageState,
  rows: readonly MatchRow[],
  people: People,
): Standing[] {
  const tallies = tallyResults(entrantsOf(people, new Set(rows.flatMap(playersOf))), []);
  addResults(tallies, rows.filter(isPlayed).map(matchResultOf));
  const ranks = eliminationRanks(state, rows);
  return [...tallies.values()]
    .map((tally) => eliminationStanding(tally, state.ref, people, ranks))
    .sort(eliminationOrder(people));
}

/** The tournament's stages in the standings' order: groups first, by group. */
export function standingStages(service: ServiceContext, t: TournamentRow): StageRows[] {
  return drain(standingStagesSteps(service, t, pace(Number.POSITIVE_INFINITY)));
}

/** standingStages, the rows grouped `p.part` a step. */
export function* standingStagesSteps(
  service: ServiceContext,
  t: TournamentRow,
  p: Pace,
): Steps<StageRows[]> {
  const stages = yield* stagesOf(service.matches.list(t.id, {}), p);
  return stages.sort((a, b) =>
    a.ref.stage === b.ref.stage
      ? (a.ref.groupId ?? 0) - (b.ref.groupId ?? 0)
      : a.ref.stage === "group"
        ? -1
        : 1,
  );
}

/** Whether a stage's standings are an elimination stage's (eliminationStandings). */
export const isEliminationStage = (state: StageState, rows: readonly MatchRow[]): boolean =>
  drain(isEliminationStageSteps(state, rows, pace(Number.POSITIVE_INFINITY)));

/** isEliminationStage, `p.part` rows a step (a round robin's 130,816 rows have none). */
export function* isEliminationStageSteps(
  state: StageState,
  rows: readonly MatchRow[],
  p: Pace,
): Steps<boolean> {
  if (state.format === "free for all") return false;
  for (const row of rows) {
    if (isEliminationMatch(row)) return true;
    if (due(p)) yield;
  }
  return false;
}

/** The standings of one stage of the tournament. */
export function stageStandings(
  service: ServiceContext,
  t: TournamentRow,
  { ref, rows }: StageRows,
  people: People,
  participants = stageParticipantsOf(people),
): Standing[] {
  const state = loadStage(service, t, ref, participants);
  if (state.format === "free for all")
    return drain(freeForAllStandings(state, rows, people, pace(Number.POSITIVE_INFINITY)));
  if (isEliminationStage(state, rows)) return eliminationStandings(state, rows, people);
  const table = state.format === "swiss" ? swissRanks(state) : roundRobinStandings(state);
  return table.map((row) => standingOf(row, ref, people, row.rank, row.points));
}

export function tournamentStandings(service: ServiceContext, t: TournamentRow): Standing[] {
  const people: People = new Map(service.participants.list(t.id).map((p) => [p.id, p]));
  const participants = stageParticipantsOf(people);
  const result: Standing[] = [];
  for (const stage of standingStages(service, t))
    result.push(...stageStandings(service, t, stage, people, participants));
  return result;
}

/** A standing as the v2.1 extension lists it (GET /tournaments/{t}/standings). */
export function standingDocument(s: Standing) {
  return {
    id: `${s.stage}:${s.group_id ?? 0}:${s.participant_id}`,
    type: "standing",
    attributes: { ...s },
  };
}
