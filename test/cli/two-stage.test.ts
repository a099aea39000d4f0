/**
 * The seed's "Typical two-stage flow in v2.1", all nine steps, through the CLI on
 * the embedded default. Eight players S1..S8 (seeded in that order), groups of 4
 * by snake seeding: [S1, S4, S5, S8] and [S2, S3, S6, S7]; two advance from each.
 * The better seed wins every match, so the groups finish S1, S4 / S2, S3; the
 * final stage (single elimination of 4) is seeded winners first, then runners-up,
 * with group mates apart: S1 v S3 and S2 v S4, then S1 beats S2. Final ranks
 * (competition ranking, no third-place match): S1 1, S2 2, S3 3, S4 3; the four
 * who did not advance have none.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GROUPS_OF_FOUR, type Pick, reportOpen } from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { matchesJson, ok, type Setup, tournamentState } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** The better seed wins every match, 2-1 in sets. */
const betterSeedInThree: Pick = (m, seed) => ({
  seat: seed(m.player1_id) < seed(m.player2_id) ? 1 : 2,
  sets: "11-5,7-11,11-9",
});

describe("two-stage flow through the CLI", () => {
  it("runs the seed's nine steps and gives final ranks to final-stage participants only", async () => {
    // 1. Create with group_stage_enabled and group_stage_options.
    const created = ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Two Stage Cup",
        ...GROUPS_OF_FOUR,
        "--json",
      ]),
    ).json();
    expect(created).toMatchObject({
      group_stage_enabled: true,
      group_stage_options: {
        stage_type: "round robin",
        group_size: 4,
        participant_count_to_advance_per_group: 2,
      },
      state: "pending",
    });
    const t = String(created.id);

    // 2. Add participants in bulk (from stdin).
    const names = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"];
    const added = ok(
      await sb.run(["participants", "bulk-add", t, "--json"], { stdin: `${names.join("\n")}\n` }),
    ).json();
    const seedOf = (id: number) => added.find((p: any) => p.id === id).seed as number;
    expect(added.map((p: any) => p.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const s: Setup = { t, ids: new Map(added.map((p: any) => [p.name, p.id])) };
    /** One pass: every match open now reported, the better seed winning; the matches reported. */
    const reportPass = () => reportOpen(sb, s, betterSeedInThree);

    // 3. start_group_stage.
    const groupStage = ok(await sb.run(["tournament", "start-group-stage", t, "--json"])).json();
    expect(groupStage.state).toBe("group_stages_underway");
    const groups = await matchesJson(sb, t);
    expect(groups).toHaveLength(12);
    const members = (g: number) =>
      [
        ...new Set(
          groups.filter((m) => m.group_id === g).flatMap((m) => [m.player1_id, m.player2_id]),
        ),
      ]
        .map(seedOf)
        .sort((a, b) => a - b);
    expect([members(1), members(2)]).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    const early = await sb.run(["tournament", "finalize-group-stage", t]);
    expect(early.code).toBe(5);
    expect(await tournamentState(sb, t)).toBe("group_stages_underway");

    // 4. List open matches and report each, until the group stage is played.
    let reported = 0;
    for (let open = await reportPass(); open.length > 0; open = await reportPass())
      reported += open.length;
    expect(reported).toBe(12);

    // 5. finalize_group_stage.
    const closed = ok(await sb.run(["tournament", "finalize-group-stage", t, "--json"])).json();
    expect(closed.state).toBe("group_stages_finalized");

    // 6. start: the final stage, whose matches carry a null group_id.
    ok(await sb.run(["tournament", "start", t]));
    expect(await tournamentState(sb, t)).toBe("underway");
    const finals = (await matchesJson(sb, t)).filter((m) => m.group_id === null);
    expect(finals).toHaveLength(3);
    const firstRound = finals
      .filter((m) => m.state === "open")
      .map((m) => [seedOf(m.player1_id), seedOf(m.player2_id)]);
    expect(firstRound).toEqual([
      [1, 3],
      [2, 4],
    ]);

    // 7. Report final-stage matches the same way.
    let finalReported = 0;
    for (let open = await reportPass(); open.length > 0; open = await reportPass()) {
      expect(open.every((m) => m.group_id === null)).toBe(true);
      finalReported += open.length;
    }
    expect(finalReported).toBe(3);

    // 8. awaiting_review by itself; finalize -> complete.
    expect(await tournamentState(sb, t)).toBe("awaiting_review");
    const done = ok(await sb.run(["tournament", "finalize", t, "--json"])).json();
    expect(done.state).toBe("complete");

    // 9. final_rank for final-stage participants only.
    const participants = ok(await sb.run(["participants", "list", t, "--json"])).json();
    expect(Object.fromEntries(participants.map((p: any) => [p.name, p.final_rank]))).toEqual({
      S1: 1,
      S2: 2,
      S3: 3,
      S4: 3,
      S5: null,
      S6: null,
      S7: null,
      S8: null,
    });

    // Standings: each group, then the final stage.
    const table = ok(
      await sb.run(["tournament", "standings", t], { tty: true, env: { NO_COLOR: "1" } }),
    ).stdout;
    const titles = table.split("\n").filter((line) => /^(Group \d|Final stage)$/.test(line));
    expect(titles).toEqual(["Group 1", "Group 2", "Final stage"]);
    const rows = ok(await sb.run(["tournament", "standings", t]))
      .stdout.trimEnd()
      .split("\n")
      .slice(1); // the header line
    const byStage = rows
      .map((r) => r.split("\t"))
      .map(([stage, group, rank, , name]) => [stage, group, rank, name]);
    expect(byStage.slice(0, 10)).toEqual([
      ["group", "1", "1", "S1"],
      ["group", "1", "2", "S4"],
      ["group", "1", "3", "S5"],
      ["group", "1", "4", "S8"],
      ["group", "2", "1", "S2"],
      ["group", "2", "2", "S3"],
      ["group", "2", "3", "S6"],
      ["group", "2", "4", "S7"],
      ["final", "-", "1", "S1"],
      ["final", "-", "2", "S2"],
    ]);
    // Equal ranks come in no particular order.
    expect(byStage.slice(10).sort()).toEqual([
      ["final", "-", "3", "S3"],
      ["final", "-", "3", "S4"],
    ]);
  });
});

describe("changing a group result once the group stage is over", () => {
  // The reviewer's sequence: the hint named reset_group_stage, which is then refused while
  // the final stage runs (the way out is reset, which removes both stages).
  it("names the commands that work in the state the tournament is in", async () => {
    ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Duo",
        "--group-stage",
        "--group-size",
        "2",
        "--advance-per-group",
        "1",
      ]),
    );
    ok(await sb.run(["participants", "bulk-add", "duo", "Ada", "Bob", "Cy", "Dee"]));
    ok(await sb.run(["tournament", "start-group-stage", "duo"]));
    ok(await sb.run(["match", "report", "duo", "A", "--group", "1", "--winner", "Ada"]));
    ok(await sb.run(["match", "report", "duo", "A", "--group", "2", "--winner", "Bob"]));
    ok(await sb.run(["tournament", "finalize-group-stage", "duo"]));

    // Finalized: reset-group-stage is the way, and works.
    const finalized = await sb.run(["match", "reopen", "duo", "A", "--group", "1"]);
    expect(finalized.code).toBe(5);
    expect(finalized.stderr).toContain(
      "hint: `tourney tournament reset-group-stage duo` removes every group match and result (back to pending); `tourney tournament start-group-stage duo` then plays the group stage again",
    );

    ok(await sb.run(["tournament", "start", "duo"]));
    const wayOut =
      "hint: the final stage has started: `tourney tournament reset duo` removes every match and result of both stages (back to pending); `tourney tournament start-group-stage duo` then plays the group stage again";
    const reopen = await sb.run(["match", "reopen", "duo", "A", "--group", "1"]);
    expect(reopen.code).toBe(5);
    expect(reopen.stderr).toContain("the final stage has started: reset removes every match");
    expect(reopen.stderr).toContain(wayOut);
    const resetGroups = await sb.run(["tournament", "reset-group-stage", "duo", "--yes"]);
    expect(resetGroups.code).toBe(5);
    expect(resetGroups.stderr).toContain(wayOut);

    // The hint's commands, run as it says, change the group result.
    ok(await sb.run(["tournament", "reset", "duo", "--yes"]));
    expect(await tournamentState(sb, "duo")).toBe("pending");
    ok(await sb.run(["tournament", "start-group-stage", "duo"]));
    ok(await sb.run(["match", "report", "duo", "A", "--group", "1", "--winner", "Dee"]));
    const group1 = (await matchesJson(sb, "duo")).find((m) => m.group_id !== null);
    expect(group1?.state).toBe("complete");
  });
});

describe("starting a two-stage tournament before its group stage is finalized", () => {
  // The refusal names change_state values (start_group_stage, ...); the hint names the
  // commands, and running them as it says starts the tournament.
  it("names the commands that lead to its start, from the state it is in", async () => {
    ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "G",
        "--group-stage",
        "--group-size",
        "2",
        "--advance-per-group",
        "1",
      ]),
    );
    ok(await sb.run(["participants", "bulk-add", "g", "Ada", "Bob", "Cy", "Dee"]));
    const pending = await sb.run(["tournament", "start", "g"]);
    expect(pending.code).toBe(5);
    expect(pending.stderr).toContain(
      "error: cannot start yet: this tournament has a group stage (group_stage_enabled), not played yet (the tournament is pending)",
    );
    expect(pending.stderr).not.toContain("a tournament that is pending");
    expect(pending.stderr).toContain(
      "hint: a two-stage tournament plays its groups first: `tourney tournament start-group-stage g`, then `tourney tournament finalize-group-stage g`, then `tourney tournament start g`",
    );

    ok(await sb.run(["tournament", "start-group-stage", "g"]));
    const underway = await sb.run(["tournament", "start", "g"]);
    expect(underway.code).toBe(5);
    expect(underway.stderr).toContain(
      "error: cannot start yet: the group stage is being played (the tournament is group_stages_underway)",
    );
    expect(underway.stderr).toContain(
      "hint: the group stage is being played: `tourney tournament finalize-group-stage g` ends it once every group match is complete, then `tourney tournament start g` starts the final stage",
    );

    ok(await sb.run(["match", "report", "g", "A", "--group", "1", "--winner", "Ada"]));
    ok(await sb.run(["match", "report", "g", "A", "--group", "2", "--winner", "Bob"]));
    ok(await sb.run(["tournament", "finalize-group-stage", "g"]));
    ok(await sb.run(["tournament", "start", "g"]));
    expect(await tournamentState(sb, "g")).toBe("underway");
  });
});
