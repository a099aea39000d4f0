/**
 * Ctrl-C in the middle of an embedded bulk add (one transaction, several requests of 1,000
 * names): it is rolled back whole, exit 130, nothing added, and what stderr says is true of
 * that. Before, the listener said the remote add's "undoing what this run added (Ctrl-C
 * again to stop undoing)", though there is nothing to undo.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { createInProcessTransport } from "../../src/client/in-process-transport.js";
import type { Transport } from "../../src/client/transport.js";
import { createSandbox } from "../helpers/cli.js";

const sandbox = createSandbox();
const dbPath = join(sandbox.env.TOURNEY_DATA_DIR!, "tourney.db");
afterAll(() => sandbox.cleanup());

/** The embedded transport, with a real SIGINT sent to this process once the first chunk is in. */
async function interruptedAfterFirstChunk(): Promise<Transport> {
  const real = createInProcessTransport({ dbPath });
  let sent = false;
  return {
    ...real,
    send: async (request, stop) => {
      const response = await real.send(request, stop);
      if (!sent && request.path.includes("bulk_add")) {
        sent = true;
        process.kill(process.pid, "SIGINT");
      }
      return response;
    },
  };
}

it("embedded: Ctrl-C mid-add rolls the transaction back and says so, not 'undoing'", async () => {
  const created = await sandbox.run(["tournament", "create", "--name", "Cup", "--type", "swiss"]);
  expect(created.code, created.stderr).toBe(0);
  // A listener of the test's own keeps the signal from ending the test run.
  const guard = () => {};
  process.on("SIGINT", guard);
  try {
    const names = Array.from({ length: 2500 }, (_, i) => `Player ${i + 1}`).join("\n");
    const r = await sandbox.run(["participants", "bulk-add", "cup"], {
      stdin: names,
      makeTransport: interruptedAfterFirstChunk,
    });
    expect(r.stderr).toContain(
      "Interrupted: sending no more; the add is one transaction: rolling it back, nothing of this run is kept\n",
    );
    expect(r.stderr).not.toMatch(/undoing|undo/);
    expect(r.code, r.stderr).toBe(130);
  } finally {
    process.off("SIGINT", guard);
  }
  const db = new Database(dbPath, { readonly: true });
  expect(db.prepare("SELECT COUNT(*) FROM participants").pluck().get()).toBe(0);
  db.close();
});
