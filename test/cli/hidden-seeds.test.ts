/**
 * `tournament create --hide-seeds` ("hide seeds in output"): the CLI's tables and views of
 * the tournament's players leave seeds out (participants list and view, match view and the
 * match a report prints), as the public page does; `--json` keeps the API's records, seed
 * included; a tournament that shows seeds shows them as before. Before (an outside review),
 * the flag changed nothing: `match view` said "(id 1, seed 1)" and `participants list` had
 * its SEED column.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { createWith, ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

const NAMES = ["Ada", "Bo", "Cy", "Dee"];
const TTY = { tty: true, env: { NO_COLOR: "1" } };

async function started(flags: readonly string[]) {
  const setup = await createWith(sb, ["--name", "Seeds", ...flags], NAMES);
  ok(await sb.run(["tournament", "start", setup.t]));
  return setup;
}

describe("--hide-seeds in the CLI's output", () => {
  it("leaves seeds out of tables and views, not out of --json", async () => {
    const { t, ids } = await started(["--hide-seeds"]);
    const table = ok(await sb.run(["participants", "list", t], TTY)).stdout;
    expect(table.split("\n")[0]!.split(/ {2,}/)).toEqual(["ID", "NAME", "ACTIVE", "CHECKED IN"]); // FINAL RANK and MISC, empty in every row, are left out at a terminal
    const piped = ok(await sb.run(["participants", "list", t])).stdout;
    expect(piped.split("\n")[0]).toBe(`${ids.get("Ada")}\tAda\ttrue\tfalse\t-\t-`);
    const view = ok(await sb.run(["participants", "view", t, "Ada"])).stdout;
    expect(view).not.toMatch(/^seed/m);
    expect(view).toMatch(/^name\tAda$/m);
    const match = ok(await sb.run(["match", "view", t, "A"])).stdout;
    expect(match).toContain(`player 1\tAda (id ${ids.get("Ada")})\n`);
    const reported = ok(await sb.run(["match", "report", t, "A", "--winner", "Ada"])).stdout;
    expect(reported).toContain(`player 2\tDee (id ${ids.get("Dee")})\n`);
    expect(`${table}${piped}${view}${match}${reported}`).not.toMatch(/seed/i);

    const json = ok(await sb.run(["participants", "list", t, "--json", "name,seed"])).json();
    expect(json).toEqual(NAMES.map((name, i) => ({ name, seed: i + 1 })));
    const one = ok(await sb.run(["participants", "view", t, "Bo", "--json", "seed"])).json();
    expect(one).toEqual({ seed: 2 });
  });

  it("shows them when the tournament does not hide them", async () => {
    const { t, ids } = await started([]);
    const table = ok(await sb.run(["participants", "list", t], TTY)).stdout;
    expect(table.split("\n")[0]).toMatch(/^ID +SEED +NAME/);
    expect(ok(await sb.run(["participants", "view", t, "Ada"])).stdout).toMatch(/^seed\t1$/m);
    const match = ok(await sb.run(["match", "view", t, "A"])).stdout;
    expect(match).toContain(`player 1\tAda (id ${ids.get("Ada")}, seed 1)\n`);
  });
});
