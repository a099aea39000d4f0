/**
 * End to end: a write command while another process holds the database's write lock (here
 * the test process: BEGIN IMMEDIATE on its own connection, held until the command ends).
 * The command waits for the lock (5 s) in slices a Ctrl-C can come between
 * (client/lock-wait.ts): SIGINT during the wait exits 130 with nothing written, while the
 * lock is still held (SQLite's single 5 s wait blocked the event loop, and the command exited
 * 1 once it was over). Past the wait: exit 1 naming the file, said once (a PUT was sent three
 * times, each waiting 5 s).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** Milliseconds from the SIGINT to the exit. */
  readonly afterSignalMs: number;
}

/**
 * Runs the binary with --verbose and sends it SIGINT 400 ms after its request line is on
 * stderr: well inside the 5 s wait, after its first slice.
 */
function interruptedWaiting(
  args: readonly string[],
  env: Record<string, string>,
  line: string,
): Promise<Ended> {
  const child = spawn(process.execPath, [BIN, ...args, "--verbose"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  let signalledAt: number | undefined;
  child.stderr!.on("data", (d) => {
    stderr += d;
    if (signalledAt === undefined && stderr.includes(line)) {
      signalledAt = Number.POSITIVE_INFINITY;
      setTimeout(() => {
        signalledAt = performance.now();
        child.kill("SIGINT");
      }, 400);
    }
  });
  return new Promise((done) =>
    child.on("close", (code, signal) => {
      const afterSignalMs = performance.now() - (signalledAt ?? Number.NaN);
      done({ code, signal, stderr, afterSignalMs });
    }),
  );
}

/** A bound far from the 5 s wait (not a measure of speed): the wait did not run its course. */
const BEFORE_THE_WAIT_ENDS_MS = 3000;

describe.runIf(BUILT)("a command waiting for another process's lock", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-lock-"));
  const env = binaryEnv(dir);
  const dbPath = join(env.TOURNEY_DATA_DIR!, "tourney.db");
  const held: Database.Database[] = [];
  /** Another connection (of this process) holding the write lock, until `ROLLBACK`. */
  const hold = (exclusive = false) => {
    const holder = new Database(dbPath);
    held.push(holder);
    if (exclusive) holder.pragma("locking_mode = EXCLUSIVE");
    holder.exec(exclusive ? "BEGIN EXCLUSIVE" : "BEGIN IMMEDIATE");
    // Written in the transaction: an exclusive lock takes the file from readers too.
    holder.prepare("UPDATE tournaments SET name = name").run();
    return holder;
  };

  beforeAll(async () => {
    const made = await runBinary(["tournament", "create", "--name", "Cup"], env);
    expect(made.code, made.stderr).toBe(0);
  });
  afterAll(() => {
    for (const holder of held) if (holder.open) holder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = (holder: Database.Database) =>
    (holder.prepare("SELECT name FROM tournaments ORDER BY id").pluck().all() as string[]).join();

  it("exits 130 on Ctrl-C during the wait, the lock still held, nothing written", async () => {
    const holder = hold();
    try {
      const ended = await interruptedWaiting(
        ["tournament", "create", "--name", "Late"],
        env,
        "> POST /v2.1/tournaments",
      );
      expect(holder.inTransaction).toBe(true); // held all along: the command did not get it
      holder.exec("ROLLBACK");
      expect(ended.signal).toBe(null);
      expect(ended.code, ended.stderr).toBe(130);
      expect(ended.afterSignalMs).toBeLessThan(BEFORE_THE_WAIT_ENDS_MS);
      expect(ended.stderr).not.toMatch(/error|done|interrupted after/);
      expect(names(holder)).toBe("Cup");
    } finally {
      holder.close();
    }
  }, 15_000);

  it("a bulk add (its own Ctrl-C listener) stops waiting for its transaction: 130, nothing added", async () => {
    const holder = hold();
    try {
      // Its list of the participants first (reads wait for no writer), then the transaction's wait.
      const ended = await interruptedWaiting(
        ["participants", "bulk-add", "cup", "Ada"],
        env,
        "< 200",
      );
      expect(holder.inTransaction).toBe(true);
      holder.exec("ROLLBACK");
      expect(ended.code, ended.stderr).toBe(130);
      expect(ended.afterSignalMs).toBeLessThan(BEFORE_THE_WAIT_ENDS_MS);
      expect(ended.stderr).toMatch(/\ninterrupted: nothing was added\n$/);
      expect(holder.prepare("SELECT COUNT(*) FROM participants").pluck().get()).toBe(0);
    } finally {
      holder.close();
    }
  }, 15_000);

  /** An import or publish (their own Ctrl-C listener) whose first write waits for `holder`'s lock. */
  async function transferInterrupted(args: readonly string[], holder: Database.Database) {
    try {
      const ended = await interruptedWaiting(args, env, "> POST /v2.1/tournaments");
      expect(holder.inTransaction).toBe(true);
      holder.exec("ROLLBACK");
      expect(ended.code, ended.stderr).toBe(130);
      expect(ended.afterSignalMs).toBeLessThan(BEFORE_THE_WAIT_ENDS_MS);
      expect(ended.stderr).toMatch(
        /\ninterrupted: stopped between two requests, after "creating tournament [a-z0-9]+", while the next waited for another process's lock on the database; run the same command again to continue: [^\n]*\n$/,
      );
      expect(ended.stderr).not.toMatch(/error:|locked by another process/);
      return holder.prepare("SELECT COUNT(*) FROM tournaments").pluck().get();
    } finally {
      holder.close();
    }
  }

  it("an import's first Ctrl-C ends its wait: 130 saying to run it again, nothing written", async () => {
    const exported = await runBinary(["tournament", "export", "cup"], env);
    expect(exported.code, exported.stderr).toBe(0);
    const file = join(dir, "cup2.json");
    writeFileSync(file, exported.stdout.replaceAll('"cup"', '"cup2"'));
    const holder = hold();
    expect(await transferInterrupted(["tournament", "import", file], holder)).toBe(1);
  }, 15_000);

  it("a publish's first Ctrl-C ends its wait for the target's lock: 130, nothing written", async () => {
    const other = join(dir, "other.db");
    const added = await runBinary(["profile", "add", "other", "--db", other], env);
    expect(added.code, added.stderr).toBe(0);
    expect((await runBinary(["tournament", "list", "--profile", "other"], env)).code).toBe(0);
    const holder = new Database(other);
    held.push(holder);
    holder.exec("BEGIN IMMEDIATE");
    const args = ["tournament", "publish", "cup", "--to", "other"];
    expect(await transferInterrupted(args, holder)).toBe(0);
  }, 15_000);

  it("a list behind an exclusive lock (reads wait too) exits 130 on Ctrl-C", async () => {
    const holder = hold(true);
    try {
      const ended = await interruptedWaiting(
        ["tournament", "list"],
        env,
        "> GET /v2.1/tournaments",
      );
      expect(ended.code, ended.stderr).toBe(130);
      expect(ended.afterSignalMs).toBeLessThan(BEFORE_THE_WAIT_ENDS_MS);
    } finally {
      holder.close();
    }
  }, 15_000);

  it("past the wait exits 1 once, naming the file, nothing written", async () => {
    const holder = hold();
    try {
      const started = await runBinary(["tournament", "start", "cup"], env);
      expect(holder.inTransaction).toBe(true);
      holder.exec("ROLLBACK");
      expect(started.code).toBe(1);
      expect(started.stderr).toBe(
        `error: the database ${dbPath} is locked by another process (waited 5 s): another tourney command or \`tourney serve\` writing to it, or a program holding a transaction open; nothing was changed by this request\n` +
          "hint: run the command again once that process is done\n",
      );
      expect(holder.prepare("SELECT state FROM tournaments").pluck().all()).toEqual(["pending"]);
    } finally {
      holder.close();
    }
  }, 30_000);
});
