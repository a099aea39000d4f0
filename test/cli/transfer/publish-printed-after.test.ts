/**
 * `tournament publish` and `race publish` whose result cannot be printed after the target was
 * changed (a --jq program failing on it; a full disk: test/e2e/stdout-full): exit 8, stderr
 * saying first that the change was made, as `tournament import` and the other writing verbs
 * do (docs/scripting.md, exit 8). Before, the target's writes were not the command's: exit 2
 * (or 1 on a full disk) with no "done:" line, so a script ran the publish again (review I #4).
 * The target is an embedded profile on a database of its own (`profile add lan --db`).
 */
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

let sb: Sandbox;
beforeEach(async () => {
  sb = createSandbox();
  ok(await sb.run(["profile", "add", "lan", "--db", join(sb.dir, "lan.db")]));
  ok(await sb.run(["tournament", "create", "--name", "Cup", "--url", "cup"]));
  ok(await sb.run(["race", "create", "--name", "Lap", "--url", "lap"]));
});
afterEach(() => sb.cleanup());

const JQ_FAILED = "error: printing its result failed: --jq: jq: error (at <stdin>:1): x\n";

it.each([
  ["tournament", "cup", "POST /v2.1/tournaments (201)"],
  ["race", "lap", "POST /v2.1/races (201)"],
])(
  "%s publish --jq failing after the publish: exit 8, the change said done first",
  async (noun, url, post) => {
    const r = await sb.run([noun, "publish", url, "--to", "lan", "--jq", '.url, error("x")']);
    expect(r.stdout).toBe(`${url}\n`);
    expect(r.stderr).toBe(
      `done: the change was made (${post}); do not run the command again\n${JQ_FAILED}`,
    );
    expect(r.code).toBe(8);
    const there = ok(await sb.run(["--profile", "lan", noun, "list", "--json", "url"])).json();
    expect(there).toEqual([{ url }]);
  },
);

it("a publish that sends nothing (all there already) and then fails to print: exit 2, nothing said done", async () => {
  ok(await sb.run(["tournament", "publish", "cup", "--to", "lan"]));
  const r = await sb.run(["tournament", "publish", "cup", "--to", "lan", "--jq", 'error("x")']);
  expect([r.code, r.stdout, r.stderr]).toEqual([
    2,
    "",
    "error: --jq: jq: error (at <stdin>:1): x\n",
  ]);
});

it("tournament pull --jq failing after the pull: exit 8, the change said done first (as before)", async () => {
  ok(await sb.run(["tournament", "publish", "cup", "--to", "lan"]));
  ok(await sb.run(["tournament", "delete", "cup", "--yes"]));
  const r = await sb.run(["tournament", "pull", "cup", "--from", "lan", "--jq", 'error("x")']);
  expect(r.stderr).toMatch(/^done: the change was made \(POST \/v2\.1\/tournaments \(201\)/);
  expect(r.code).toBe(8);
});
