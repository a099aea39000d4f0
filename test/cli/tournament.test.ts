import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

describe("tourney tournament", () => {
  it("creates on the embedded default and reads it back as JSON", async () => {
    const created = await sb.run([
      "tournament",
      "create",
      "--name",
      "Spring Cup",
      "--type",
      "single elimination",
      "--third-place",
      "--json",
    ]);
    expect(created.code).toBe(0);
    expect(created.stderr).toBe("");
    const t = created.json();
    expect(t).toMatchObject({
      id: 1,
      name: "Spring Cup",
      url: "spring_cup",
      tournament_type: "single elimination",
      state: "pending",
    });
    expect(t.match_options.consolation_matches_target_rank).toBe(3);
    const listed = await sb.run(["tournaments", "list", "--json"]);
    expect(listed.json().map((x: { name: string }) => x.name)).toEqual(["Spring Cup"]);
    const viewed = await sb.run(["tournament", "view", "spring_cup", "--json"]);
    expect(viewed.json().id).toBe(1);
  });

  it("prints tab-separated rows without a header when piped, a table on a terminal", async () => {
    await sb.run(["tournament", "create", "--name", "A Cup", "--type", "swiss"]);
    const piped = await sb.run(["tournament", "list"]);
    expect(piped.stdout.split("\n")[0]!.split("\t").slice(0, 5)).toEqual([
      "1",
      "A Cup",
      "a_cup",
      "swiss",
      "pending",
    ]);
    const tty = await sb.run(["tournament", "list"], { tty: true, env: { NO_COLOR: "1" } });
    expect(tty.stdout).toContain("NAME");
    expect(tty.stdout).toContain("A Cup");
    // Borderless, as gh draws it: the header's columns line up with the row's.
    const [head, row] = tty.stdout.split("\n");
    expect(head).toMatch(/^ID +NAME +URL +TYPE +STATE +PARTICIPANTS +CREATED$/);
    expect(row!.indexOf("A Cup")).toBe(head!.indexOf("NAME"));
    expect(tty.stdout).not.toMatch(/[┌│─]/);
    expect(tty.stdout).not.toContain("\u001b[");
  });

  it("sets any contract attribute with --set and updates", async () => {
    await sb.run([
      "tournament",
      "create",
      "--name",
      "Cup",
      "--type",
      "round robin",
      "--set",
      "round_robin_options.iterations=2",
      "--set",
      "game_name=Go",
    ]);
    const updated = await sb.run(["tournament", "update", "cup", "--name", "Cup II", "--json"]);
    expect(updated.code).toBe(0);
    expect(updated.json()).toMatchObject({
      name: "Cup II",
      game_name: "Go",
      round_robin_options: { iterations: 2 },
    });
  });

  it("exits 5 with the service's detail and pointer for invalid input, creating nothing", async () => {
    const r = await sb.run([
      "tournament",
      "create",
      "--name",
      "X",
      "--set",
      "tournament_type=knockout",
    ]);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('tournament_type "knockout" is not one of');
    expect(r.stderr).toContain("(/data/attributes/tournament_type)");
    expect((await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
  });

  it("exits 2 for usage errors and 3 for unknown tournaments", async () => {
    expect((await sb.run(["tournament", "create"])).code).toBe(2);
    const missing = await sb.run(["tournament", "create"]);
    expect(missing.stderr).toContain("--name is required");
    expect((await sb.run(["tournament", "frobnicate"])).code).toBe(2);
    expect(
      (await sb.run(["tournament", "create", "--name", "x", "--signup-cap", "many"])).code,
    ).toBe(2);
    const unknown = await sb.run(["tournament", "view", "404"]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain("tournament 404 not found");
  });

  it("asks before deleting; without a terminal --yes is required", async () => {
    await sb.run(["tournament", "create", "--name", "Doomed", "--type", "swiss"]);
    const refused = await sb.run(["tournament", "delete", "doomed"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--yes");
    expect((await sb.run(["tournament", "list", "--json"])).json()).toHaveLength(1);
    const done = await sb.run(["tournament", "delete", "doomed", "--yes", "--json"]);
    expect(done.code).toBe(0);
    expect(done.json()).toEqual({ id: 1, deleted: true });
    expect((await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
  });

  it("documents exit codes and environment in --help", async () => {
    const help = await sb.run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Exit codes:");
    expect(help.stdout).toContain("TOURNEY_PROFILE");
    expect(help.stdout).toContain("tournament");
  });
});

describe("tournament create/update --set match_options.consolation_matches_target_rank", () => {
  // The reviewer's C5: 5 was taken at create (exit 0), then `tournament start` refused it (exit
  // 5). Now 5 (5th-8th) is planned (test/cli/placements.test.ts); a value between 3, 5, 9, ...
  // is refused at create and update (exit 5), naming what is taken, and creates nothing.
  it("refuses 6 at create and update (exit 5), naming the values taken, and creates nothing", async () => {
    const rank6 = ["--set", "match_options.consolation_matches_target_rank=6"];
    const create = await sb.run(["tournament", "create", "--name", "C6", ...rank6]);
    expect(create.code).toBe(5);
    expect(create.stderr).toContain(
      "consolation_matches_target_rank must be 3 (a third-place match), 5 (also 5th-8th), 9 (also 9th-16th), 17, 33, ... (a power of two plus one, up to 32769), or null or 0 for none, not 6",
    );
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);

    ok(await sb.run(["tournament", "create", "--name", "C3", "--third-place"]));
    const update = await sb.run(["tournament", "update", "c3", ...rank6]);
    expect(update.code).toBe(5);
    expect(update.stderr).toContain("or null or 0 for none, not 6");
    const view = ok(await sb.run(["tournament", "view", "c3", "--json", "match_options"])).json();
    expect(view.match_options.consolation_matches_target_rank).toBe(3);
    const rank5 = ["--set", "match_options.consolation_matches_target_rank=5"];
    ok(await sb.run(["tournament", "update", "c3", ...rank5]));
    const five = ok(await sb.run(["tournament", "view", "c3", "--json", "match_options"])).json();
    expect(five.match_options.consolation_matches_target_rank).toBe(5);
  });
});
