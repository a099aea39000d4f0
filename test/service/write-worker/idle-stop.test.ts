/**
 * serve's write worker stops once idle (issue 24): its heap holds the rows of the
 * tournament it last started (about 140 MB at 50,000 players) until its thread ends, so
 * it is stopped IDLE_MS (3 s) after its last reply rather than a minute, and started
 * again by the next heavy write. Runs the built worker (dist/write-worker.cjs) on a
 * database file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { openService } from "../../../src/service/index.js";
import { IDLE_MS, WriteWorker } from "../../../src/service/write-worker/client.js";

const dir = mkdtempSync(join(tmpdir(), "tourney-worker-idle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Resolves once `done()` holds (checked every 20 ms); the test's own timeout bounds it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(20);
}

describe("the write worker", () => {
  it("stops a few seconds after its last reply, not a minute", () => {
    expect(IDLE_MS).toBeLessThanOrEqual(5_000);
  });

  it("stops once idle, and starts again for the next request", async () => {
    const dbPath = join(dir, "t.db");
    (await openService({ dbPath })).close();
    const worker = WriteWorker.of({ options: { dbPath } }, 100)!;
    expect(worker).toBeDefined();
    expect(worker.running).toBe(false);
    const asked = { method: "GET" as const, path: "/v2.1/tournaments", headers: {} };
    expect((await worker.run(asked)).status).toBe(200);
    expect(worker.running).toBe(true);
    await until(() => !worker.running);
    expect((await worker.run(asked)).status).toBe(200);
    expect(worker.running).toBe(true);
    await worker.close();
    expect(worker.running).toBe(false);
  }, 60_000);
});
