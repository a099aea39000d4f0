/**
 * The tournament's state changes as pure functions: a hand-built tournament
 * (row, participants, stored stages) in, the list of changes out. No
 * database: a stage's rows are made from its list the way the shell stores
 * them, and results are set on them by hand.
 */
import { describe, expect, it } from "vitest";
import type { StateChange } from "../../src/model/tournament.js";
import { openCheckIn } from "../../src/service/bracket/check-in.js";
import { STATE_TRANSITIONS } from "../../src/service/bracket/tournament-state.js";
import { ServiceError } from "../../src/service/errors.js";
import type { MatchRow } from "../../src/store/match-rows.js";
import { NOW, playOut, settingsFor } from "../helpers/stage.js";
import {
  type StageList,
  stageLists,
  storedRows,
  type Tournament,
  tournamentDraft,
} from "../helpers/tournament.js";

function run(t: Tournament, change: StateChange) {
  const draft = tournamentDraft(t);
  STATE_TRANSITIONS[change](draft);
  return draft.changes;
}

/** The refusal (a 422 on the state attribute) and that nothing was recorded. */
function refused(t: Tournament, change: StateChange): string {
  const draft = tournamentDraft(t);
  let error: unknown;
  try {
    STATE_TRANSITIONS[change](draft);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ServiceError);
  expect((error as ServiceError).status).toBe(422);
  expect(draft.changes).toEqual([]);
  return (error as Error).message;
}

/** Every row complete, the lower participant id winning. */
const lowerWins = (rows: readonly MatchRow[]): MatchRow[] =>
  rows.map((r) => {
    const [a, b] = [r.player1_id!, r.player2_id!];
    return { ...r, state: "complete", winner_id: Math.min(a, b), loser_id: Math.max(a, b) };
  });

describe("start", () => {
  it("plans a single elimination whole, in one stage list, then goes underway with started_at", () => {
    const changes = run({ state: "pending", settings: settingsFor("single elimination") }, "start");
    expect(changes.map((c) => c.kind)).toEqual(["stage", "state"]);
    const [list] = stageLists(changes) as [StageList];
    expect(list.ref).toEqual({ tournamentId: 7, stage: "final", groupId: null });
    expect(list.changes.map((c) => c.kind)).toEqual(["plan"]);
    const rows = storedRows(list);
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.round === 1).flatMap((r) => [r.player1_id, r.player2_id])).toEqual([
      101, 108, 104, 105, 102, 107, 103, 106,
    ]);
    expect(changes[1]).toEqual({
      kind: "state",
      state: "underway",
      stamps: { started: NOW, completed: null },
    });
  });

  it("hands a round robin's plan on unread, and it yields every pairing once", () => {
    const changes = run(
      { state: "pending", settings: settingsFor("round robin"), count: 6 },
      "start",
    );
    const [list] = stageLists(changes) as [StageList];
    const plan = list.changes[0]!;
    expect(plan.kind === "plan" && !Array.isArray(plan.plan)).toBe(true);
    const pairs = storedRows(list).map((r) => [r.player1_id, r.player2_id].sort().join("-"));
    expect(pairs).toHaveLength(15);
    expect(new Set(pairs).size).toBe(15);
  });

  it("pairs swiss round 1 of an odd field and gives the bye", () => {
    const changes = run({ state: "checked_in", settings: settingsFor("swiss"), count: 5 }, "start");
    const [list] = stageLists(changes) as [StageList];
    expect(list.changes.map((c) => c.kind)).toEqual(["insert", "bye"]);
    expect(storedRows(list)).toHaveLength(2);
    expect(list.changes[1]).toEqual({ kind: "bye", bye: { participantId: 105, round: 1 } });
  });

  it("leaves inactive participants out", () => {
    const changes = run(
      { state: "pending", settings: settingsFor("round robin"), count: 4, inactive: [102] },
      "start",
    );
    const ids = storedRows(stageLists(changes)[0]!).flatMap((r) => [r.player1_id, r.player2_id]);
    expect(new Set(ids)).toEqual(new Set([101, 103, 104]));
  });

  it("starts a two-stage final from the stored seeding, keeping started_at", () => {
    const settings = { ...settingsFor("single elimination"), group_stage_enabled: true };
    const changes = run(
      { state: "group_stages_finalized", settings, stageData: { final_stage_seeds: [103, 101] } },
      "start",
    );
    const rows = storedRows(stageLists(changes)[0]!);
    expect(rows.map((r) => [r.player1_id, r.player2_id])).toEqual([[103, 101]]);
    expect(changes[1]).toEqual({ kind: "state", state: "underway", stamps: {} });
  });

  // An outside review: "cannot start a tournament that is pending" read as a contradiction
  // (pending is when a tournament starts). The refusal of a two-stage start says what is
  // missing, in the state it is in, and what to run.
  it("refuses a two-stage start before the final stage saying why, state by state", () => {
    const settings = { ...settingsFor("single elimination"), group_stage_enabled: true };
    const before = refused({ state: "pending", settings }, "start");
    expect(before).toBe(
      "cannot start yet: this tournament has a group stage (group_stage_enabled), not played yet (the tournament is pending); run start_group_stage, then finalize_group_stage once every group match is complete, then start",
    );
    expect(before).not.toMatch(/a tournament that is pending/);
    expect(refused({ state: "checked_in", settings }, "start")).toMatch(
      /^cannot start yet: .*not played yet \(the tournament is checked_in\); run start_group_stage/,
    );
    expect(refused({ state: "checking_in", settings }, "start")).toBe(
      "cannot start yet: this tournament has a group stage (group_stage_enabled), not played yet (the tournament is checking_in); process or abort the check-in, then run start_group_stage, then finalize_group_stage once every group match is complete, then start",
    );
    expect(refused({ state: "group_stages_underway", settings }, "start")).toBe(
      "cannot start yet: the group stage is being played (the tournament is group_stages_underway); run finalize_group_stage once every group match is complete, then start",
    );
    for (const state of ["underway", "awaiting_review", "complete"] as const)
      expect(refused({ state, settings }, "start")).toBe(
        `cannot start a tournament that is ${state}; reset it first`,
      );
  });

  it("is refused while checking in, once underway, or with fewer than 2 active", () => {
    const settings = settingsFor("single elimination");
    expect(refused({ state: "checking_in", settings }, "start")).toMatch(/check-in first/);
    expect(refused({ state: "underway", settings }, "start")).toMatch(/reset it first/);
    expect(refused({ state: "pending", settings, count: 2, inactive: [101] }, "start")).toMatch(
      /at least 2 active participants to start; it has 1$/,
    );
  });
});

describe("the group stage", () => {
  const settings = { ...settingsFor("single elimination"), group_stage_enabled: true };
  const started = run({ state: "pending", settings }, "start_group_stage");
  const lists = stageLists(started);
  /** The groups' rows as the shell stores them (a round robin's plan is read once, here). */
  const stored = lists.map((list, i) => storedRows(list, 1 + 100 * i));
  /** The groups played: every match won by the lower id. */
  const played = new Map(
    lists.map((list, i) => [`group:${list.ref.groupId}`, { rows: lowerWins(stored[i]!) }]),
  );

  it("start_group_stage snakes the field into groups, one stage list each", () => {
    expect(started.map((c) => c.kind)).toEqual(["groups", "stage", "stage", "state"]);
    const groups = started[0]!.kind === "groups" ? started[0].groups : undefined;
    expect(new Map([...groups!].sort((a, b) => a[0] - b[0]))).toEqual(
      new Map([
        [101, 1],
        [102, 2],
        [103, 2],
        [104, 1],
        [105, 1],
        [106, 2],
        [107, 2],
        [108, 1],
      ]),
    );
    expect(lists.map((l) => l.ref.groupId)).toEqual([1, 2]);
    const members = stored.map(
      (rows) => new Set(rows.flatMap((r) => [r.player1_id, r.player2_id])),
    );
    expect(members).toEqual([new Set([101, 104, 105, 108]), new Set([102, 103, 106, 107])]);
    expect(stored[0]!.every((r) => r.stage === "group" && r.group_id === 1)).toBe(true);
    expect(started[3]).toEqual({
      kind: "state",
      state: "group_stages_underway",
      stamps: { started: NOW, completed: null },
    });
  });

  it("finalize_group_stage seeds group winners first, then runners-up, groups kept apart", () => {
    const t = { state: "group_stages_underway", settings, stages: played } as const;
    // Winners 101 (group 1) and 102 (group 2), runners-up 104 (group 1) and 103
    // (group 2): seeds 1-4 and 2-3 meet first, each pair from two groups.
    expect(run(t, "finalize_group_stage")).toEqual([
      { kind: "stage_data", data: { final_stage_seeds: [101, 102, 104, 103] } },
      { kind: "state", state: "group_stages_finalized", stamps: {} },
    ]);
  });

  it("finalize_group_stage is refused while a group match is open", () => {
    const rows = played
      .get("group:2")!
      .rows.map((r, i) =>
        i === 0 ? { ...r, state: "open" as const, winner_id: null, loser_id: null } : r,
      );
    const stages = new Map(played).set("group:2", { rows });
    const t = { state: "group_stages_underway", settings, stages } as const;
    expect(refused(t, "finalize_group_stage")).toMatch(/^1 group stage matches are not complete/);
  });

  it("reset_group_stage and reset go back to pending the same way", () => {
    const back = [
      { kind: "clear_matches" },
      { kind: "clear_results", groups: true },
      { kind: "stage_data", data: null },
      { kind: "restore_set_aside" },
      { kind: "state", state: "pending", stamps: { started: null, completed: null } },
    ];
    expect(run({ state: "group_stages_finalized", settings }, "reset_group_stage")).toEqual(back);
    expect(run({ state: "underway", settings }, "reset")).toEqual(back);
    expect(refused({ state: "pending", settings }, "reset")).toMatch(/it has not started/);
    expect(refused({ state: "underway", settings }, "reset_group_stage")).toBe(
      "cannot reset the group stage of a tournament that is underway; the final stage has started: reset removes every match and result of both stages (back to pending) to play the group stage again",
    );
    expect(refused({ state: "pending", settings }, "reset_group_stage")).toBe(
      "cannot reset the group stage of a tournament that is pending",
    );
  });
});

describe("finalize", () => {
  it("ranks the final stage and completes the tournament", () => {
    const settings = settingsFor("single elimination");
    const start = run({ state: "pending", settings, count: 4 }, "start");
    const played = playOut({
      type: "single elimination",
      rows: storedRows(stageLists(start)[0]!),
      count: 4,
    });
    expect(played.state).toBe("awaiting_review");
    const stages = new Map([["final:0", { rows: played.rows }]]);
    const changes = run({ state: "awaiting_review", settings, count: 4, stages }, "finalize");
    expect(changes).toEqual([
      {
        kind: "final_ranks",
        ranks: new Map([
          [101, 1],
          [102, 2],
          [103, 3],
          [104, 3],
        ]),
      },
      { kind: "state", state: "complete", stamps: { completed: NOW } },
    ]);
    expect(refused({ state: "underway", settings }, "finalize")).toMatch(/awaiting_review/);
  });
});

describe("check-in", () => {
  const settings = settingsFor("single elimination");

  it("process_checkin sets aside those not checked in; abort_checkin brings them back", () => {
    expect(run({ state: "checking_in", settings }, "process_checkin")).toEqual([
      { kind: "set_aside_unchecked" },
      { kind: "state", state: "checked_in", stamps: {} },
    ]);
    expect(run({ state: "checked_in", settings }, "abort_checkin")).toEqual([
      { kind: "undo_check_in" },
      { kind: "disarm_check_in" },
      { kind: "state", state: "pending", stamps: {} },
    ]);
  });

  it("opens when its window has, from pending only", () => {
    const open = (t: Tournament) => {
      const draft = tournamentDraft(t);
      openCheckIn(draft);
      return draft.changes;
    };
    expect(open({ state: "pending", settings, checkInOpensAt: NOW })).toEqual([
      { kind: "state", state: "checking_in", stamps: {} },
    ]);
    expect(
      open({ state: "pending", settings, checkInOpensAt: "2026-11-23T10:00:00.001Z" }),
    ).toEqual([]);
    expect(open({ state: "pending", settings })).toEqual([]);
    expect(open({ state: "checked_in", settings, checkInOpensAt: NOW })).toEqual([]);
  });

  it("is refused outside the check-in", () => {
    expect(refused({ state: "pending", settings }, "process_checkin")).toMatch(
      /the tournament has no check-in: set registration_options.check_in_duration and starts_at/,
    );
    const windowed = {
      ...settings,
      starts_at: "2026-11-23T11:00:00.000Z",
      registration_options: { ...settings.registration_options, check_in_duration: 30 },
    };
    const later = "2026-11-23T10:30:00.000Z";
    const before = { state: "pending" as const, settings: windowed, checkInOpensAt: later };
    expect(refused(before, "process_checkin")).toMatch(/checking_in/);
    // pending with a window but no opening time: abort_checkin closed it
    expect(refused({ state: "pending", settings: windowed }, "process_checkin")).toMatch(
      /check-in was aborted .*: change starts_at or registration_options.check_in_duration/,
    );
    expect(refused({ state: "underway", settings }, "abort_checkin")).toMatch(/underway/);
    expect(refused({ state: "underway", settings }, "open_predictions")).toMatch(/from pending/);
  });
});
