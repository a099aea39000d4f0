/**
 * `race import` of a pending race stopped by a signal while it is held after looking the race
 * up (TOURNEY_TEST_PAUSE=import-read): it stops at its next step, before creating the race, says
 * so and exits 143 (SIGTERM), 129 (SIGHUP) or 130 (Ctrl-C), the target holding nothing; a re-run
 * then imports the whole file. Before, a pending race's import had no step after that point: it
 * said "Interrupted: stopping after the request in flight", then created the race, added the
 * racers and exited 0. As `tournament import` does (importer.ts: "creating tournament").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { pausedRun } from "../helpers/paused-run.js";

describe.runIf(BUILT)("race import of a pending race stopped by a signal", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-race-import-signal-"));
  const file = join(dir, "gp.json");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const source = binaryEnv(join(dir, "source"));
    for (const args of [
      ["race", "create", "--name", "GP", "--url", "gp"],
      ["race", "participants", "bulk-add", "gp", "Ann", "Bob"],
      ["race", "export", "gp", "--output", file],
    ]) {
      const r = await runBinary(args, source);
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGHUP", 129],
    ["SIGINT", 130],
  ] as const)("%s: stops before creating the race, exit %i", async (signal, code) => {
    const env = binaryEnv(join(dir, signal));
    const held = pausedRun(
      ["race", "import", file],
      env,
      "import-read",
      join(dir, `${signal}.barrier`),
    );
    await held.reached;
    held.child.kill(signal);
    while (!held.stderr().includes("Interrupted: stopping after the request in flight"))
      await new Promise((resolve) => setTimeout(resolve, 10));
    held.release();
    const r = await held.done;
    expect(r.stderr).toBe(
      "Interrupted: stopping after the request in flight (Ctrl-C again: at once)\n" +
        "interrupted: stopped between two requests, before its first step; run the same command again to continue: it reads what the target already has and sends nothing twice\n",
    );
    expect(r.stdout).toBe("");
    expect(r.code).toBe(code);
    // Nothing was written: no race.
    const races = await runBinary(["race", "list", "--json", "url"], env);
    expect(races.code, races.stderr).toBe(0);
    expect(JSON.parse(races.stdout)).toEqual([]);
    // The same command again imports the whole file.
    const again = await runBinary(["race", "import", file], env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      "gp: created, 2 participants added, 0 times sent, 0 rounds started or finalized, 0 points or ranks set\n",
    );
  });
});
