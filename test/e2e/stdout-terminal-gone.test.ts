/**
 * Standard output on a terminal that has gone (its pty's other side closed: every write
 * fails with EIO), through the built binary. As on a full disk (stdout-full.test.ts): a
 * write whose result could not be printed exits 8 saying first that the change was made, a
 * read exits 1 naming standard output. Before, the stream's 'error' listener threw: Node's
 * uncaught exception (a line of the bundle and the stack) and exit 1, also after a write.
 * A terminal that hangs up after the command started (Node saw a terminal) made Node abort
 * at its exit, restoring the terminal's settings (SIGABRT, 134) once the command had said
 * all. Node cannot open a pty: python3's pty module opens it for the run.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * Runs argv[2:] with stdout on a pty that hangs up once the command has started (Node saw a
 * terminal there): when it waits for stdin (its main thread in epoll_wait), the pty's other
 * side is closed, then the file argv[1] is given on stdin.
 */
const HANGS_UP_AFTER_START = `
import os, pty, subprocess, sys, time
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[2:], stdout=slave, stdin=subprocess.PIPE)
for _ in range(2000):
    with open(f"/proc/{child.pid}/wchan") as wchan:
        if wchan.read() == "do_epoll_wait":
            break
    time.sleep(0.01)
os.close(master)
with open(sys.argv[1], "rb") as doc:
    child.communicate(doc.read())
sys.exit(child.returncode if child.returncode >= 0 else 128 - child.returncode)
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

  it("a terminal that hangs up while the command runs: exit 8, not Node's abort at exit (134)", async () => {
    const made = await runBinary(["tournament", "create", "--name", "Hang Cup"], env);
    expect(made.code, made.stderr).toBe(0);
    const exported = await runBinary(["tournament", "export", "hang_cup"], env);
    const file = join(home, "later.json");
    writeFileSync(file, exported.stdout.replaceAll('"hang_cup"', '"later_cup"'));
    const args = [file, process.execPath, BIN, "tournament", "import", "-"];
    const run = spawnSync("python3", ["-c", HANGS_UP_AFTER_START, ...args], {
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).not.toContain("ResetStdio");
    expect(run.status, run.stderr).toBe(8);
    expect(run.stderr.startsWith("done: the change was made (POST /v2.1/tournaments (201)")).toBe(
      true,
    );
    expect(run.stderr.endsWith(`\nerror: printing its result failed: ${LOST}\n`)).toBe(true);
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
