/**
 * Standard output on a terminal that has gone (its pty's other side closed: every write
 * fails with EIO), through the built binary. As on a full disk (stdout-full.test.ts): a
 * write whose result could not be printed exits 8 saying first that the change was made, a
 * read exits 1 naming standard output. Before, the stream's 'error' listener threw: Node's
 * uncaught exception (a line of the bundle and the stack) and exit 1, also after a write.
 * Node cannot open a pty: python3's pty module opens it for the run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

/** Runs argv[1:] with stdout on a pty whose other side is closed; stderr passed through. */
const ON_GONE_TERMINAL = `
import os, pty, subprocess, sys
master, slave = pty.openpty()
os.close(master)
sys.exit(subprocess.run(sys.argv[1:], stdout=slave, stdin=subprocess.DEVNULL).returncode)
`;

const python = spawnSync("python3", ["-c", "import pty"]).status === 0;

function onGoneTerminal(args: readonly string[], env: Record<string, string>) {
  const run = spawnSync("python3", ["-c", ON_GONE_TERMINAL, process.execPath, BIN, ...args], {
    env,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { code: run.status, stderr: run.stderr };
}

const LOST = "could not write to standard output: i/o error (EIO)";

describe.runIf(BUILT && python && process.platform === "linux")("stdout on a gone terminal", () => {
  const home = mkdtempSync(join(tmpdir(), "tourney-e2e-stdout-tty-"));
  const env = binaryEnv(home);
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("a write: exit 8, the change said to be done, then the failure", async () => {
    const r = onGoneTerminal(["tournament", "create", "--name", "Gone Cup"], env);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toBe(
      "done: the change was made (POST /v2.1/tournaments (201)); do not run the command again\n" +
        `error: printing its result failed: ${LOST}\n`,
    );
    const listed = await runBinary(["tournament", "list", "--json", "name"], env);
    expect(JSON.parse(listed.stdout)).toEqual([{ name: "Gone Cup" }]);
  });

  it.each([
    [["tournament", "list"]],
    [["tournament", "view", "gone_cup", "--json"]],
    [["tournament", "list", "--jq", ".[].name"]],
    [["--version"]],
  ])("a read (%j): exit 1 naming standard output", (args) => {
    const r = onGoneTerminal(args, env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: ${LOST}\n`);
  });
});
