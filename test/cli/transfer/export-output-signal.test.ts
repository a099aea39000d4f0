/**
 * A signal in the middle of `tournament export --output FILE` (the built binary, a real child
 * process): FILE is the old one or the whole document, never cut off, and no partial file is
 * left. The moment is made certain, not timed: strace holds the child's rename of its partial
 * file onto FILE for a few seconds (its syscall fault injection, delay_enter; the partial
 * file's name is the write's own, output-target.ts), and the signal is sent once a partial
 * file exists. Before, SIGTERM and SIGHUP killed the child there and left the partial file
 * (held-signals.ts); Ctrl-C was already held (main.ts). Skipped where
 * strace cannot trace (not installed, or ptrace refused in a container).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BIN } from "../../helpers/binary.js";
import { createSandbox, type Sandbox } from "../../helpers/cli.js";
import { ok } from "../../helpers/cli-tournament.js";

/** Whether strace runs and may trace here (its log in a folder of its own, removed after). */
function canTrace(): boolean {
  const dir = mkdtempSync(join(tmpdir(), "tourney-strace-"));
  try {
    return spawnSync("strace", ["-f", "-qq", "-o", join(dir, "log"), "true"]).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const traceable = canTrace();

let sb: Sandbox;
let out: string;
let child: ChildProcess | undefined;
beforeEach(async () => {
  sb = createSandbox();
  out = join(sb.dir, "out");
  mkdirSync(out);
  ok(await sb.run(["tournament", "create", "--name", "Cup"]));
  ok(await sb.run(["participants", "bulk-add", "cup", "Ada", "Bea", "Cy", "Dee"]));
});
afterEach(() => {
  child?.kill("SIGKILL");
  sb.cleanup();
});

/** The contents of a /proc file, or "" once the process is gone. */
const proc = (...path: string[]) => {
  try {
    return readFileSync(join("/proc", ...path), "utf8");
  } catch {
    return "";
  }
};

/** The pid of the traced tourney process: strace's child running it (strace forks others to test ptrace). */
async function tracee(strace: number): Promise<number> {
  for (;;) {
    const children = proc(String(strace), "task", String(strace), "children").split(" ");
    // Its own forks run strace's command line; the tracee runs node's.
    const pid = children.find((p) => proc(p.trim(), "cmdline").split("\0")[1] === BIN);
    if (pid !== undefined) return Number(pid);
    await sleep(10);
  }
}

/** Exports cup to FILE under strace, sends `signal` during its first write there; the outcome. */
async function signalledMidWrite(signal: NodeJS.Signals) {
  const file = join(out, "cup.json");
  writeFileSync(file, "OLD");
  // The partial file's name is the write's own (output-target.ts): its rename onto FILE, the
  // export's one rename, is held instead (strace's -P does not match a rename's target).
  const renames = "rename,renameat,renameat2";
  const args = ["-f", "-qq", "-o", join(sb.dir, "strace.log"), "-e", `trace=${renames}`];
  const held = ["-e", `inject=${renames}:delay_enter=3000000`];
  const command = [process.execPath, BIN, "tournament", "export", "cup", "--output", file];
  child = spawn("strace", [...args, ...held, ...command], {
    env: sb.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += d;
  });
  const closed = new Promise<void>((done) => child!.on("close", () => done()));
  const pid = await tracee(child.pid!);
  while (!readdirSync(out).some((f) => f.endsWith(".partial"))) await sleep(10);
  process.kill(pid, signal);
  await closed;
  const text = readFileSync(file, "utf8");
  return { files: readdirSync(out), whole: text !== "OLD" && JSON.parse(text).format, stderr };
}

for (const signal of ["SIGTERM", "SIGHUP", "SIGINT"] as const)
  it.skipIf(!traceable)(
    `${signal} during the write: FILE whole, no FILE.partial left`,
    async () => {
      const r = await signalledMidWrite(signal);
      expect(r.files, r.stderr).toEqual(["cup.json"]);
      expect(r.whole).toBe("tourney.tournament");
    },
    30_000,
  );
