/**
 * `match list --round N` / `--group N` naming a round or group the tournament does not have
 * (an outside review): they printed nothing and exited 0, as a typo would, while `tourney
 * bracket de --round 99` refused it. Now exit 2 naming what it has; exit 5 before the start;
 * a filter naming a round it has that keeps no match still prints nothing, exit 0.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { roundsText, runsText } from "../../src/cli/commands/match/list-filters.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const NAMES = ["Ada", "Bo", "Cy", "Dee", "Eve", "Fay"];

it("a double elimination: --round 99 is exit 2 naming its rounds; a round it has lists, or nothing", async () => {
  const { t } = await createWith(sb, ["--name", "DE", "--type", "double elimination"], NAMES);
  const before = await sb.run(["match", "list", t, "--round", "99"]);
  expect([before.code, before.stdout]).toEqual([5, ""]);
  expect(before.stderr).toContain(`tournament ${t} has not started (it is pending)`);
  ok(await sb.run(["tournament", "start", t]));
  const all = ok(await sb.run(["match", "list", t, "--json"])).json();
  const losers = Math.min(...all.map((m: { round: number }) => m.round));
  const winners = Math.max(...all.map((m: { round: number }) => m.round));
  const r = await sb.run(["match", "list", t, "--round", "99"]);
  expect([r.code, r.stdout]).toEqual([2, ""]);
  expect(r.stderr.trim()).toBe(
    `error: --round 99: tournament ${t} has no round 99; it has rounds 1-${winners} (losers -1 to ${losers})`,
  );
  expect((await sb.run(["match", "list", t, "--round", "0"])).code).toBe(2);
  const one = ok(await sb.run(["match", "list", t, "--round", "1", "--json"])).json();
  expect(one.length).toBeGreaterThan(0);
  const none = await sb.run(["match", "list", t, "--round", String(winners), "--state", "open"]);
  expect([none.code, none.stdout]).toEqual([0, ""]);
});

it("a group stage: --group 0, a number past the last and a letter past it are exit 2 naming its groups", async () => {
  const flags = [
    "--name",
    "GS",
    "--group-stage",
    "--stage-type",
    "round robin",
    "--group-size",
    "3",
  ];
  const { t } = await createWith(sb, flags, NAMES);
  ok(await sb.run(["tournament", "start-group-stage", t]));
  const all = ok(await sb.run(["match", "list", t, "--json"])).json();
  const groups = [...new Set(all.map((m: { group_id: number }) => m.group_id))].sort();
  expect(groups.length).toBe(2);
  for (const bad of ["0", String((groups[1] as number) + 1)]) {
    const r = await sb.run(["match", "list", t, "--group", bad]);
    expect([r.code, r.stdout], bad).toEqual([2, ""]);
    expect(r.stderr).toContain(
      `--group ${bad}: tournament ${t} has no group ${bad}; it has groups ${runsText(groups as number[])}`,
    );
  }
  const first = ok(await sb.run(["match", "list", t, "--group", String(groups[0]), "--json"]));
  expect(first.json().length).toBe(3);
  // A letter naming no group is refused as such a number is: exit 2 (before, 3).
  for (const [bad, said] of [
    ["Z", "Z"],
    ["c", "C"],
  ]) {
    const r = await sb.run(["match", "list", t, "--group", bad!]);
    expect([r.code, r.stdout], bad).toEqual([2, ""]);
    expect(r.stderr.trim()).toBe(
      `error: --group ${said}: tournament ${t} has no group ${said}; it has groups ${runsText(groups as number[])} (or A, B, ... in that order; final: the final stage)`,
    );
  }
  const second = ok(await sb.run(["match", "list", t, "--group", "b", "--json"])).json();
  expect(second.map((m: { group_id: number }) => m.group_id)).toEqual([
    groups[1],
    groups[1],
    groups[1],
  ]);
});

/** The pages of the tournament's matches a `-v` run asked for (the request log on stderr). */
function matchReads(stderr: string): string[] {
  return stderr.split("\n").filter((l) => /^> GET \S+\/matches\?/.test(l));
}

it("the check reads no match of its own: one read of every match, refused or listed", async () => {
  // 46 players: 1,035 matches, two pages of 1,000 (MAX_PER_PAGE).
  const names = Array.from({ length: 46 }, (_, i) => `P${i + 1}`);
  const { t } = await createWith(sb, ["--name", "RR", "--type", "round robin"], names);
  ok(await sb.run(["tournament", "start", t]));
  const listed = ok(await sb.run(["-v", "match", "list", t, "--round", "1", "--json"]));
  expect(listed.json()).toHaveLength(23);
  // Before: every match read to check (2 pages), then again to list (2 more).
  expect(matchReads(listed.stderr)).toHaveLength(2);
  const refused = await sb.run(["-v", "match", "list", t, "--round", "99", "--json"]);
  expect([refused.code, refused.stdout]).toEqual([2, ""]);
  expect(refused.stderr).toContain(
    `error: --round 99: tournament ${t} has no round 99; it has rounds 1-45\n`,
  );
  expect(matchReads(refused.stderr)).toHaveLength(2);
  // A list the service filtered (--state; every match is open) keeps one: nothing more read.
  const open = ok(await sb.run(["-v", "match", "list", t, "--round", "1", "--state", "open"]));
  expect(open.stdout.trim().split("\n")).toHaveLength(23);
  expect(matchReads(open.stderr)).toHaveLength(2);
  // One that keeps none is checked against a read of every match: still refused, exit 2.
  const typo = await sb.run(["match", "list", t, "--round", "99", "--state", "open"]);
  expect([typo.code, typo.stdout]).toEqual([2, ""]);
  expect(typo.stderr).toContain(`has no round 99; it has rounds 1-45`);
});

it("rounds and groups as runs", () => {
  expect(runsText([1, 2, 3, 5, 7, 8])).toBe("1-3, 5, 7-8");
  expect(roundsText([1, 2, 3, -1, -2])).toBe("rounds 1-3 (losers -1 to -2)");
  expect(roundsText([3, 1, 3])).toBe("rounds 1, 3");
});
