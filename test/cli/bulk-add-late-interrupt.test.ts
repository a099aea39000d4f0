/**
 * Ctrl-C while the embedded bulk add commits or prints (synchronous work: the signal waits
 * for a turn of the event loop) is reported as a late interrupt, exit 130 saying every
 * participant was added. It reached the command's listener only after the listener was
 * gone, and the binary's own handler exited 130 saying nothing, with all of them added.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** The embedded transport, with a real SIGINT sent to this process as its transaction commits. */
async function interruptedAtCommit(): Promise<Transport> {
  const real = createInProcessTransport({ dbPath });
  return {
    ...real,
    transaction: async (fn) => {
      const result = await real.transaction!(fn);
      process.kill(process.pid, "SIGINT");
      return result;
    },
  };
}

describe("participants bulk-add on the embedded backend", () => {
  it("says the add completed when Ctrl-C comes as it commits, exit 130", async () => {
    const created = await sandbox.run(["tournament", "create", "--name", "Cup", "--type", "swiss"]);
    expect(created.code, created.stderr).toBe(0);
    // The signal's own listener for this test: the command's is gone once it returns.
    const seen: number[] = [];
    const guard = () => seen.push(1);
    process.on("SIGINT", guard);
    try {
      const names = Array.from({ length: 50 }, (_, i) => `Player ${i + 1}`).join("\n");
      const r = await sandbox.run(["participants", "bulk-add", "cup"], {
        stdin: names,
        makeTransport: interruptedAtCommit,
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen.length).toBe(1);
      expect(r.stderr).toContain(
        "interrupted after the add had completed: all 50 participants were added; nothing was undone",
      );
      // Nothing that says otherwise (the listener's "undoing what this run added").
      expect(r.stderr).not.toMatch(/undoing/);
      expect(r.code).toBe(130);
    } finally {
      process.off("SIGINT", guard);
    }
    const db = new Database(dbPath, { readonly: true });
    expect(db.prepare("SELECT participants_count FROM tournaments").pluck().get()).toBe(50);
    expect(db.prepare("SELECT COUNT(*) FROM participants").pluck().get()).toBe(50);
    db.close();
  });
});
