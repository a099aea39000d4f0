/**
 * Issue 26, item 5: options of one tournament type (or of a group stage) are refused on
 * any other type, on create and update alike, by flag or by --set: exit 2 naming the
 * option and the type, every such option listed, nothing created or changed.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const created = async () =>
  ok(await sb.run(["tournament", "list", "--jq", ".[].url"]))
    .stdout.split("\n")
    .filter(Boolean);

async function refused(args: readonly string[], ...messages: string[]): Promise<void> {
  const r = await sb.run(args);
  expect(r.code, args.join(" ")).toBe(2);
  for (const message of messages) expect(r.stderr).toContain(message);
  expect(r.stdout).toBe("");
}

describe("tournament create", () => {
  it("refuses another type's options, naming the option and the type; creates nothing", async () => {
    const create = ["tournament", "create", "--name", "Cup"];
    await refused(
      [...create, "--iterations", "3"],
      "error: --iterations does not apply to single elimination (the type without --type): it is a round robin option",
    );
    await refused(
      [...create, "--group-size", "4"],
      "--group-size does not apply without a group stage: add --group-stage",
    );
    await refused(
      [
        ...create,
        "--type",
        "swiss",
        "--max-participants",
        "4",
        "--set",
        'round_robin_options.ranking="game wins"',
      ],
      "error: --max-participants does not apply to swiss: it is a free for all option",
      "error: --ranking does not apply to swiss: it is a round robin option",
    );
    await refused(
      [...create, "--type", "round robin", "--third-place"],
      "--third-place does not apply to round robin",
    );
    await refused(
      [...create, "--type", "swiss", "--swiss-rounds", "0"],
      "--swiss-rounds needs a whole number from 1, not 0",
    );
    expect(await created()).toEqual([]);
  });

  it("accepts a group stage's options with it, and the group stage type's own options", async () => {
    const r = ok(
      await sb.run([
        "tournament",
        "create",
        "--name",
        "Two",
        "--group-stage",
        "--stage-type",
        "swiss",
        "--group-size",
        "4",
        "--swiss-rounds",
        "3",
        "--json",
      ]),
    ).json();
    expect(r.group_stage_options.group_size).toBe(4);
    expect(r.swiss_options.rounds).toBe(3);
  });
});

describe("tournament update", () => {
  it("checks against the stored type and group stage; changes nothing when refused", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup"]));
    await refused(
      ["tournament", "update", "cup", "--iterations", "3"],
      "--iterations does not apply to single elimination (tournament cup's type)",
    );
    await refused(["tournament", "update", "cup", "--advance-per-group", "1"], "add --group-stage");
    const view = ok(await sb.run(["tournament", "view", "cup", "--json"])).json();
    expect(view.round_robin_options.iterations).toBe(1);
    const changed = ok(
      await sb.run([
        "tournament",
        "update",
        "cup",
        "--type",
        "round robin",
        "--iterations",
        "3",
        "--json",
      ]),
    ).json();
    expect(changed.round_robin_options.iterations).toBe(3);
  });

  it("a change of type away from single elimination drops the third-place match and says so", async () => {
    ok(await sb.run(["tournament", "create", "--name", "Cup", "--third-place"]));
    const rank = async () =>
      ok(await sb.run(["tournament", "view", "cup", "--json"])).json().match_options
        .consolation_matches_target_rank;
    expect(await rank()).toBe(3);
    for (const type of ["double elimination", "swiss"]) {
      ok(
        await sb.run([
          "tournament",
          "update",
          "cup",
          "--type",
          "single elimination",
          "--third-place",
        ]),
      );
      const r = ok(
        await sb.run(["tournament", "update", "cup", "--type", type, "--json", "tournament_type"]),
      );
      expect(r.json()).toEqual({ tournament_type: type });
      expect(r.stderr).toBe(
        `note: tournament cup's third-place match (consolation rank 3) is dropped: only a single elimination has one; --third-place with --type "single elimination" brings it back\n`,
      );
      expect(await rank(), type).toBeNull();
      const exported = ok(await sb.run(["tournament", "export", "cup"])).json();
      expect(
        exported.tournament.settings.match_options?.consolation_matches_target_rank ?? null,
      ).toBeNull();
    }
    // With the type unchanged, or no rank to drop, nothing is said.
    const again = ok(await sb.run(["tournament", "update", "cup", "--type", "swiss"]));
    expect(again.stderr).toBe("");
    // Together with --third-place, another type is refused as on create (exit 2).
    await refused(
      ["tournament", "update", "cup", "--type", "round robin", "--third-place"],
      "--third-place does not apply to round robin",
    );
  });
});
