/**
 * An embedded `participants bulk-add` on a full disk, as a user meets it: the built CLI runs
 * under `ulimit -f` (the kernel refuses to let its files grow: SQLite reports SQLITE_FULL or
 * SQLITE_IOERR_WRITE, as for ENOSPC). Its chunks share one transaction (Service.transaction),
 * whose error left the service as SQLite's own: "error: database or disk is full" (or "disk
 * I/O error"), where a single `participants add` says what happened and what to do.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

/** The built CLI with its files held to `kib` KiB, `input` on its stdin. */
function runLimited(
  kib: number,
  args: readonly string[],
  input: string,
  env: Record<string, string>,
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const quoted = args.map((a) => `'${a}'`).join(" ");
    const child = spawn(
      "bash",
      ["-c", `ulimit -f ${kib}; exec "${process.execPath}" "${BIN}" ${quoted}`],
      { env, stdio: ["pipe", "pipe", "pipe"] },
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
    child.stdin.end(input);
  });
}

describe.runIf(BUILT)("bulk-add on a full disk", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-full-"));
  const env = { ...binaryEnv(dir), HOME: join(dir, "home") };
  const db = join(dir, "data", "tourney.db");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("says the change could not be saved and why, and adds nobody", async () => {
    mkdirSync(env.HOME, { recursive: true });
    const made = await runBinary(["tournament", "create", "--name", "Cup", "--url", "cup"], env);
    expect(made.code, made.stderr).toBe(0);
    const names = Array.from(
      { length: 3000 },
      (_, i) => `A fairly long participant name number ${i + 1}`,
    );
    const kib = Math.ceil(statSync(db).size / 1024) + 64;
    const added = await runLimited(
      kib,
      ["participants", "bulk-add", "cup"],
      `${names.join("\n")}\n`,
      env,
    );
    expect(added.code).toBe(1);
    // EFBIG (this limit) comes back from SQLite as SQLITE_IOERR_WRITE, ENOSPC as SQLITE_FULL.
    expect(added.stderr.trim()).toMatch(
      /^error: the change could not be saved: (the disk holding the database is full|writing the database file failed \(is its disk full, or failing\?\)) \[SQLITE_(FULL|IOERR\w*): [^\]]+\]; nothing of it was saved; (make room on it|send the change again once it has room)/,
    );
    expect(added.stderr).not.toContain("hint:");
    const listed = await runBinary(["participants", "list", "cup", "--json"], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });
});
