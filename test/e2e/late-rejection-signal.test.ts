/**
 * A promise rejected with no handler at the end of a command that SIGTERM or SIGHUP stopped
 * after some of its writes (cli/main.ts failedLate): the command has said what became of them
 * and keeps its exit code, 143 or 129, as it keeps 130 after Ctrl-C. Before, only 8 and 130
 * were kept: a race import stopped by SIGTERM said "run the same command again to continue",
 * then "done: the change was made ...; do not run the command again", and exited 8.
 * A tournament import is held after it looked up the tournament, found in the target
 * (TOURNEY_TEST_PAUSE=import-read), signalled there, and let go once it has said it heard the
 * signal; it then adds the participants (a write with no step before it: participant-step.ts)
 * and stops before its next step. The rejection is made by a preloaded probe as the import
 * says it stopped. (A race import stops before its first write now: race-import-signal.test.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary } from "../helpers/binary.js";
import { pausedRun } from "../helpers/paused-run.js";

describe.runIf(BUILT)("an unhandled rejection after a signal stopped a write", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-late-rejection-signal-"));
  const file = join(dir, "cup.json");
  // As the import says it stopped, a promise rejected that nothing awaits.
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const stream = process.stderr; const real = stream.write; let made = false;
    stream.write = function (chunk, ...rest) {
      if (!made && String(chunk).startsWith("interrupted:")) {
        made = true;
        Promise.reject(new Error("a late failure"));
      }
      return real.call(this, chunk, ...rest);
    };\n`,
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const source = binaryEnv(join(dir, "source"));
    for (const args of [
      ["tournament", "create", "--name", "Cup", "--url", "cup"],
      ["participants", "bulk-add", "cup", "Ann", "Bob"],
      ["tournament", "export", "cup", "--output", file],
    ]) {
      const r = await runBinary(args, source);
      expect(r.code, r.stderr).toBe(0);
    }
    // The tournament is there in each target, without its participants.
    for (const signal of ["SIGTERM", "SIGHUP"]) {
      const args = ["tournament", "create", "--name", "Cup", "--url", "cup"];
      const r = await runBinary(args, binaryEnv(join(dir, signal)));
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("tournament import stopped by %s: exit %i kept, no 'done:'", async (signal, code) => {
    const env = {
      ...binaryEnv(join(dir, signal)),
      NODE_OPTIONS: `--require ${probe}`,
    };
    const held = pausedRun(
      ["tournament", "import", file],
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
        "interrupted: stopped between two requests, before its first step; run the same command again to continue: it reads what the target already has and sends nothing twice\n" +
        "error: a late failure\n",
    );
    expect(r.stderr).not.toContain("done:");
    expect(r.code).toBe(code);
    // The write was made: the participants are there.
    const there = await runBinary(
      ["participants", "list", "cup", "--json", "name"],
      binaryEnv(join(dir, signal)),
    );
    expect(there.code, there.stderr).toBe(0);
    expect(JSON.parse(there.stdout)).toEqual([{ name: "Ann" }, { name: "Bob" }]);
  });
});
