/**
 * A match named in a tournament never started (an outside review): `match report forgot_start
 * A --winner Ann` said 'no match "A" ...; `tourney match list forgot_start` shows them' (exit
 * 3), and that list was empty. Now every verb naming a match refuses in the tournament's
 * state (exit 5) naming the command that draws the bracket, as `tourney bracket` says.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const NAMES = ["Ann", "Bob", "Cid", "Dee"];
const SAYS =
  "error: tournament forgot_start has not started (it is pending): it has no matches yet; run `tourney tournament start forgot_start`";

it("report, view, reopen, mark-underway, station assign and attachment add: exit 5 naming the start", async () => {
  await createWith(sb, ["--name", "Forgot Start"], NAMES);
  ok(await sb.run(["station", "create", "forgot_start", "Table 1"]));
  const lines = [
    ["match", "report", "forgot_start", "A", "--winner", "Ann"],
    ["match", "report", "forgot_start", "A", "--scores", "3-1"],
    ["match", "view", "forgot_start", "A"],
    ["match", "view", "forgot_start", "1"],
    ["match", "reopen", "forgot_start", "A", "--yes"],
    ["match", "mark-underway", "forgot_start", "B"],
    ["station", "assign", "forgot_start", "Table 1", "A"],
    ["attachment", "add", "forgot_start", "A", "--url", "https://vod.example/a"],
  ];
  for (const line of lines) {
    const r = await sb.run(line);
    expect([r.code, r.stderr.trim()], line.join(" ")).toEqual([5, SAYS]);
  }
});

it("a two-stage tournament names its group stage; a check-in names process-checkin", async () => {
  await createWith(sb, ["--name", "Groups", "--group-stage"], NAMES);
  const groups = await sb.run(["match", "report", "groups", "A", "--winner", "Ann"]);
  expect(groups.code).toBe(5);
  expect(groups.stderr).toContain(
    "run `tourney tournament start-group-stage groups` (it has a group stage)",
  );
  const soon = new Date(Date.now() + 20 * 60_000).toISOString();
  const flags = ["--name", "Early", "--starts-at", soon, "--check-in-duration", "30"];
  await createWith(sb, flags, NAMES);
  const early = await sb.run(["match", "view", "early", "A"]);
  expect(early.code).toBe(5);
  expect(early.stderr).toContain(
    "(it is checking_in): it has no matches yet; run `tourney tournament process-checkin early` (ends the check-in), then `tourney tournament start early`",
  );
});

it("a started tournament without that match is still exit 3, as is an unknown tournament", async () => {
  await createWith(sb, ["--name", "Cup"], NAMES);
  ok(await sb.run(["tournament", "start", "cup"]));
  const r = await sb.run(["match", "view", "cup", "Z"]);
  expect(r.code).toBe(3);
  expect(r.stderr).toContain('no match "Z" in tournament cup');
  expect((await sb.run(["match", "view", "cup", "99"])).code).toBe(3);
  expect((await sb.run(["match", "view", "nope", "A"])).code).toBe(3);
  expect((await sb.run(["match", "view", "nope", "1"])).code).toBe(3);
});
