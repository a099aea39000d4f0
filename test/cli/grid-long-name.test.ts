/**
 * One long name in a round robin at an 80-column terminal (an outside review): the grid
 * cuts the names in its row labels before it shares the opponents out into parts; it drew
 * a group of four as four one-opponent grids.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { displayWidth } from "../../src/cli/output/display-width.js";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

const LONG = "Bartholomew Fitzgerald-Montgomery of the Northern Highlands!";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("a round robin's grid at 80 columns cuts a long name and stays one grid", async () => {
  expect(LONG).toHaveLength(60);
  ok(await sb.run(["tournament", "create", "--name", "League", "--type", "round robin"]));
  ok(await sb.run(["participants", "bulk-add", "league", "Ada", LONG, "Cleo", "Dmitri"]));
  ok(await sb.run(["tournament", "start", "league"]));
  const r = ok(
    await sb.run(["bracket", "league"], { tty: true, env: { COLUMNS: "80", NO_COLOR: "1" } }),
  );
  const lines = r.stdout.trimEnd().split("\n");
  for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
  const headers = lines.filter((l) => l.includes("Player"));
  expect(headers).toHaveLength(1);
  expect(headers[0]).toMatch(/Player +│ +1 │ +2 │ +3 │ +4 │ W-L-T │ Pts │$/);
  expect(r.stdout).toContain("2. Bartholomew Fitzgerald");
  expect(r.stdout).not.toContain("Northern Highlands");
  expect(r.stdout).toMatch(/2\. Bartholomew [^│]*…/);
  for (const name of ["1. Ada", "3. Cleo", "4. Dmitri"]) expect(r.stdout).toContain(name);
});
