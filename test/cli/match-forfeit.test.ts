/**
 * A forfeit reads as one (an outside review): a player removed after the start forfeits their
 * match (docs/tournaments.md), which completes with a winner and no scores; `match view` and a
 * terminal's `match list` showed a winner, no scores and nothing saying why. Now the scores
 * read "forfeit (Bo removed)"; piped list rows and --json are as before.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("match view and a terminal's match list name the forfeit; a played match keeps its sets", async () => {
  const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "Bo", "Cy", "Dee"]);
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--scores", "3-1", "--winner", "Ada"]));
  ok(await sb.run(["participants", "delete", t, "Bo", "--yes"]));
  const view = ok(await sb.run(["match", "view", t, "B"])).stdout;
  expect(view).toMatch(/^scores\s+forfeit \(Bo removed\)$/m);
  expect(view).toMatch(/^winner\s+Cy$/m);
  expect(ok(await sb.run(["match", "view", t, "A"])).stdout).toMatch(/^scores\s+3-1$/m);
  const table = ok(await sb.run(["match", "list", t], { tty: true })).stdout;
  const row = table.split("\n").find((l) => /\bB\b/.test(l) && l.includes("Cy"));
  expect(row).toContain("forfeit (Bo removed)");
  const piped = ok(await sb.run(["match", "list", t])).stdout;
  expect(piped).not.toContain("forfeit");
  const json = ok(await sb.run(["match", "view", t, "B", "--json"])).json();
  expect(json.score_in_sets).toEqual([]);
});

it("tourney bracket marks the forfeited match's box", async () => {
  const { t } = await createWith(sb, ["--name", "Cup"], ["Ada", "Bo", "Cy", "Dee"]);
  ok(await sb.run(["tournament", "start", t]));
  ok(await sb.run(["match", "report", t, "A", "--scores", "3-1", "--winner", "Ada"]));
  ok(await sb.run(["participants", "delete", t, "Bo", "--yes"]));
  const drawn = ok(await sb.run(["bracket", t])).stdout;
  expect(drawn).toMatch(/\bB forfeit\b/);
  expect(drawn).not.toMatch(/\bA forfeit\b/);
});
