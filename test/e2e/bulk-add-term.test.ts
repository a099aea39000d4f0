/**
 * End to end: SIGTERM in the middle of an embedded bulk add (one transaction, the loop given a
 * turn between its chunks, bulk-add.ts): it stops and rolls the add back as Ctrl-C does,
 * saying so ("nothing was added"), exit 143, and nothing says a change was made. The writes
 * of a transaction are told only once it commits (write-log.ts): with SIGTERM handled as
 * Ctrl-C is (main.ts), the chunks answered so far were told as made ("interrupted after the
 * change was made (POST .../bulk_add (200) ...)") and none was kept. Before bulk-add.ts
 * listened to SIGTERM itself, the exit rolled it back without a word.
 * The moment to signal is found by asking for the database's write lock, as
 * start-interrupt.test.ts does, never by sleeping.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { BIN, BUILT, binaryEnv, runBinary } from "../helpers/binary.js";

const NAMES = 20_000;

describe.runIf(BUILT)("an embedded bulk add stopped by SIGTERM", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-bulk-term-"));
  const env = binaryEnv(dir);
  const db = join(env.TOURNEY_DATA_DIR!, "tourney.db");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("exits 143; says a change was made only when it was", async () => {
    expect((await runBinary(["tournament", "create", "--name", "Cup"], env)).code).toBe(0);
    const child = spawn(process.execPath, [BIN, "participants", "bulk-add", "cup"], {
      env,
      stdio: ["pipe", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d) => {
      stderr += d;
    });
    const closed = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    child.stdin!.end(Array.from({ length: NAMES }, (_, i) => `Name ${i + 1}`).join("\n"));
    const probe = new Database(db, { timeout: 0 });
    const writing = () => {
      try {
        probe.exec("BEGIN IMMEDIATE");
        probe.exec("ROLLBACK");
        return false;
      } catch (error) {
        if ((error as { code?: unknown }).code === "SQLITE_BUSY") return true;
        throw error;
      }
    };
    let inTransaction = false;
    for (let poll = 0; poll < 6000 && child.exitCode === null && !inTransaction; poll++) {
      inTransaction = writing();
      if (!inTransaction) await new Promise((r) => setTimeout(r, 5));
    }
    probe.close();
    expect(inTransaction, "the add never took the write lock").toBe(true);
    child.kill("SIGTERM");
    expect(await closed, stderr).toBe(143);
    const check = new Database(db, { readonly: true });
    const count = check.prepare("SELECT COUNT(*) FROM participants").pluck().get();
    check.close();
    if (count === 0) {
      expect(stderr).toBe(
        "Interrupted: sending no more; the add is one transaction: rolling it back, nothing of this run is kept\ninterrupted: nothing was added\n",
      );
      return;
    }
    // The signal came at the last chunk's turn or later: committed, and said so.
    expect(count).toBe(NAMES);
    expect(stderr).toMatch(
      /^interrupted after the add had completed: all 20000 participants were added; nothing was undone$/m,
    );
  });
});
