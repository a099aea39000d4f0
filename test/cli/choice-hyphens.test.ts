/**
 * A listed value written with hyphens (an outside review: `--type double-elimination` was
 * refused while `double_elimination` was taken): `-` reads as a space, as `_` does.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("--type double-elimination, --ranking game-wins, list --type Round-Robin", async () => {
  const line = ["tournament", "create", "--name", "Dbl", "--type", "double-elimination", "--json"];
  expect(ok(await sb.run(line)).json().tournament_type).toBe("double elimination");
  const rr = ["--name", "RR", "--type", "round-robin", "--ranking", "game-wins", "--json"];
  const league = ok(await sb.run(["tournament", "create", ...rr])).json();
  expect(league.tournament_type).toBe("round robin");
  const listed = ok(await sb.run(["tournament", "list", "--type", "Round-Robin", "--json", "url"]));
  expect(listed.json()).toEqual([{ url: "rr" }]);
  const refused = await sb.run(["tournament", "create", "--name", "X", "--type", "double-elim"]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('Allowed values: "single elimination", "double elimination"');
});
