/**
 * Reads on a full disk, as a user meets them: the built CLI and `serve` run under `ulimit -f`
 * (the kernel refuses to let their files grow: SQLite reports SQLITE_FULL or SQLITE_IOERR_*,
 * as for ENOSPC). A read may write: the first connection to a WAL database writes its -shm
 * index, and a GET of a tournament whose check-in window fell due opens it. Before, such a
 * read said "the change could not be saved (the database refused the commit); try again"
 * (nothing was being changed), or "error: disk I/O error" naming no file.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary, startServe } from "../helpers/binary.js";
import { serveLimited } from "../helpers/serve-limited.js";

/** The built CLI with its files held to `kib` KiB. */
function runLimited(kib: number, args: readonly string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const quoted = args.map((a) => `'${a}'`).join(" ");
    const child = spawn(
      "bash",
      ["-c", `ulimit -f ${kib}; exec "${process.execPath}" "${BIN}" ${quoted}`],
      { env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The check-in window of every tournament of `db` opened while nobody looked: the next read opens it. */
function checkInFallsDue(db: string): void {
  const other = new Database(db);
  other.prepare("UPDATE tournaments SET check_in_opens_at = '2020-01-01T00:00:00.000Z'").run();
  other.close();
}

describe.runIf(BUILT)("reads on a full disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-read-full-"));
  const env = { ...binaryEnv(dir), HOME: join(dir, "home") };
  const db = join(dir, "data", "tourney.db");
  let limited: ReturnType<typeof serveLimited> | undefined;
  /** A tournament whose check-in window fell due while nobody looked: its next read opens it. */
  async function checkInDue(name: string, url: string): Promise<void> {
    const when = ["--starts-at", "2030-01-01T10:00:00Z", "--check-in-duration", "30"];
    const made = await runBinary(
      ["tournament", "create", "--name", name, "--url", url, ...when],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    checkInFallsDue(db);
  }
  afterAll(() => {
    limited?.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("the CLI names the database and says how to fix it, exit 1", async () => {
    mkdirSync(env.HOME, { recursive: true });
    const created = await runBinary(
      ["tournament", "create", "--name", "Spring Cup", "--url", "spring_cup"],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    // The first connection writes the -shm index (32 KiB): the disk refuses it.
    const listed = await runLimited(16, ["tournament", "list"], env);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe("");
    expect(listed.stderr).toMatch(
      new RegExp(
        `^error: cannot open the database ${db}: the disk refused a write SQLite makes on opening it \\(${db}-shm, its index, or an upgrade of the file\\) \\(.+ \\[SQLITE_(FULL|IOERR)\\w*\\]\\): is the disk full, or failing\\? Nothing was changed\\n` +
          `hint: make room on the disk holding ${db} \\(or check that it is not failing\\), then run the command again\\n$`,
      ),
    );
  });

  it("the CLI's read that had to write says the data could not be read, exit 1", async () => {
    await checkInDue("Autumn Cup", "autumn_cup");
    // Another connection keeps the -shm index: opening writes nothing, the check-in does.
    const holder = new Database(db);
    try {
      holder.prepare("SELECT count(*) FROM tournaments").get();
      const viewed = await runLimited(0, ["tournament", "view", "autumn_cup"], env);
      expect(viewed.code).toBe(1);
      expect(viewed.stdout).toBe("");
      expect(viewed.stderr).toMatch(
        /^error: the data could not be read: the disk (holding the database is full|refused a write \(is it full, or failing\?\)) and this read had to write \(a check-in window that fell due, a temporary sort\) \[SQLITE_(FULL|IOERR)\w*: .+\]; nothing was changed; (try again once room is made|try again once it has room again \(or is repaired\))\n$/,
      );
      expect(viewed.stderr).not.toContain("could not be saved");
    } finally {
      holder.close();
    }
    // Room made: the same read answers, the check-in opened.
    const again = await runBinary(["tournament", "view", "autumn_cup", "--json", "state"], env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ state: "checking_in" });
  });

  it("the CLI's write on a full disk says what refused it, exit 1, nothing saved", async () => {
    // Another connection keeps the -shm index: opening writes nothing, the write's frames do.
    const holder = new Database(db);
    try {
      holder.prepare("SELECT count(*) FROM tournaments").get();
      const args = ["tournament", "create", "--name", "Summer Cup", "--url", "summer_cup"];
      const made = await runLimited(0, [...args, "--description", "x".repeat(9_000)], env);
      expect(made.code, made.stderr).toBe(1);
      expect(made.stdout).toBe("");
      // Before: "error: the change could not be saved (the database refused the commit); try
      // again", naming no cause (an outside review).
      expect(made.stderr).toMatch(
        /^error: the change could not be saved: (the disk holding the database is full|writing the database file failed \(is its disk full, or failing\?\)) \[SQLITE_(FULL|IOERR)\w*: .+\]; nothing of it was saved; (make room on it|send the change again once it has room)/,
      );
    } finally {
      holder.close();
    }
    const listed = await runBinary(["tournament", "list", "--json", "url"], env);
    expect(JSON.parse(listed.stdout).map((t: { url: string }) => t.url)).not.toContain(
      "winter_cup",
    );
  });

  it("serve answers such a read 503 with Retry-After, and says on its terminal it was a read", async () => {
    const first = await startServe(["--db", db], env);
    await first.stop();
    const key = await runBinary(["serve", "key", "create", "--db", db], env);
    expect(key.code, key.stderr).toBe(0);
    await checkInDue("Winter Cup", "winter_cup");
    const holder = new Database(db);
    try {
      holder.prepare("SELECT count(*) FROM tournaments").get();
      limited = serveLimited(db, 0, env);
      const base = `http://127.0.0.1:${await limited.port}`;
      const headers = { Authorization: key.stdout.trim(), "Authorization-Type": "v1" };
      const answer = await fetch(`${base}/v2.1/tournaments/winter_cup.json`, { headers });
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("30");
      const detail = ((await answer.json()) as { errors: { detail: string }[] }).errors[0]!.detail;
      expect(detail).toMatch(
        /^the data could not be read: the disk .+ and this read had to write \(a check-in window that fell due, a temporary sort\) \[SQLITE_(FULL|IOERR)\w*: .+\]; nothing was changed; (try again once room is made|try again once it has room again \(or is repaired\))$/,
      );
      const said = () =>
        limited!
          .stderr()
          .split("\n")
          .filter((l) => l.startsWith("serve: "));
      // Written before the answer (a pipe: synchronously), read here as its own event.
      await expect.poll(() => said().length, { timeout: 5000 }).toBe(1);
      const lines = said();
      expect(lines[0]).toMatch(
        /^serve: a read could not make the write it needed \(a check-in window that fell due, a temporary sort\): (the disk holding|writing) \S+tourney\.db .*\[SQLITE_(FULL|IOERR)\w*: .*\]; writes answer 503 until this is fixed$/,
      );
    } finally {
      holder.close();
      limited?.child.kill("SIGKILL");
    }
  });

  it("serve's bracket page meeting such a read answers 503, and serve's terminal says so", async () => {
    await checkInDue("Spring Open", "spring_open");
    const holder = new Database(db);
    try {
      holder.prepare("SELECT count(*) FROM tournaments").get();
      limited = serveLimited(db, 0, env);
      const base = `http://127.0.0.1:${await limited.port}`;
      const answer = await fetch(`${base}/tournaments/spring_open/bracket/data.json`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("30");
      const detail = ((await answer.json()) as { errors: { detail: string }[] }).errors[0]!.detail;
      expect(detail).toMatch(/^the data could not be read: the disk .+ nothing was changed; /);
      // Before, the viewer's reads told nobody: the API's alone reached serve's terminal.
      const said = () =>
        limited!
          .stderr()
          .split("\n")
          .filter((l) => l.startsWith("serve: "));
      // Written before the answer (a pipe: synchronously), read here as its own event.
      await expect.poll(() => said().length, { timeout: 5000 }).toBe(1);
      const lines = said();
      expect(lines[0]).toMatch(
        /^serve: a read could not make the write it needed \(a check-in window that fell due, a temporary sort\): .*\[SQLITE_(FULL|IOERR)\w*: .*\]; writes answer 503 until this is fixed$/,
      );
    } finally {
      holder.close();
    }
  });
});
