/**
 * Seeds during the check-in (an outside review): once the check-in window opened, `participants
 * update T P --seed 1` and `participants randomize T` were refused ("seeds cannot change while
 * the tournament is checking_in"), though an organiser seeds after seeing who turned up. Seeds
 * now change in every state before the start (pending, checking_in, checked_in), and the start
 * draws the bracket from them. A late arrival after process-checkin is refused with a hint
 * naming the commands that let them play, which this test follows.
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

/** A tournament 20 minutes from its start with a 30-minute check-in: checking_in at once. */
async function checkingIn(): Promise<void> {
  const soon = new Date(Date.now() + 20 * 60_000).toISOString();
  const flags = ["--name", "Seeded", "--starts-at", soon, "--check-in-duration", "30"];
  await createWith(sb, flags, NAMES);
  const state = ok(await sb.run(["tournament", "view", "seeded", "--json", "state"])).json();
  expect(state).toEqual({ state: "checking_in" });
}

async function seeds(): Promise<string[]> {
  const list = ok(await sb.run(["participants", "list", "seeded", "--json", "name,seed"])).json();
  return list.sort((a: any, b: any) => a.seed - b.seed).map((p: any) => p.name);
}

it("seeds change while checking in and once checked in; the start draws from them", async () => {
  await checkingIn();
  ok(await sb.run(["participants", "update", "seeded", "Dee", "--seed", "1"]));
  expect(await seeds()).toEqual(["Dee", "Ann", "Bob", "Cid"]);
  const shuffled = ok(await sb.run(["participants", "randomize", "seeded", "--json"])).json();
  expect(shuffled.map((p: any) => p.name).sort()).toEqual([...NAMES].sort());
  for (const name of NAMES) ok(await sb.run(["participants", "check-in", "seeded", name]));
  ok(await sb.run(["tournament", "process-checkin", "seeded"]));
  ok(await sb.run(["participants", "update", "seeded", "Cid", "--seed", "1"]));
  ok(await sb.run(["participants", "update", "seeded", "Ann", "--seed", "2"]));
  ok(await sb.run(["participants", "randomize", "seeded"]));
  ok(await sb.run(["participants", "update", "seeded", "Cid", "--seed", "1"]));
  const order = await seeds();
  ok(await sb.run(["tournament", "start", "seeded"]));
  const a = ok(await sb.run(["match", "view", "seeded", "A", "--json"])).json();
  const ids = ok(await sb.run(["participants", "list", "seeded", "--json", "id,name"])).json();
  const named = (id: number) => ids.find((p: any) => p.id === id).name;
  expect([named(a.player1_id), named(a.player2_id)]).toEqual([order[0], order[3]]);
  const late = await sb.run(["participants", "update", "seeded", "Cid", "--seed", "2"]);
  expect(late.code).toBe(5);
  expect(late.stderr).toContain(
    "cannot change a seed while the tournament is underway; seeds change before the start only (pending, checking_in or checked_in)",
  );
  expect((await sb.run(["participants", "randomize", "seeded"])).code).toBe(5);
});

it("a late arrival after process-checkin: the hint's commands let them play", async () => {
  await checkingIn();
  for (const name of ["Ann", "Cid", "Dee"])
    ok(await sb.run(["participants", "check-in", "seeded", name]));
  ok(await sb.run(["tournament", "process-checkin", "seeded"]));
  const refused = await sb.run(["participants", "check-in", "seeded", "Bob"]);
  expect(refused.code).toBe(5);
  expect(refused.stderr).toContain("check-in is not open");
  const hint = refused.stderr.split("\n").find((l) => l.startsWith("hint: "));
  expect(hint).toContain(
    "to let Bob play, `tourney participants delete seeded Bob --yes` then `tourney participants add seeded Bob`",
  );
  expect(hint).toContain("`tourney tournament abort-checkin seeded` undoes every check-in");
  for (const command of hint!.match(/`tourney [^`]+`/g)!.slice(0, 2))
    ok(await sb.run(command.slice("`tourney ".length, -1).split(" ")));
  ok(await sb.run(["tournament", "start", "seeded"]));
  const matches = ok(await sb.run(["match", "list", "seeded", "--json"])).json();
  const ids = ok(await sb.run(["participants", "list", "seeded", "--json", "id,name"])).json();
  const bob = ids.find((p: any) => p.name === "Bob").id;
  expect(matches.some((m: any) => m.player1_id === bob || m.player2_id === bob)).toBe(true);
});
