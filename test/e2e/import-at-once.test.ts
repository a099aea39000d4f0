/**
 * End to end: three `tournament import` of one file at once, into one embedded database and
 * into one `tourney serve`. Two are held (TOURNEY_TEST_PAUSE, pausedRun) right after they
 * looked the tournament up and found none, while the third imports the whole file; let go,
 * each is refused the url as taken, reads the target again and ends as a re-run does:
 * "found, 0 participants added, 0 results sent, 4 already there", exit 0. Before, each ended
 * with the service's refusal, exit 5 (`url "lan_cup" is already taken`): importer.ts read
 * the target once. `race import` the same (race-importer.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";
import { pausedRun } from "../helpers/paused-run.js";

describe.runIf(BUILT)("three imports of one file at once", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-import-once-"));
  const source = binaryEnv(join(dir, "source"));
  const file = join(dir, "lan_cup.json");
  const raceFile = join(dir, "lan_gp.json");
  let served: Served;

  const ok = async (args: string[], env: Record<string, string>, stdin = "") => {
    const r = await runBinary(args, env, stdin);
    expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0);
    return r;
  };

  beforeAll(async () => {
    await ok(["tournament", "create", "--name", "LAN Cup", "--url", "lan_cup"], source);
    await ok(["participants", "bulk-add", "lan_cup", "Ann", "Bob", "Cy", "Dee", "Eve"], source);
    await ok(["participants", "bulk-add", "lan_cup", "Fay", "Gus", "Hal"], source);
    await ok(["tournament", "start", "lan_cup"], source);
    // The first round's four matches, each won by its player 1 (rows: id, match, round,
    // group, state, player 1, ...).
    const rows = (await ok(["match", "list", "lan_cup"], source)).stdout.trim().split("\n");
    for (const [, match, round, , , winner] of rows.map((row) => row.split("\t")))
      if (round === "1")
        await ok(
          ["match", "report", "lan_cup", match!, "--winner", winner!, "--scores", "2-1"],
          source,
        );
    await ok(["tournament", "export", "lan_cup", "--output", file], source);
    await ok(["race", "create", "--name", "LAN GP", "--url", "lan_gp"], source);
    await ok(["race", "participants", "bulk-add", "lan_gp", "Ann", "Bob", "Cy", "Dee"], source);
    await ok(["race", "start", "lan_gp"], source);
    await ok(["race", "times", "update", "lan_gp", "Ann", "--time", "1:30.5"], source);
    await ok(["race", "times", "update", "lan_gp", "Bob", "--time", "1:31"], source);
    await ok(["race", "export", "lan_gp", "--output", raceFile], source);
    served = await startServe(["--db", join(dir, "served.db")], binaryEnv(join(dir, "serve")));
  });
  afterAll(async () => {
    if (served !== undefined) expect(await served.stop()).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });

  async function threeAtOnce(env: Record<string, string>, name: string) {
    const args = ["tournament", "import", file];
    const held = [1, 2].map((n) =>
      pausedRun(args, env, "import-read", join(dir, `${name}-${n}.barrier`)),
    );
    await Promise.all(held.map((h) => h.reached));
    const first = await ok(args, env);
    expect(first.stdout).toBe(
      "lan_cup: created, 8 participants added, 4 results sent, 0 already there\n",
    );
    for (const h of held) h.release();
    for (const h of held) {
      const r = await h.done;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(
        "lan_cup: found, 0 participants added, 0 results sent, 4 already there\n",
      );
      expect(r.stderr).not.toContain("already taken");
    }
    const list = await ok(["match", "list", "lan_cup", "--json", "identifier,state"], env);
    const complete = JSON.parse(list.stdout).filter(
      (m: { state: string }) => m.state === "complete",
    );
    expect(complete.map((m: { identifier: string }) => m.identifier).sort()).toEqual([
      "A",
      "B",
      "C",
      "D",
    ]);
  }

  it("into one embedded database: the two held end as re-runs, exit 0", async () => {
    await threeAtOnce(binaryEnv(join(dir, "target")), "embedded");
  });

  it("race import, into one embedded database: the two held end as re-runs, exit 0", async () => {
    const env = binaryEnv(join(dir, "race-target"));
    const args = ["race", "import", raceFile];
    const held = [1, 2].map((n) =>
      pausedRun(args, env, "import-read", join(dir, `race-${n}.barrier`)),
    );
    await Promise.all(held.map((h) => h.reached));
    const first = await ok(args, env);
    expect(first.stdout).toBe(
      "lan_gp: created, 4 participants added, 2 times sent, 0 rounds started or finalized, 0 points or ranks set\n",
    );
    for (const h of held) h.release();
    for (const h of held) {
      const r = await h.done;
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(
        "lan_gp: found, 0 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set\n",
      );
    }
    const times = await ok(["race", "times", "list", "lan_gp", "--json", "name,elapsedTime"], env);
    expect(
      JSON.parse(times.stdout).filter((t: { elapsedTime: unknown }) => t.elapsedTime !== null),
    ).toEqual([
      { name: "Ann", elapsedTime: 90500 },
      { name: "Bob", elapsedTime: 91000 },
    ]);
  });

  it("into one serve: the two held end as re-runs, exit 0", async () => {
    const env = binaryEnv(join(dir, "remote"));
    await ok(["profile", "add", "lan", "--base-url", `http://127.0.0.1:${served.port}`], env);
    await ok(["auth", "login", "--api-key", "--profile", "lan"], env, `${served.apiKey}\n`);
    await threeAtOnce({ ...env, TOURNEY_PROFILE: "lan" }, "serve");
  });
});
