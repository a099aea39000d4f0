/**
 * `tourney watch` at a terminal says where a match stands, in the bracket page's words (an
 * outside review): the losers bracket's rounds ("losers round 1", "losers final"), the grand
 * final and its reset, the third-place match's round and places ("round 3, third place"; it
 * was `match list`'s "round 3 (3rd)", a line's "(round 3 (3rd))"), and a group stage's group
 * ("group 2, round 3"), the final stage after it ("final stage, round 1"). Before, the
 * record's round as it is: "(round -1)", the grand final "(round 4)", the reset "(round 5)",
 * and each group's "match F (round 3)" alike. Piped (NDJSON) it is unchanged.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  betterSeed,
  doubleEliminationEight,
  fourGroups,
  playAll,
  resetResults,
  singleEliminationEight,
} from "../helpers/bracket-fixtures.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

/** A finished tournament's history at a terminal, without the times: "match F (...) open: ...". */
async function lines(t: string): Promise<string[]> {
  ok(await sb.run(["tournament", "finalize", t, "--yes"]));
  const r = ok(
    await sb.run(["watch", t, "--since", "1d", "--until", "complete"], {
      tty: true,
      env: { NO_COLOR: "1" },
    }),
  );
  return r.stdout
    .trimEnd()
    .split("\n")
    .map((l) => l.replace(/^\S+ {2}[^:]*: /, ""));
}

/** The "(place)" of each match line about match `identifier` opening. */
const opened = (all: readonly string[], identifier: string) =>
  all.filter((l) => l.startsWith(`match ${identifier} (`) && / open: /.test(l));

describe("tourney watch: where a match stands", () => {
  it("double elimination: losers rounds, losers final, grand final and reset", async () => {
    const s = await doubleEliminationEight(sb);
    await playAll(sb, s, resetResults);
    const all = await lines(s.t);
    expect(all.filter((l) => /\(round -|\(round \?/.test(l))).toEqual([]);
    const places = new Set(all.map((l) => /^match \w+ \(([^)]*)\)/.exec(l)?.[1]).filter(Boolean));
    expect([...places].sort()).toEqual(
      [
        "round 1",
        "round 2",
        "round 3",
        "losers round 1",
        "losers round 2",
        "losers round 3",
        "losers final",
        "grand final",
        "grand final reset",
      ].sort(),
    );
  });

  it("single elimination's third-place match: its round and places, in one pair of brackets", async () => {
    const s = await singleEliminationEight(sb);
    await playAll(sb, s, betterSeed);
    const matches = ok(await sb.run(["match", "list", s.t, "--json"])).json();
    const third = matches.find((m: { bracket: string }) => m.bracket === "third_place");
    expect(opened(await lines(s.t), third.identifier)[0]).toMatch(
      new RegExp(`^match ${third.identifier} \\(round ${third.round}, third place\\) open: `),
    );
  });

  it("a group stage: each group's matches say their group, the final stage's say so", async () => {
    const s = await fourGroups(sb);
    await playAll(sb, s, betterSeed);
    ok(await sb.run(["tournament", "finalize-group-stage", s.t]));
    ok(await sb.run(["tournament", "start", s.t]));
    await playAll(sb, s, betterSeed);
    const all = await lines(s.t);
    const f = all.filter((l) => /^match F \(.*\) complete: /.test(l));
    expect(f.map((l) => /\(([^)]*)\)/.exec(l)![1]).sort()).toEqual([
      "final stage, round 2",
      "group 1, round 3",
      "group 2, round 3",
      "group 3, round 3",
      "group 4, round 3",
    ]);
    expect(opened(all, "A").map((l) => /\(([^)]*)\)/.exec(l)![1])).toContain(
      "final stage, round 1",
    );
  });
});
