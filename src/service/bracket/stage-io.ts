/**
 * The imperative shell around the stage transitions: load a stage's state
 * from the repositories, let a pure transition record its changes on a draft,
 * then apply the list, in order, through the repositories (which keep the
 * rows they hold in step). Callers run it inside `service.write`, so the whole
 * list lands in one transaction or not at all.
 */
import type { BracketIndex, PlannedMatch } from "../../engine/index.js";
import type { TournamentType } from "../../model/tournament.js";
import type { MatchResultRow, MatchRow, NewMatch, StageRef } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import { syncStations } from "../stations/station-io.js";
import { newMatchFromPlan } from "./match-codec.js";
import type { Bye } from "./round-plans.js";
import { type StageChange, StageDraft } from "./stage-draft.js";
import { seedStageIndex, stageIndex, stageOf } from "./stage-index.js";
import {
  type StageParticipant,
  type StageState,
  type StageTournament,
  stageFormat,
} from "./stage-state.js";

/**
 * A stage's state backed by the repositories. Each part is read when the
 * transition first asks for it (a report in an elimination bracket reads a
 * handful of rows and the cached index, not the whole stage; it never parses
 * the tournament's settings), and every read happens before the first write.
 * A class, not an object of closures: one is made per request.
 */
class StoredStage implements StageState {
  private rowList: readonly MatchRow[] | undefined;
  private byeList: readonly Bye[] | undefined;
  private lookup: ((key: string) => MatchResultRow | undefined) | undefined;

  constructor(
    private readonly service: ServiceContext,
    private readonly t: TournamentRow,
    readonly ref: StageRef,
    private readonly people: () => readonly StageParticipant[],
  ) {}

  get tournament(): StageTournament {
    return this.t;
  }

  get format(): TournamentType {
    return stageFormat(this.t.settings, this.ref.stage);
  }

  row(key: string): MatchRow | undefined {
    return this.service.matches.findByKey(this.ref, key);
  }

  result(key: string): MatchResultRow | undefined {
    this.lookup ??= this.service.matches.stageLookup(this.ref);
    return this.lookup(key);
  }

  rows(): readonly MatchRow[] {
    this.rowList ??= this.service.matches.stageRows(this.ref);
    return this.rowList;
  }

  countIncomplete(atMost?: number): number {
    return this.service.matches.countIncomplete(this.ref, atMost);
  }

  index(): BracketIndex {
    return stageIndex(this.service.matches, this.ref);
  }

  byes(): readonly Bye[] {
    this.byeList ??= this.service.matches.byes(this.ref);
    return this.byeList;
  }

  participants(): readonly StageParticipant[] {
    return this.people();
  }

  entrants(ids: ReadonlySet<number>): readonly StageParticipant[] {
    return this.service.participants
      .seedsAmong(this.ref.tournamentId, [...ids])
      .map(stageParticipant);
  }

  anyInactive(): boolean {
    return this.service.participants.anyInactive(this.ref.tournamentId);
  }
}

/** A participant as a stage reads it (`active` a boolean, as the engine takes it). */
export const stageParticipant = (p: {
  readonly id: number;
  readonly seed: number;
  readonly active: number;
}): StageParticipant => ({ id: p.id, seed: p.seed, active: p.active === 1 });

/**
 * The tournament's participants read once, when first asked for, for every stage of one
 * request that shares it: each stage reading them again was the whole cost of a group
 * stage's standings, bracket and finalize (issue 27: 750 groups of a 3,000-player group
 * stage read all 3,000 participants 750 times, 8.2 of 9.5 s of the standings' request).
 */
export function participantsOnce(
  service: ServiceContext,
  tournamentId: number,
): () => readonly StageParticipant[] {
  let people: readonly StageParticipant[] | undefined;
  return () => {
    people ??= service.participants.list(tournamentId).map(stageParticipant);
    return people;
  };
}

/**
 * The state of stage `ref` of `t`. `participants`: the request's participants, when it reads
 * several stages (participantsOnce); else this stage reads them itself, once.
 */
export function loadStage(
  service: ServiceContext,
  t: TournamentRow,
  ref: StageRef,
  participants = participantsOnce(service, t.id),
): StageState {
  return new StoredStage(service, t, ref, participants);
}

function idOf(service: ServiceContext, ref: StageRef, key: string): number {
  const row = service.matches.findByKey(ref, key);
  if (row === undefined) throw new Error(`no match ${key} in stage ${ref.stage} ${ref.groupId}`);
  return row.id;
}

function* newMatches(ref: StageRef, plan: Iterable<PlannedMatch>): Generator<NewMatch> {
  for (const m of plan) yield newMatchFromPlan(ref, m);
}

/**
 * Stores a stage's planned matches as they come. A plan held whole (an array:
 * elimination) also seeds the stage's bracket index, from the plan at hand
 * rather than from the stored rows; a streamed one (round robin, whose results
 * move nobody on) does not need one.
 */
function storePlan(
  service: ServiceContext,
  ref: StageRef,
  plan: readonly PlannedMatch[] | Iterable<PlannedMatch>,
  now: string,
): void {
  service.matches.insertMany(ref.tournamentId, newMatches(ref, plan), now);
  if (Array.isArray(plan)) seedStageIndex(service.matches, ref, plan);
}

type ChangeOf<K extends StageChange["kind"]> = Extract<StageChange, { kind: K }>;

/** Writes one change of each kind (by the id the draft read; 0: a row it added, found by key now). */
type Writers = {
  readonly [K in StageChange["kind"]]: (
    service: ServiceContext,
    ref: StageRef,
    c: ChangeOf<K>,
    now: string,
  ) => void;
};

/**
 * One writer a kind of change, called through one call site (`applyChanges`), not a
 * `switch` of calls (issue 27): the first tournament of a process to end ran the
 * `tournament_state` case for the first time inside `applyChanges`' optimised code, which
 * V8 then threw away ("Insufficient type feedback"), with the writers inlined into it,
 * and compiled again only after ~1,000-1,900 more reports (bench/report-deopts.mjs). A
 * call site that has seen several writers calls whichever comes without a deopt.
 */
const WRITERS: Writers = {
  result: (service, ref, c, now) =>
    service.matches.setResult(c.id || idOf(service, ref, c.key), c.result, now),
  entries: (service, ref, c, now) =>
    service.matches.setEntries(c.id || idOf(service, ref, c.key), c.entries, now),
  slot: (service, ref, c, now) => {
    if (c.id !== 0) service.matches.setSlotOf(c.id, c.slot, c.participantId, now, c.state);
    else service.matches.setSlot(ref, c.key, c.slot, c.participantId, now, c.state);
  },
  state: (service, ref, c, now) => {
    if (c.id !== 0) service.matches.setStateOf(c.id, c.state, c.active, now);
    else service.matches.setState(ref, c.key, c.state, c.active, now);
  },
  insert: (service, ref, c, now) => service.matches.insertMany(ref.tournamentId, c.matches, now),
  plan: (service, ref, c, now) => storePlan(service, ref, c.plan, now),
  bye: (service, ref, c) => service.matches.addBye(ref, c.bye.round, c.bye.participantId),
  drop_rounds_after: (service, ref, c) => service.matches.deleteRoundsAfter(ref, c.round),
  tournament_state: (service, ref, c, now) =>
    service.tournaments.setState(ref.tournamentId, c.state, now),
};

/** Writes `changes` in order (inside the caller's transaction). */
export function applyChanges(
  service: ServiceContext,
  ref: StageRef,
  changes: readonly StageChange[],
  now: string,
): void {
  for (const c of changes)
    (WRITERS[c.kind] as (s: ServiceContext, r: StageRef, c: StageChange, n: string) => void)(
      service,
      ref,
      c,
      now,
    );
}

/**
 * Runs `transition` on a draft of `row`'s stage and applies what it recorded,
 * then the station changes that follow (stations/station-plan.ts); a
 * transition that throws (a refused report) has written nothing.
 */
export function runTransition(
  service: ServiceContext,
  t: TournamentRow,
  row: MatchRow,
  transition: (draft: StageDraft) => void,
): void {
  const ref = stageOf(row);
  const now = service.now();
  const draft = new StageDraft(loadStage(service, t, ref), now);
  transition(draft);
  applyChanges(service, ref, draft.changes, now);
  // Stations follow the matches in the same write: freed, and with auto_assign given the next.
  syncStations(service, t);
}
