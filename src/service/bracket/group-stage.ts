/**
 * The two-stage flow: groups by snake seeding, each group a stage of its own
 * (round robin, elimination or swiss), then the final stage seeded group
 * winners first, then runners-up, with players of one group kept apart in its
 * first round.
 */
import {
  assertGroupStageRules,
  bergerRounds,
  bracketSizeFor,
  computeStandings,
  type EngineParticipant,
  finalStageSeeds,
  keepGroupsApart,
  type StandingRow,
  snakeGroups,
  standardSeedOrder,
} from "../../engine/index.js";
import type { TournamentType } from "../../model/tournament.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import { unprocessable } from "../errors.js";
import { checkInOpened } from "./check-in.js";
import { matchResultOf } from "./match-codec.js";
import { startStage } from "./plan-stage.js";
import { eliminationStageRanks, roundRobinStandings, stageEntrants, swissRanks } from "./ranks.js";
import { groupStageWayBack } from "./report.js";
import { assertGroupStageWithinLimits } from "./stage-limits.js";
import type { StageState } from "./stage-state.js";
import type { TournamentDraft } from "./tournament-draft.js";

const POINTER = "/data/attributes/state";

/** Groups by snake seeding, each planned as a stage of its own; the tournament is group_stages_underway. */
export function startGroupStage(draft: TournamentDraft): void {
  const { settings } = draft.row;
  const options = settings.group_stage_options;
  const participants = draft.facts.activeSeeds();
  assertGroupStageRules({
    participantCount: participants.length,
    groupSize: options.group_size,
    advancePerGroup: options.participant_count_to_advance_per_group,
  });
  assertGroupStageWithinLimits(settings, participants.length);
  const groups = snakeGroups(participants, options.group_size);
  const assignment = new Map<number, number>();
  groups.forEach((members, i) => {
    for (const member of members) assignment.set(member.id, i + 1);
  });
  draft.record({ kind: "groups", groups: assignment });
  groups.forEach((members, i) => {
    draft.stage(draft.ref("group", i + 1), (stage) => startStage(stage, settings, members));
  });
  draft.setState("group_stages_underway", { started: draft.now, completed: null });
}

/** A group's standings, in finishing order (elimination groups by elimination rank). */
export function groupStandings(state: StageState): StandingRow[] {
  if (state.format === "round robin") return roundRobinStandings(state);
  if (state.format === "swiss") return swissRanks(state);
  const rows = state.rows();
  const ids = new Set(
    rows.flatMap((r) => [r.player1_id, r.player2_id]).filter((id): id is number => id !== null),
  );
  const stats = computeStandings(
    stageEntrants(state, ids),
    rows.filter((r) => r.active === 1 && r.state === "complete").map(matchResultOf),
  );
  const ranks = eliminationStageRanks(state);
  // The rank is the elimination rank (as the standings show it), not the tally's.
  return stats
    .map((row) => ({ ...row, rank: ranks.get(row.participantId) ?? stats.length }))
    .sort((a, b) => a.rank - b.rank || a.seed - b.seed);
}

/** First-round pairs (1-based seeds) of the final stage's format, to keep groups apart in. */
function firstRoundPairs(
  format: TournamentType,
  sequential: boolean,
  count: number,
): [number, number][] {
  if (format === "free for all") return [];
  if (format === "round robin") return (bergerRounds(count)[0] ?? []).map(([a, b]) => [a, b]);
  if (format === "swiss") {
    const half = Math.floor(count / 2);
    return Array.from({ length: half }, (_, i) => [i + 1, i + 1 + half]);
  }
  if (sequential)
    return Array.from({ length: Math.floor(count / 2) }, (_, i) => [2 * i + 1, 2 * i + 2]);
  const order = standardSeedOrder(bracketSizeFor(count));
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const [a, b] = [order[i]!, order[i + 1]!];
    if (a <= count && b <= count) pairs.push([a, b]);
  }
  return pairs;
}

/** Every group complete: the final stage's seeding is fixed (group winners first, groups kept apart). */
export function finalizeGroupStage(draft: TournamentDraft): void {
  const { row, facts } = draft;
  if (row.state !== "group_stages_underway") {
    throw unprocessable(
      `cannot finalize the group stage of a tournament that is ${row.state}; it must be group_stages_underway`,
      POINTER,
    );
  }
  const stages = facts.groups().map((g) => facts.stage(draft.ref("group", g)));
  const open = stages.reduce((n, stage) => n + stage.countIncomplete(), 0);
  if (open > 0)
    throw unprocessable(
      `${open} group stage matches are not complete yet; report them first`,
      POINTER,
    );
  const { settings } = row;
  const entrants = finalStageSeeds(
    stages.map(groupStandings),
    settings.group_stage_options.participant_count_to_advance_per_group,
  );
  const apart = keepGroupsApart(entrants, (n) =>
    firstRoundPairs(settings.tournament_type, settings.seeding_options.sequential_pairings, n),
  );
  const seeds = [...apart].sort((a, b) => a.seed - b.seed).map((e) => e.participantId);
  draft.record({ kind: "stage_data", data: { final_stage_seeds: seeds } });
  draft.setState("group_stages_finalized");
}

export function resetGroupStage(draft: TournamentDraft): void {
  const { state } = draft.row;
  if (state !== "group_stages_underway" && state !== "group_stages_finalized") {
    const started = state === "underway" || state === "awaiting_review" || state === "complete";
    throw unprocessable(
      `cannot reset the group stage of a tournament that is ${state}${started ? `; ${groupStageWayBack(state)}` : ""}`,
      POINTER,
    );
  }
  resetToPending(draft);
}

/**
 * Back to before the start: every match and bye gone, ranks and group places forgotten, no
 * final seeding. The state is pending, or checking_in when the check-in window has opened:
 * the state a look would move a pending tournament to at once (check-in.ts), so the
 * answer of the reset is what is stored and what the next look shows.
 * Check-in goes back to before its processing too: check-ins are kept (a reset to fix a
 * seeding mistake does not make the room check in again), and those process_checkin set
 * aside are active again, as in any tournament not yet processed, so a player who checks
 * in late plays and process_checkin sets aside whoever is still not checked in. (Left set
 * aside, a checking_in tournament held inactive players who could check in and still sit
 * out.)
 */
export function resetToPending(draft: TournamentDraft): void {
  draft.record({ kind: "clear_matches" });
  draft.record({ kind: "clear_results", groups: true });
  draft.record({ kind: "stage_data", data: null });
  draft.record({ kind: "restore_set_aside" });
  const state = checkInOpened(draft.row, draft.now) ? "checking_in" : "pending";
  draft.setState(state, { started: null, completed: null });
}

/** Final-stage participants after a group stage: the stored seeding, as engine participants. */
export function finalStageEntrants(row: TournamentRow): EngineParticipant[] {
  const seeds = (row.stage_data?.final_stage_seeds ?? []) as number[];
  return seeds.map((id, i) => ({ id, seed: i + 1 }));
}
