/**
 * Exit codes and messages as a user meets them (issue 10, items 10, 11, 13-17):
 * a refusal because of state is 5 wherever it is noticed, a value the CLI can
 * check is a usage error naming the flag, messages name what the user typed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, matchesJson, ok, viewMatch } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** "State Cup" (state_cup), 4 players, started: A = P1 v P4, B = P2 v P3, C = the final. */
async function started(): Promise<string> {
  ok(await sb.run(["tournament", "create", "--name", "State Cup"]));
  ok(await sb.run(["participants", "bulk-add", "state_cup", "P1", "P2", "P3", "P4"]));
  ok(await sb.run(["tournament", "start", "state_cup"]));
  return "state_cup";
}

describe("a refusal because of state", () => {
  it("exits 5 for report and mark-underway alike on a pending match", async () => {
    const t = await started();
    const report = await sb.run(["match", "report", t, "C", "--winner", "P1"]);
    expect(report.code).toBe(5);
    expect(report.stderr).toMatch(/^error: match C \(\d+\) is pending: its players are not both/);
    const mark = await sb.run(["match", "mark-underway", t, "C"]);
    expect(mark.code).toBe(5);
    expect(mark.stderr).toContain("is pending");
  });

  it("names the tournament by its url once it is complete, and exits 5", async () => {
    const t = await started();
    for (const [m, winner] of [
      ["A", "P1"],
      ["B", "P2"],
      ["C", "P1"],
    ]) {
      ok(await sb.run(["match", "report", t, m!, "--winner", winner!]));
    }
    ok(await sb.run(["tournament", "finalize", t]));
    const reopen = await sb.run(["match", "reopen", t, "C"]);
    expect(reopen.code).toBe(5);
    expect(reopen.stderr).toContain("tournament state_cup is complete (finalized)");
    expect(reopen.stderr).not.toMatch(/tournament 1\b/);
  });
});

describe("values the CLI checks itself", () => {
  const wrong: [string, string[]][] = [
    ["--type", ["tournament", "create", "--name", "X", "--type", "triple elimination"]],
    ["--type", ["tournament", "update", "x", "--type", "knockout"]],
    ["--state", ["tournament", "list", "--state", "bogus"]],
    ["--type", ["tournament", "list", "--type", "knockout"]],
    ["--grand-finals", ["tournament", "create", "--name", "X", "--grand-finals", "twice"]],
    ["--ranking", ["tournament", "create", "--name", "X", "--ranking", "luck"]],
    ["--stage-type", ["tournament", "create", "--name", "X", "--stage-type", "ladder"]],
    ["--tie-breaks", ["tournament", "create", "--name", "X", "--tie-breaks", "game wins,luck"]],
    ["--state", ["match", "list", "x", "--state", "done"]],
  ];
  for (const [flag, args] of wrong) {
    it(`${args.slice(0, 2).join(" ")} ${flag} ${args.at(-1)}: exit 2 naming the flag and the allowed values`, async () => {
      const r = await sb.run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`option '${flag} <`);
      expect(r.stderr).toContain("Allowed values:");
    });
  }

  it("lists every allowed value, and accepts other spellings of one", async () => {
    const r = await sb.run(["tournament", "create", "--name", "X", "--type", "triple elimination"]);
    expect(r.stderr).toContain(
      'Allowed values: "single elimination", "double elimination", "round robin", "swiss", "free for all".',
    );
    expect((await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
    const created = ok(
      await sb.run(["tournament", "create", "--name", "Y", "--type", "Round_Robin", "--json"]),
    ).json();
    expect(created.tournament_type).toBe("round robin");
    const listed = ok(await sb.run(["tournament", "list", "--type", "round_robin", "--json"]));
    expect(listed.json()).toHaveLength(1);
  });
});

describe("messages", () => {
  it("a 300-character name is too long, not also blank", async () => {
    const r = await sb.run(["tournament", "create", "--name", "n".repeat(300)]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain("name is too long (300 characters; at most 60)");
    expect(r.stderr).not.toContain("blank");
  });
});

describe("--third-place", () => {
  it("shows as consolation_matches_target_rank 3 in view and --json", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Bronze", "--third-place"]));
    const view = ok(await sb.run(["tournament", "view", "bronze"]));
    expect(view.stdout).toContain("consolation rank\t3\n");
    const json = ok(await sb.run(["tournament", "view", "bronze", "--json"])).json();
    expect(json.match_options.consolation_matches_target_rank).toBe(3);
  });

  it("is refused with exit 2 on double elimination, at create and at update", async () => {
    const r = await sb.run([
      "tournament",
      "create",
      "--name",
      "Double",
      "--type",
      "double elimination",
      "--third-place",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--third-place does not apply to double elimination");
    expect((await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
    ok(await sb.run(["tournament", "create", "--name", "Double", "--type", "double elimination"]));
    const update = await sb.run(["tournament", "update", "double", "--third-place"]);
    expect(update.code).toBe(2);
    const json = ok(await sb.run(["tournament", "view", "double", "--json"])).json();
    expect(json.match_options.consolation_matches_target_rank ?? null).toBeNull();
  });
});

describe("match reopen and scores", () => {
  it("reopen clears the scores, as its help says", async () => {
    const t = await started();
    ok(await sb.run(["match", "report", t, "A", "--winner", "P1", "--scores", "3-1,3-2"]));
    const reopened = ok(await sb.run(["match", "reopen", t, "A", "--json"])).json();
    expect(reopened).toMatchObject({ state: "open", winner_id: null, score_in_sets: [] });
    const row = ok(await sb.run(["match", "list", t, "--state", "open"])).stdout.split("\n")[0]!;
    expect(row.split("\t").slice(1, 9)).toEqual(["A", "1", "-", "open", "P1", "P4", "-", "-"]);
  });

  it("a score that is not a safe integer is a usage error; nothing is recorded", async () => {
    const t = await started();
    const r = await sb.run(["match", "report", t, "A", "--scores", "99999999999999999999-1"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("too large");
    expect((await viewMatch(sb, t, "A")).score_in_sets).toEqual([]);
  });
});

describe("identifiers that repeat across groups", () => {
  /** Two round-robin groups of 3: every identifier names one match in each group. */
  async function groups() {
    const setup = await createWith(
      sb,
      ["--name", "Groups", "--group-stage", "--stage-type", "round robin", "--group-size", "3"],
      ["G1", "G2", "G3", "G4", "G5", "G6"],
    );
    ok(await sb.run(["tournament", "start-group-stage", setup.t]));
    const named = (await matchesJson(sb, setup.t)).filter((m) => m.identifier === "A");
    expect(named.map((m) => m.group_id)).toEqual([1, 2]);
    return { t: setup.t, inGroup1: named[0], inGroup2: named[1] };
  }

  it("--group (number or letter) picks the group's match", async () => {
    const { t, inGroup2 } = await groups();
    const reported = ok(
      await sb.run([
        "match",
        "report",
        t,
        "A",
        "--group",
        "2",
        "--winner",
        String(inGroup2.player1_id),
        "--json",
      ]),
    ).json();
    expect(reported.id).toBe(inGroup2.id);
    expect(reported.winner_id).toBe(inGroup2.player1_id);
    const viewed = ok(await sb.run(["match", "view", t, "a", "--group", "B", "--json"])).json();
    expect(viewed.id).toBe(inGroup2.id);
    const unknown = await sb.run(["match", "view", t, "A", "--group", "9"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("its groups are 1, 2");
  });

  it("a --winner who plays in only one of the matches picks that match", async () => {
    const { t, inGroup1, inGroup2 } = await groups();
    const winner = String(inGroup2.player2_id);
    const reported = ok(await sb.run(["match", "report", t, "A", "--winner", winner, "--json"]));
    expect(reported.json().id).toBe(inGroup2.id);
    expect((await matchesJson(sb, t)).find((m) => m.id === inGroup1.id).state).toBe("open");
  });
});
