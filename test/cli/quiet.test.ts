/**
 * `--quiet` (a global flag; `-q` is `--jq`'s, as in gh): a write prints nothing when it
 * succeeds, on stdout or as a note on stderr; errors still go to stderr with their exit
 * codes, and --json or --jq with it is refused before anything is sent (exit 2), so a
 * script that asked for JSON never gets nothing with exit 0. Before, there was no way to
 * keep a write's record, or its "Created ..." note at a terminal, out of a script's output.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../helpers/cli.js";
import { ok } from "../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(() => {
  sb = createSandbox();
});
afterEach(() => sb.cleanup());

it("a write prints nothing, piped or at a terminal, and is made", async () => {
  const created = ok(await sb.run(["--quiet", "tournament", "create", "--name", "Quiet Cup"]));
  expect([created.stdout, created.stderr]).toEqual(["", ""]);
  const cup = ok(await sb.run(["tournament", "view", "quiet_cup", "--json"])).json();
  expect(cup.name).toBe("Quiet Cup");
  // After the verb, and at a terminal (where a note would say what was done).
  for (const tty of [false, true]) {
    const name = tty ? "Tess" : "Pip";
    const added = ok(await sb.run(["participants", "add", "quiet_cup", name, "--quiet"], { tty }));
    expect([added.stdout, added.stderr], name).toEqual(["", ""]);
  }
  const names = ok(await sb.run(["participants", "list", "quiet_cup", "--json", "name"])).json();
  expect(names).toEqual([{ name: "Pip" }, { name: "Tess" }]);
  // Without it, the same write prints its record: --quiet alone changes it.
  const loud = ok(await sb.run(["participants", "add", "quiet_cup", "Lou", "--json", "name"]));
  expect(loud.json()).toEqual({ name: "Lou" });
});

it("errors are still said, with their exit codes", async () => {
  const missing = await sb.run(["--quiet", "tournament", "update", "nope", "--name", "X"]);
  expect([missing.code, missing.stdout]).toEqual([3, ""]);
  expect(missing.stderr).toContain("error: tournament nope not found");
  const usage = await sb.run(["--quiet", "tournament", "create"]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).not.toBe("");
});

it("--quiet with --json or --jq is refused before anything is sent", async () => {
  for (const flags of [["--json"], ["--json", "id"], ["-q", ".id"], ["--jq", ".id"]]) {
    const r = await sb.run(["--quiet", ...flags, "tournament", "create", "--name", "Loud"]);
    expect([r.code, r.stdout], flags.join(" ")).toEqual([2, ""]);
    expect(r.stderr).toMatch(/^error: --quiet and --j(son|q) cannot be used together/);
  }
  const list = ok(await sb.run(["tournament", "list", "--json"])).json();
  expect(list).toEqual([]);
});
