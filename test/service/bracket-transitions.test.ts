/**
 * The stage transitions as pure functions: hand-built stage states in, the
 * list of changes out. No database: the rows are made from the engine's plans
 * the way the service stores them, and results are set on them by hand.
 */
import { describe, expect, it } from "vitest";
import {
  planDoubleElimination,
  planSingleElimination,
  roundRobinMatches,
} from "../../src/engine/index.js";
import { newMatchFromPlan } from "../../src/service/bracket/match-codec.js";
import { forfeitAll } from "../../src/service/bracket/progress.js";
import { reopenChanges } from "../../src/service/bracket/reopen.js";
import { reportChanges } from "../../src/service/bracket/report.js";
import { planFreeForAllTables, planSwissRound } from "../../src/service/bracket/round-plans.js";
import { type StageChange, StageDraft } from "../../src/service/bracket/stage-draft.js";
import { stageState } from "../../src/service/bracket/stage-state.js";
import { ServiceError } from "../../src/service/errors.js";
import type { MatchReport } from "../../src/service/validation/match-report.js";
import { decodeEntries } from "../../src/store/match-json.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import {
  byKey,
  completed,
  draftOf,
  NOW,
  planRows,
  players,
  REF,
  rowsOf,
  settingsFor,
  win,
} from "../helpers/stage.js";

const kinds = (changes: readonly StageChange[]) =>
  changes.map((c) => `${c.kind}:${(c as { key?: string }).key ?? ""}`);

describe("reporting a single-elimination match", () => {
  const rows = planRows(planSingleElimination(players(4), { sequentialPairings: false }));
  const [first, second] = rows.filter((r) => r.round === 1);

  it("completes it and puts the winner in the next match, still pending", () => {
    const draft = draftOf({ type: "single elimination", rows, count: 4 });
    reportChanges(draft, first!, win(first!, first!.player1_id!));
    const final = rows.find((r) => r.round === 2)!;
    expect(draft.changes[0]).toMatchObject({
      kind: "result",
      key: first!.plan_key,
      result: { state: "complete", winnerId: first!.player1_id, scoreSets: "[[2,0]]" },
    });
    expect(draft.changes[1]).toEqual({
      kind: "slot",
      key: final.plan_key,
      id: final.id,
      slot: "player1",
      participantId: first!.player1_id,
    });
    expect(draft.changes).toHaveLength(2);
  });

  it("opens the final with its last player, in the same change", () => {
    const before = completed(rows, first!.plan_key, first!.player1_id!);
    const draft = draftOf({ type: "single elimination", rows: before, count: 4 });
    reportChanges(draft, second!, win(second!, second!.player2_id!));
    expect(draft.changes[1]).toMatchObject({
      kind: "slot",
      slot: "player2",
      participantId: second!.player2_id,
      state: "open",
    });
    expect(draft.changes).toHaveLength(2);
  });

  it("moves the tournament to awaiting_review with the final", () => {
    const final = { ...rows.find((r) => r.round === 2)!, player1_id: 101, player2_id: 103 };
    const done = completed(completed(rows, first!.plan_key, 101), second!.plan_key, 103).map((r) =>
      r.plan_key === final.plan_key ? { ...final, state: "open" as const } : r,
    );
    const draft = draftOf({ type: "single elimination", rows: done, count: 4 });
    reportChanges(draft, byKey(done, final.plan_key), win(final, 103));
    expect(kinds(draft.changes)).toEqual([`result:${final.plan_key}`, "tournament_state:"]);
    expect(draft.changes[1]).toEqual({ kind: "tournament_state", state: "awaiting_review" });
  });

  it("records scores alone and keeps the match open", () => {
    const draft = draftOf({ type: "single elimination", rows, count: 4 });
    const report = win(first!, first!.player1_id!);
    const scoresOnly = {
      ...report,
      entries: report.entries.map((e) => ({ ...e, advancing: false })),
    };
    reportChanges(draft, first!, scoresOnly);
    expect(draft.changes).toEqual([
      {
        kind: "result",
        key: first!.plan_key,
        id: first!.id,
        result: expect.objectContaining({ state: "open", winnerId: null, scoreSets: "[[2,0]]" }),
      },
    ]);
  });

  it("refuses a pending match, a tie and an unknown participant, changing nothing", () => {
    const final = rows.find((r) => r.round === 2)!;
    const attempts: [MatchRow, MatchReport][] = [
      [final, win(first!, 101)],
      [first!, { ...win(first!, 101), tie: true }],
      [
        first!,
        {
          entries: [{ participantId: 999, sets: [], rank: undefined, advancing: true }],
          tie: false,
        },
      ],
    ];
    for (const [row, report] of attempts) {
      const draft = draftOf({ type: "single elimination", rows, count: 4 });
      expect(() => reportChanges(draft, row, report)).toThrow(ServiceError);
      expect(draft.changes).toEqual([]);
    }
  });

  it("forfeits a newly opened match of a deactivated participant, and carries the winner on", () => {
    const rows8 = planRows(planSingleElimination(players(8), { sequentialPairings: false }));
    const [a, b] = rows8.filter((r) => r.round === 1);
    const first = draftOf({ type: "single elimination", rows: rows8 });
    reportChanges(first, a!, win(a!, a!.player1_id!));
    const afterA = first.rows();
    const semi = afterA.find((r) => r.round === 2 && r.player1_id === a!.player1_id)!;
    // a's winner is deactivated before b is reported: the semi-final b opens is forfeited.
    const draft = draftOf({ type: "single elimination", rows: afterA, inactive: [a!.player1_id!] });
    reportChanges(draft, byKey(afterA, b!.plan_key), win(b!, b!.player1_id!));
    expect(draft.row(semi.plan_key)).toMatchObject({
      state: "complete",
      winner_id: b!.player1_id,
      loser_id: a!.player1_id,
    });
    expect(kinds(draft.changes)).toEqual([
      `result:${b!.plan_key}`,
      `slot:${semi.plan_key}`,
      `result:${semi.plan_key}`,
      `slot:${rows8.find((r) => r.round === 3)!.plan_key}`,
    ]);
  });
});

describe("double elimination grand final", () => {
  const plan = planDoubleElimination(players(2), {
    sequentialPairings: false,
    grandFinalsModifier: "",
    splitParticipants: false,
  });

  it("plays the reset when the losers' side wins the first final", () => {
    let rows = planRows(plan);
    const w1 = rows.find((r) => r.side === "winners")!;
    rows = completed(rows, w1.plan_key, 101);
    const gf1 = { ...rows.find((r) => r.side === "grand_final" && r.only_if_loser_wins === null)! };
    rows = rows.map((r) =>
      r.plan_key === gf1.plan_key
        ? { ...r, player1_id: 101, player2_id: 102, state: "open" as const }
        : r,
    );
    const draft = draftOf({ type: "double elimination", rows, count: 2 });
    reportChanges(draft, byKey(rows, gf1.plan_key), win(byKey(rows, gf1.plan_key), 102));
    const reset = rows.find((r) => r.only_if_loser_wins === gf1.plan_key)!;
    expect(draft.row(reset.plan_key)).toMatchObject({
      state: "open",
      active: 1,
      player1_id: 101,
      player2_id: 102,
    });
    expect(draft.changes.some((c) => c.kind === "tournament_state")).toBe(false);
  });
});

describe("a deactivated participant", () => {
  it("forfeits its open match and then the losers-bracket match that loss opens", () => {
    const plan = planDoubleElimination(players(4), {
      sequentialPairings: false,
      grandFinalsModifier: "",
      splitParticipants: false,
    });
    const start = planRows(plan);
    const [a, b] = start.filter((r) => r.side === "winners" && r.round === 1);
    // b is played; a's player1 (seed 1) then leaves.
    const played = draftOf({ type: "double elimination", rows: start, count: 4 });
    reportChanges(played, b!, win(b!, b!.player1_id!));
    const rows = played.rows();
    const leaver = a!.player1_id!;
    const draft = draftOf({ type: "double elimination", rows, count: 4, inactive: [leaver] });
    forfeitAll(draft, leaver);
    const lost = draft.rows().filter((r) => r.loser_id === leaver);
    expect(lost.map((r) => r.side)).toEqual(["winners", "losers"]);
    expect(
      draft.rows().some((r) => r.state === "open" && [r.player1_id, r.player2_id].includes(leaver)),
    ).toBe(false);
    expect(draft.changes.filter((c) => c.kind === "result")).toHaveLength(2);
  });
});

describe("rounds of swiss and free for all", () => {
  it("pairs the next swiss round when the last match of a round completes", () => {
    const settings = settingsFor("swiss");
    const round1 = planSwissRound(settings, REF, 1, players(5), { rows: [], byes: [] });
    let rows = rowsOf(round1.matches);
    rows = completed(rows, rows[0]!.plan_key, rows[0]!.player1_id!);
    const last = rows[1]!;
    const state = stageState({
      ref: REF,
      tournament: { url: "cup", state: "underway", settings },
      rows,
      byes: [round1.bye!],
      participants: players(5).map((p) => ({ ...p, active: true })),
    });
    const draft = new StageDraft(state, NOW);
    reportChanges(draft, last, win(last, last.player2_id!));
    const insert = draft.changes.find((c) => c.kind === "insert");
    expect(insert?.kind === "insert" && insert.matches.map((m) => m.key)).toEqual(["S2-1", "S2-2"]);
    expect(draft.changes.at(-1)).toMatchObject({ kind: "bye", bye: { round: 2 } });
    expect(draft.countIncomplete()).toBe(2);
  });

  it("ends a free for all at its final table, ranks kept and advancing dropped", () => {
    const settings = settingsFor("free for all");
    const table = rowsOf(planFreeForAllTables(settings, REF, 1, [101, 102, 103], 0).matches);
    const draft = draftOf({ type: "free for all", rows: table, count: 3 });
    const entries = [101, 102, 103].map((id, i) => ({
      participantId: id,
      sets: [10 - i],
      rank: i + 1,
      advancing: false,
    }));
    reportChanges(draft, table[0]!, { entries, tie: false });
    const result = draft.changes[0]!;
    expect(result.kind === "result" && decodeEntries(result.result.entries)).toEqual([
      { participantId: 101, scores: [10], rank: 1, advancing: false },
      { participantId: 102, scores: [9], rank: 2, advancing: false },
      { participantId: 103, scores: [8], rank: 3, advancing: false },
    ]);
    expect(draft.changes.at(-1)).toEqual({ kind: "tournament_state", state: "awaiting_review" });
  });
});

describe("reopening", () => {
  const rows = planRows(planSingleElimination(players(4), { sequentialPairings: false }));
  const [first, second] = rows.filter((r) => r.round === 1);
  const final = rows.find((r) => r.round === 2)!;
  const played = completed(
    completed(completed(rows, first!.plan_key, 101), second!.plan_key, 102),
    final.plan_key,
    101,
  ).map((r) => (r.plan_key === final.plan_key ? { ...r, player1_id: 101, player2_id: 102 } : r));

  it("is refused while a dependent match is complete, unless dependents are reset", () => {
    const refused = draftOf({
      type: "single elimination",
      rows: played,
      state: "awaiting_review",
      count: 4,
    });
    expect(() => reopenChanges(refused, byKey(played, first!.plan_key), false)).toThrow(
      /reset_dependents/,
    );
    expect(refused.changes).toEqual([]);
    const draft = draftOf({
      type: "single elimination",
      rows: played,
      state: "awaiting_review",
      count: 4,
    });
    reopenChanges(draft, byKey(played, first!.plan_key), true);
    expect(draft.row(first!.plan_key)).toMatchObject({ state: "open", winner_id: null });
    expect(draft.row(final.plan_key)).toMatchObject({
      state: "pending",
      player1_id: null,
      player2_id: 102,
    });
    expect(draft.changes.at(-1)).toEqual({ kind: "tournament_state", state: "underway" });
  });

  it("keeps the later rounds of a round robin (planned whole, not paired from results)", () => {
    const rr = rowsOf(
      [...roundRobinMatches(players(4), { iterations: 1 })].map((m) => newMatchFromPlan(REF, m)),
    );
    const first = rr.find((r) => r.round === 1)!;
    const done = completed(rr, first.plan_key, first.player1_id!);
    const draft = draftOf({ type: "round robin", rows: done, count: 4 });
    reopenChanges(draft, byKey(done, first.plan_key), false);
    expect(kinds(draft.changes)).toEqual([`result:${first.plan_key}`]);
    expect(draft.rows()).toHaveLength(6);
  });

  it("drops the swiss rounds paired from the reopened result", () => {
    const settings = settingsFor("swiss");
    const round1 = rowsOf(
      planSwissRound(settings, REF, 1, players(4), { rows: [], byes: [] }).matches,
    );
    let rows = completed(round1, "S1-1", round1[0]!.player1_id!);
    const draft = draftOf({ type: "swiss", rows, count: 4 });
    reportChanges(draft, byKey(rows, "S1-2"), win(rows[1]!, rows[1]!.player1_id!));
    rows = draft.rows();
    expect(rows).toHaveLength(4);
    const reopen = draftOf({ type: "swiss", rows, count: 4 });
    reopenChanges(reopen, byKey(rows, "S1-1"), false);
    expect(reopen.changes[0]).toEqual({ kind: "drop_rounds_after", round: 1 });
    expect(reopen.rows().map((r) => r.plan_key)).toEqual(["S1-1", "S1-2"]);
    expect(reopen.countIncomplete()).toBe(1);
  });
});
