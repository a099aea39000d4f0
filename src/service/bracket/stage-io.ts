/**
 * The imperative shell around the stage transitions: load a stage's state
 * from the repositories, let a pure transition record its changes on a draft,
 * then apply the list, in order, through the repositories (which keep the
 * rows they hold in step). Callers run it inside `service.write`, so the whole
 * list lands in one transaction or not at all.
 */
import type { MatchRow, StageRef } from "../../store/match-rows.js";
import type { TournamentRow } from "../../store/tournaments-repository.js";
import type { ServiceContext } from "../context.js";
import type { Bye } from "./round-plans.js";
import { type StageChange, StageDraft } from "./stage-draft.js";
import { stageIndex, stageOf } from "./stage-index.js";
import { type StageParticipant, type StageState, stageFormat } from "./stage-state.js";

/**
 * A stage's state backed by the repositories. Each part is read when the
 * transition first asks for it (a report in an elimination bracket reads a
 * handful of rows and the cached index, not the whole stage), and every read
 * happens before the first write.
 */
export function loadStage(service: ServiceContext, t: TournamentRow, ref: StageRef): StageState {
  const { matches, participants } = service;
  let rows: readonly MatchRow[] | undefined;
  let byes: readonly Bye[] | undefined;
  let people: readonly StageParticipant[] | undefined;
  return {
    ref,
    tournament: { url: t.url, state: t.state, settings: t.settings },
    format: stageFormat(t.settings, ref.stage),
    row: (key) => matches.findByKey(ref, key),
    rows: () => {
      rows ??= matches.stageRows(ref);
      return rows;
    },
    countIncomplete: () => matches.countIncomplete(ref),
    index: () => stageIndex(matches, ref),
    byes: () => {
      byes ??= matches.byes(ref);
      return byes;
    },
    participants: () => {
      people ??= participants
        .list(ref.tournamentId)
        .map((p) => ({ id: p.id, seed: p.seed, active: p.active === 1 }));
      return people;
    },
    anyInactive: () => participants.anyInactive(ref.tournamentId),
  };
}

function idOf(service: ServiceContext, ref: StageRef, key: string): number {
  const row = service.matches.findByKey(ref, key);
  if (row === undefined) throw new Error(`no match ${key} in stage ${ref.stage} ${ref.groupId}`);
  return row.id;
}

/** Writes `changes` in order (inside the caller's transaction). */
export function applyChanges(
  service: ServiceContext,
  ref: StageRef,
  changes: readonly StageChange[],
  now: string,
): void {
  const { matches } = service;
  for (const c of changes) {
    switch (c.kind) {
      case "result":
        matches.setResult(idOf(service, ref, c.key), c.result, now);
        break;
      case "entries":
        matches.setEntries(idOf(service, ref, c.key), c.entries, now);
        break;
      case "slot":
        matches.setSlot(ref, c.key, c.slot, c.participantId, now, c.state);
        break;
      case "state":
        matches.setState(ref, c.key, c.state, c.active, now);
        break;
      case "insert":
        matches.insertMany(ref.tournamentId, c.matches, now);
        break;
      case "bye":
        matches.addBye(ref, c.bye.round, c.bye.participantId);
        break;
      case "drop_rounds_after":
        matches.deleteRoundsAfter(ref, c.round);
        break;
      case "tournament_state":
        service.tournaments.setState(ref.tournamentId, c.state, now);
        break;
    }
  }
}

/**
 * Runs `transition` on a draft of `row`'s stage and applies what it recorded;
 * a transition that throws (a refused report) has written nothing.
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
}
