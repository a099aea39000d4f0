/**
 * A free-for-all tournament's match list at an 80-column terminal (an outside review): one
 * PLAYERS column with every player's name; before, all of them stood under PLAYER 1 (cut to
 * the first) beside an empty PLAYER 2. Piped rows and --json are as before.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { displayWidth } from "../../src/cli/output/display-width.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

const NAMES = ["Luigi's Mom", "Bowser Jr.", "クッパ", "Koopa"];

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("match list of free-for-all matches has one PLAYERS column at a terminal", async () => {
  const { t } = await createWith(sb, ["--name", "Kart", "--type", "free for all"], NAMES);
  ok(await sb.run(["tournament", "start", t]));
  const r = ok(
    await sb.run(["match", "list", t], { tty: true, env: { COLUMNS: "80", NO_COLOR: "1" } }),
  );
  const lines = r.stdout.trimEnd().split("\n");
  expect(lines[0]).toMatch(/^ID +MATCH +ROUND +STATE +PLAYERS$/);
  for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  expect(lines[1]).toMatch(/ open +Luigi's Mom, Bowser Jr\., クッパ, Koopa$/);
  const piped = ok(await sb.run(["match", "list", t]))
    .stdout.split("\n")[0]!
    .split("\t");
  expect(piped.slice(5, 7)).toEqual(["Luigi's Mom, Bowser Jr., クッパ, Koopa", "-"]);
  const json = ok(await sb.run(["match", "list", t, "--json", "participant_ids,player1_id"]));
  expect(JSON.parse(json.stdout)[0]).toEqual({
    participant_ids: expect.any(Array),
    player1_id: null,
  });
});

it("match view of a free-for-all match says its players together at a terminal", async () => {
  const { t } = await createWith(sb, ["--name", "Kart", "--type", "free for all"], NAMES);
  ok(await sb.run(["tournament", "start", t]));
  const r = ok(await sb.run(["match", "view", t, "A"], { tty: true, env: { NO_COLOR: "1" } }));
  expect(r.stdout).toMatch(/^players +4 players: Luigi's Mom \(id \d+, seed 1\), Bowser Jr\./m);
  expect(r.stdout).not.toMatch(/^player [12]/m);
  const piped = ok(await sb.run(["match", "view", t, "A"])).stdout;
  expect(piped).toMatch(/^player 1\tLuigi's Mom \(id \d+, seed 1\), Bowser Jr\./m);
  expect(piped).toMatch(/^player 2\t-$/m);
});

it("match report of a free-for-all match prints its players together at a terminal", async () => {
  const { t } = await createWith(sb, ["--name", "Kart", "--type", "free for all"], NAMES);
  ok(await sb.run(["tournament", "start", t]));
  const report = ["--ranks", "Koopa=1,Bowser Jr.=2,クッパ=3,Luigi's Mom=4", "--advancing", "Koopa"];
  const r = ok(
    await sb.run(["match", "report", t, "A", ...report], { tty: true, env: { NO_COLOR: "1" } }),
  );
  expect(r.stdout).toMatch(/^players +4 players: Luigi's Mom \(id \d+, seed 1\), Bowser Jr\./m);
  expect(r.stdout).not.toMatch(/^player [12]/m);
});
