/**
 * Every consequence of completing a match, worked out on a draft of its stage
 * (pure: no store, no clock): winners and losers into their next matches,
 * matches opened, the grand-final reset, forfeits of deactivated participants,
 * the next swiss or free-for-all round, and the end of the stage.
 */
import { advance } from "../../engine/index.js";
import {
  decodeEntries,
  encodeEntries,
  encodeSets,
  involves,
  type StoredEntry,
  type StoredSets,
} from "../../store/match-json.js";
import type { MatchRow } from "../../store/match-rows.js";
import { playersOf } from "./match-codec.js";
import { isFinalTable, nextRound } from "./round-plans.js";
import type { StageDraft } from "./stage-draft.js";

export interface Completion {
  readonly winnerId: number | null;
  readonly loserId: number | null;
  readonly tie: boolean;
  readonly scoreSets: StoredSets | null;
  readonly entries: readonly StoredEntry[] | null;
}

/** Sides whose results move participants on; the others (round robin, swiss) do not. */
const ELIMINATION_SIDES = new Set(["winners", "losers", "grand_final", "third_place", "placement"]);

export function isEliminationMatch(row: MatchRow): boolean {
  return ELIMINATION_SIDES.has(row.side);
}

/** Stage complete: the final stage moves the tournament to awaiting_review. */
function onStageComplete(draft: StageDraft): void {
  if (draft.state.ref.stage === "final" && draft.tournamentState === "underway")
    draft.setTournamentState("awaiting_review");
}

export function completeMatch(draft: StageDraft, row: MatchRow, completion: Completion): void {
  draft.setResult(row.plan_key, {
    state: "complete",
    winnerId: completion.winnerId,
    loserId: completion.loserId,
    tie: completion.tie,
    scoreSets: encodeSets(completion.scoreSets),
    entries: completion.entries === null ? null : encodeEntries(completion.entries),
    completedAt: draft.now,
  });
  const { winnerId, loserId } = completion;
  if (isEliminationMatch(row) && winnerId !== null && loserId !== null) {
    advanceFrom(draft, row.plan_key, { winnerId, loserId });
  } else if (draft.isComplete()) {
    continueRounds(draft);
  }
}

/** The last match of a round: swiss and free for all play another round, or the stage is over. */
function continueRounds(draft: StageDraft): void {
  const { state } = draft;
  const plan = nextRound({
    settings: state.tournament.settings,
    format: state.format,
    ref: state.ref,
    rows: draft.rows(),
    byes: draft.byes(),
    entrants: (ids) => state.entrants(ids),
  });
  if (plan === null) {
    onStageComplete(draft);
    return;
  }
  draft.insert(plan.matches);
  if (plan.bye !== null) draft.addBye(plan.bye);
  if (!state.anyInactive()) return;
  for (const m of plan.matches) forfeitIfInactive(draft, m.key);
}

function advanceFrom(
  draft: StageDraft,
  key: string,
  outcome: { winnerId: number; loserId: number },
): void {
  const index = draft.state.index();
  const advancement = advance(index, draft.results(), key, outcome);
  const { assignments, playable } = advancement;
  // A match that becomes playable by its last assignment is opened in the same write.
  const opened: string[] = [];
  for (let i = 0; i < assignments.length; i++) {
    const a = assignments[i]!;
    let opens = playable.includes(a.match);
    for (let j = i + 1; opens && j < assignments.length; j++)
      if (assignments[j]!.match === a.match) opens = false;
    draft.setSlot(a.match, a.slot, a.participantId, opens ? "open" : undefined);
    if (opens) opened.push(a.match);
  }
  if (advancement.reset === "required") {
    // The reset takes this match's winner or loser: found among its feeds, not the whole stage.
    const reset = (index.feeds.get(key) ?? [])
      .map((feed) => index.matches.get(feed.match))
      .find((m) => m?.onlyIfLoserWins === key);
    if (reset !== undefined && !opened.includes(reset.key))
      draft.setState(reset.key, "pending", true);
  }
  for (const match of playable) if (!opened.includes(match)) draft.setState(match, "open", true);
  if (advancement.stageComplete) onStageComplete(draft);
  if (playable.length > 0 && draft.state.anyInactive())
    for (const match of playable) forfeitIfInactive(draft, match);
}

/**
 * A newly playable match with a deactivated participant is won by the other
 * one (callers first check that the tournament has deactivated participants);
 * a free-for-all table, by its last player still in (completeLoneTable).
 */
function forfeitIfInactive(draft: StageDraft, key: string): void {
  const row = draft.row(key);
  if (row === undefined || row.state !== "open") return;
  if (row.side === "free_for_all") {
    completeLoneTable(draft, row);
    return;
  }
  const inactive = (id: number | null) => id !== null && draft.participant(id)?.active === false;
  const [p1, p2] = [row.player1_id, row.player2_id];
  if (p1 === null || p2 === null || (!inactive(p1) && !inactive(p2))) return;
  forfeit(draft, row, inactive(p1) && !inactive(p2) ? p2 : p1);
}

/** Completes `row` with `winnerId` as winner, without scores. */
export function forfeit(draft: StageDraft, row: MatchRow, winnerId: number): void {
  const loserId = row.player1_id === winnerId ? row.player2_id : row.player1_id;
  completeMatch(draft, row, { winnerId, loserId, tie: false, scoreSets: null, entries: null });
}

/** An open one-on-one match of `participantId` in the draft, in play order. */
function openMatchOf(draft: StageDraft, participantId: number): MatchRow | undefined {
  return draft
    .rows()
    .find(
      (r) =>
        r.active === 1 &&
        r.state === "open" &&
        r.side !== "free_for_all" &&
        r.player1_id !== null &&
        r.player2_id !== null &&
        (r.player1_id === participantId || r.player2_id === participantId),
    );
}

/**
 * A deactivated participant loses every open match of the stage, the ones
 * their losses open included (a double elimination's losers bracket). Each
 * pass completes a match, so the loop ends within the stage's match count.
 */
export function forfeitAll(draft: StageDraft, participantId: number): void {
  for (let row = openMatchOf(draft, participantId); row !== undefined; ) {
    forfeit(draft, row, row.player1_id === participantId ? row.player2_id! : row.player1_id!);
    row = openMatchOf(draft, participantId);
  }
  // Taken before completing any: a table's completion may pair the next round.
  const tables = draft
    .rows()
    .filter((r) => r.side === "free_for_all" && r.state === "open" && involves(r, participantId));
  for (const table of tables) completeLoneTable(draft, draft.row(table.plan_key) ?? table);
}

/**
 * An open free-for-all table whose players but one were removed (deactivated) is won by
 * that one, as a report that ranks them alone places the others (report.ts,
 * withRemovedPlaced): rank 1, advancing unless it is the final table; the removed after
 * them by seed (best first), ranks 2, 3, ..., not advancing, their recorded scores kept.
 * A table with two or more players still in waits for its report; one with none too (the
 * organiser picks who advances, as a one-on-one match of two removed players is won by one).
 */
function completeLoneTable(draft: StageDraft, row: MatchRow): void {
  if (row.state !== "open") return;
  const players = playersOf(row);
  const removed = players.filter((id) => draft.participant(id)?.active === false);
  if (removed.length === 0 || removed.length !== players.length - 1) return;
  const still = players.find((id) => !removed.includes(id))!;
  const seedOf = (id: number) => draft.participant(id)?.seed ?? Number.MAX_SAFE_INTEGER;
  removed.sort((a, b) => seedOf(a) - seedOf(b) || a - b);
  const final = isFinalTable(draft.rows(), row.round, draft.byes());
  const before = decodeEntries(row.entries);
  const entries = players.map((id) => ({
    participantId: id,
    scores: before.find((e) => e.participantId === id)?.scores ?? [],
    rank: id === still ? 1 : removed.indexOf(id) + 2,
    advancing: id === still && !final,
  }));
  completeMatch(draft, row, {
    winnerId: still,
    loserId: null,
    tie: false,
    scoreSets: null,
    entries,
  });
}
