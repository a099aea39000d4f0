/**
 * Refusals whose advice named API paths instead of commands (an outside review): a check-in
 * without a window said "set registration_options.check_in_duration and starts_at"; a free for
 * all report without --advancing said "some but not all participants must advance
 * (/data/attributes/match)"; `participants add` once underway said "reset it first" without
 * its price. Each now names the flag or command, or what a reset removes.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const hintOf = (stderr: string) => stderr.split("\n").find((l) => l.startsWith("hint: "));

it("a check-in without a window names tournament update's flags, which then open it", async () => {
  await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
  const r = await sb.run(["participants", "check-in", "cup", "Ann"]);
  expect(r.code).toBe(5);
  expect(hintOf(r.stderr)).toContain(
    "`tourney tournament update cup --starts-at TIME --check-in-duration MINUTES` gives it a check-in window",
  );
  const soon = new Date(Date.now() + 20 * 60_000).toISOString();
  ok(
    await sb.run(["tournament", "update", "cup", "--starts-at", soon, "--check-in-duration", "30"]),
  );
  ok(await sb.run(["participants", "check-in", "cup", "Ann"]));
});

it("a free-for-all report before the final without --advancing names --advancing", async () => {
  const names = ["Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"];
  const flags = ["--name", "Race", "--type", "free for all", "--max-participants", "4"];
  await createWith(sb, flags, names);
  ok(await sb.run(["tournament", "start", "race"]));
  const a = ok(await sb.run(["match", "view", "race", "A", "--json"])).json();
  const ids = ok(await sb.run(["participants", "list", "race", "--json", "id,name"])).json();
  const players = a.participant_ids.map((id: number) => ids.find((p: any) => p.id === id).name);
  const ranks = players.map((n: string, i: number) => `${n}=${i + 1}`).join(",");
  const r = await sb.run(["match", "report", "race", "A", "--ranks", ranks]);
  expect(r.code).toBe(5);
  expect(r.stderr).toContain("some but not all participants must advance");
  expect(hintOf(r.stderr)).toContain("name the players who move on with --advancing");
  const advancing = players.slice(0, 2).join(",");
  ok(await sb.run(["match", "report", "race", "A", "--ranks", ranks, "--advancing", advancing]));
});

it("participants add once underway says what a reset would remove", async () => {
  await createWith(sb, ["--name", "Cup"], ["Ann", "Bob"]);
  ok(await sb.run(["tournament", "start", "cup"]));
  const r = await sb.run(["participants", "add", "cup", "Zed"]);
  expect(r.code).toBe(5);
  expect(r.stderr).toContain(
    "cannot add participants while the tournament is underway: participants join before the start only; a reset (back to pending) lets them, and removes every match and result",
  );
});
