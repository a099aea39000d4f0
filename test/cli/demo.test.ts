/**
 * `tourney demo` through the CLI harness: played to the end in a scratch
 * database (removed, nothing in the sandbox's store), the bracket after each
 * round, the final ranks; the same seed plays the same tournament; --keep
 * leaves it in the store.
 */
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseDemo } from "../../src/cli/commands/demo/demo.js";
import { UsageError } from "../../src/cli/errors.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const scratchDirs = () => readdirSync(tmpdir()).filter((d) => d.startsWith("tourney-demo-"));

describe("tourney demo", () => {
  it("plays a two-stage tournament to the end in a scratch database it removes", async () => {
    const before = scratchDirs();
    const r = ok(await sb.run(["demo", "--seed", "7"]));
    // The group stage (3 rounds), then the semifinals and the final with the third place.
    const rounds = r.stdout.match(/^-- .* --$/gm) ?? [];
    expect(rounds).toEqual([
      "-- Group stage, round 1 --",
      "-- Group stage, round 2 --",
      "-- Group stage, round 3 --",
      "-- Final stage, round 1 --",
      "-- Final stage, round 2 --",
    ]);
    expect(r.stdout).toContain("Group 2");
    expect(r.stdout).toContain("Third place match");
    const ranks = r.stdout.slice(r.stdout.indexOf("Final ranks"));
    expect(ranks.split("\n").filter((l) => /^ +\d+\. \S/.test(l))).toHaveLength(4);
    expect(ranks).toMatch(/^ 1\. /m);
    expect(r.stderr).toContain("scratch database");
    // Nothing left behind: the sandbox's store has no tournament, no scratch directory remains.
    expect(ok(await sb.run(["tournament", "list", "--json"])).json()).toEqual([]);
    expect(scratchDirs().filter((d) => !before.includes(d))).toEqual([]);
    // The same seed plays the same tournament.
    expect(ok(await sb.run(["demo", "--seed", "7"])).stdout).toBe(r.stdout);
  });

  it("keeps the tournament in the store with --keep", async () => {
    const r = ok(await sb.run(["demo", "--seed", "3", "--players", "12", "--keep"]));
    expect(r.stdout).toContain("Group 3");
    const list = ok(await sb.run(["tournament", "list", "--json"])).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "Demo Cup", state: "complete" });
    expect(r.stderr).toContain(`tourney bracket ${list[0].id}`);
  });

  it("prints the seed it chose when none is given", async () => {
    const r = ok(await sb.run(["demo"]));
    expect(r.stderr).toMatch(/seed \d+ \(tourney demo --seed \d+ plays it again\)/);
  });

  it("parseDemo refuses a seed that is not a number and player counts not in groups of 4", () => {
    expect(parseDemo({})).toEqual({ players: 8, keep: false });
    expect(parseDemo({ seed: "5", players: "16", keep: true })).toEqual({
      seed: 5,
      players: 16,
      keep: true,
    });
    for (const flags of [{ seed: "x" }, { players: "10" }, { players: "4" }, { players: "36" }])
      expect(() => parseDemo(flags)).toThrow(UsageError);
  });
});
