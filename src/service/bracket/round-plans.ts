/**
 * Stages played round by round, as pure functions of the stage's rows: swiss
 * (each round paired once the previous one is complete) and free for all (the
 * advancers of a round meet in the next, until a round is a single match).
 * They return the rows to store; the caller stores them.
 */
import {
  type EngineParticipant,
  orderAdvancers,
  pairSwissRound,
  planFreeForAllRound,
  swissRoundCount,
} from "../../engine/index.js";
import { MAX_REPORT_ENTRIES } from "../../model/limits.js";
import type { TournamentSettings, TournamentType } from "../../model/tournament.js";
import type { MatchRow, NewMatch, StageRef } from "../../store/match-rows.js";
import {
  freeForAllReportOf,
  matchResultOf,
  newFreeForAllMatch,
  newSwissMatch,
  playersOf,
} from "./match-codec.js";

export interface Bye {
  readonly participantId: number;
  readonly round: number;
}

/** The next round's matches, and the swiss bye it gives (if any). */
export interface RoundPlan {
  readonly matches: readonly NewMatch[];
  readonly bye: Bye | null;
}

export function swissOptions(settings: TournamentSettings, stage: "final" | "group") {
  const o = settings.swiss_options;
  const tieBreaks = (
    stage === "group" ? settings.group_stage_options.tie_breaks : settings.tie_breaks
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

/**
 * The rounds a swiss stage of `count` players plays: `swiss_options.rounds` when set,
 * else ceil(log2 n) (DESIGN §3). A set count is played as set, also beyond n - 1
 * rounds: once no rematch-free pairing is left, the engine's fallback pairs the
 * fewest rematches (DESIGN §4), so the stored setting and the rounds played agree.
 */
export function swissRoundsFor(settings: TournamentSettings, count: number): number {
  const rounds = swissRoundCount(count, settings.swiss_options.rounds);
  return count < 2 ? Math.min(rounds, 1) : rounds;
}

/** A stage's entrant; `active` false once deactivated (removed after the start). */
export interface Entrant extends EngineParticipant {
  readonly active?: boolean;
}

/** The ids of the deactivated among `participants`. */
function withdrawnOf(participants: readonly Entrant[]): ReadonlySet<number> {
  const ids = new Set<number>();
  for (const p of participants) if (p.active === false) ids.add(p.id);
  return ids;
}

/**
 * Swiss round `round` of `participants`, paired from the complete `rows` and the byes.
 * A deactivated participant is paired in round 1 only (a stage's start: they forfeit at
 * once), never given a bye, and never paired after; their played results stay.
 */
export function planSwissRound(
  settings: TournamentSettings,
  ref: StageRef,
  round: number,
  participants: readonly Entrant[],
  played: { readonly rows: readonly MatchRow[]; readonly byes: readonly Bye[] },
): RoundPlan {
  const results = played.rows.filter((r) => r.state === "complete").map(matchResultOf);
  const pairing = pairSwissRound(
    {
      participants,
      results,
      byes: played.byes,
      round,
      withdrawn: withdrawnOf(participants),
      roundCount: swissRoundsFor(settings, participants.length),
    },
    swissOptions(settings, ref.stage),
  );
  const first = played.rows.length + 1;
  const matches = pairing.pairings.map((p, i) =>
    newSwissMatch(
      ref,
      { key: `S${round}-${i + 1}`, round, order: first + i },
      p.player1Id,
      p.player2Id,
    ),
  );
  return {
    matches,
    bye: pairing.byeId === null ? null : { participantId: pairing.byeId, round },
  };
}

/**
 * Free-for-all round `round`: tables of `ids`, numbered after the `existing` rows, and
 * the round's bye when the tables would leave one player alone (engine planFreeForAllRound):
 * the first of `ids` still in (not in `withdrawn`) who sat out no earlier round (`byes`).
 */
export function planFreeForAllTables(
  settings: TournamentSettings,
  ref: StageRef,
  round: number,
  ids: readonly number[],
  existing: number,
  rule: { readonly byes?: readonly Bye[]; readonly withdrawn?: ReadonlySet<number> } = {},
): RoundPlan {
  // Above MAX_REPORT_ENTRIES the engine refuses the start (such a match is never
  // reported); a later round of a tournament started before that bound keeps to it, so
  // a first round played in tables of 8 or fewer can still finish.
  const stored = settings.free_for_all_options.max_participants;
  const max = round === 1 ? stored : Math.min(stored, MAX_REPORT_ENTRIES);
  const plan = planFreeForAllRound(ids, max, {
    satOut: new Set((rule.byes ?? []).map((b) => b.participantId)),
    withdrawn: rule.withdrawn ?? new Set<number>(),
  });
  const matches = plan.matches.map((table, i) =>
    newFreeForAllMatch(
      ref,
      { key: `F${round}-${table.number}`, round, order: existing + 1 + i },
      table.participantIds,
    ),
  );
  return { matches, bye: plan.byeId === null ? null : { participantId: plan.byeId, round } };
}

function lastRound(rows: readonly MatchRow[]): number {
  let max = 0;
  for (const row of rows) if (row.round > max) max = row.round;
  return max;
}

/**
 * Whether `round` of a free-for-all stage is its final: a single match and no bye (a
 * round of one match and a bye sends both to another round).
 */
export function isFinalTable(
  rows: readonly MatchRow[],
  round: number,
  byes: readonly Bye[],
): boolean {
  let n = 0;
  for (const row of rows) if (row.round === round) n++;
  return n === 1 && !byes.some((b) => b.round === round);
}

/** What a stage played round by round needs to plan its next round. */
export interface RoundsInput {
  readonly settings: TournamentSettings;
  readonly format: TournamentType;
  readonly ref: StageRef;
  /** Every row of the stage, in play order. */
  readonly rows: readonly MatchRow[];
  readonly byes: readonly Bye[];
  /** The participants among `ids`, in seed order (StageState.entrants). */
  entrants(ids: ReadonlySet<number>): readonly Entrant[];
}

/**
 * After the last match of a round: the next round to store, or null when the
 * stage is over (swiss: its rounds are played; free for all: the final table is).
 */
export function nextRound(input: RoundsInput): RoundPlan | null {
  const { settings, ref, rows } = input;
  const round = lastRound(rows);
  if (input.format === "swiss") {
    const ids = new Set(rows.flatMap(playersOf));
    for (const bye of input.byes) ids.add(bye.participantId);
    const entrants = input.entrants(ids);
    // The rounds are those of the stage as it started; with fewer than 2 players still in,
    // nobody is left to pair and the stage is over.
    if (round >= swissRoundsFor(settings, entrants.length)) return null;
    if (entrants.filter((p) => p.active !== false).length < 2) return null;
    return planSwissRound(settings, ref, round + 1, entrants, input);
  }
  if (input.format !== "free for all" || isFinalTable(rows, round, input.byes)) return null;
  const played = rows.filter((r) => r.round === round && r.state === "complete");
  const byeId = input.byes.find((b) => b.round === round)?.participantId ?? null;
  const ids = new Set(played.flatMap(playersOf));
  if (byeId !== null) ids.add(byeId);
  const entrants = input.entrants(ids);
  const seeds = new Map(entrants.map((p) => [p.id, p.seed]));
  const reports = played.map(freeForAllReportOf);
  const seedOf = (id: number) => seeds.get(id) ?? Number.MAX_SAFE_INTEGER;
  const advancers = orderAdvancers(reports, seedOf, byeId);
  return planFreeForAllTables(settings, ref, round + 1, advancers, rows.length, {
    byes: input.byes,
    withdrawn: withdrawnOf(entrants),
  });
}
