/**
 * Standard output that cannot take the result (issue 28, H4 point 2): the built binary with
 * its stdout on /dev/full (every write fails with ENOSPC). A write whose result could not
 * be printed exits 8 and says first that the change was made (it exited 1 with Node's
 * "ENOSPC: no space left on device, write", the tournament made: a script would make it
 * again); a read exits 1 with a message naming standard output.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

/** The binary with its stdout on /dev/full; its exit code and stderr. */
function intoFull(args: readonly string[], env: Record<string, string>) {
  const full = openSync("/dev/full", "w");
  return new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", full, "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr }));
  }).finally(() => closeSync(full));
}

const LOST = "could not write to standard output: no space left on device (ENOSPC)";

describe.runIf(BUILT && existsSync("/dev/full"))("stdout on a full device", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-e2e-stdout-full-"));
  const env = binaryEnv(home);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("a write: exit 8, the change said to be done, then the failure", async () => {
    const r = await intoFull(["tournament", "create", "--name", "Full Cup"], env);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toBe(
      "done: the change was made (POST /v2.1/tournaments (201)); do not run the command again\n" +
        `error: printing its result failed: ${LOST}\n`,
    );
    const listed = await runBinary(["tournament", "list", "--json", "name"], env);
    expect(JSON.parse(listed.stdout)).toEqual([{ name: "Full Cup" }]);
    const updated = await intoFull(["tournament", "update", "full_cup", "--name", "Cup"], env);
    expect(updated.code, updated.stderr).toBe(8);
    expect(updated.stderr).toMatch(/^done: the change was made \(PUT \/v2\.1\/tournaments\//);
  });

  it("a publish to another profile: exit 8, its writes there said done (review I #4: exit 1)", async () => {
    const db = join(home, "lan.db");
    expect((await runBinary(["profile", "add", "lan", "--db", db], env)).code).toBe(0);
    expect((await runBinary(["tournament", "create", "--name", "Pub Cup"], env)).code).toBe(0);
    const r = await intoFull(["tournament", "publish", "pub_cup", "--to", "lan", "--json"], env);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toBe(
      "done: the change was made (POST /v2.1/tournaments (201)); do not run the command again\n" +
        `error: printing its result failed: ${LOST}\n`,
    );
    const there = await runBinary(["--profile", "lan", "tournament", "list", "--json", "url"], env);
    expect(JSON.parse(there.stdout)).toEqual([{ url: "pub_cup" }]);
  });

  it.each([
    [["tournament", "list"]],
    [["tournament", "list", "--json"]],
    [["tournament", "view", "full_cup", "--json"]],
    [["tournament", "list", "--jq", ".[].name"]],
    [["--version"]],
    [["help", "exit-codes"]],
  ])("a read (%j): exit 1 naming standard output", async (args) => {
    const r = await intoFull(args, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: ${LOST}\n`);
  });
});
