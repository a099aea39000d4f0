/**
 * A body over 1 MiB sent at once by fetch to the built `serve` (its own process): the 413
 * reaches the client, not a reset. serve answers it as soon as the Content-Length says too
 * much and reads at most 1 MiB more, then stops reading until it closes the connection
 * (http-refusals.ts answerThenClose). Closing it at that bound (4181c7e) reset uploads still
 * under way: fetch threw EPIPE for 7 of 36 such requests here, before reading the 413 it
 * had been sent; every one of them gets the 413 now.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, type Served, startServe } from "../helpers/binary.js";
import { sandboxEnv } from "../helpers/served-sandbox.js";

describe.runIf(BUILT)("a body over 1 MiB sent at once to serve", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-body-too-large-"));
  let served: Served;
  beforeAll(async () => {
    served = await startServe(["--db", join(dir, "served.db")], sandboxEnv(dir));
  });
  afterAll(async () => {
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gets the 413 with fetch, 2 to 32 MiB, never a reset", async () => {
    const base = `http://127.0.0.1:${served.port}`;
    for (const mib of [2, 3, 4, 5, 8, 8, 8, 8, 12, 16, 16, 32]) {
      const reply = await fetch(`${base}/v2.1/tournaments`, {
        method: "POST",
        headers: { authorization: served.apiKey, "content-type": "application/vnd.api+json" },
        body: Buffer.alloc(mib * 1024 * 1024, 120),
      });
      expect(reply.status, `${mib} MiB`).toBe(413);
      expect(await reply.json()).toEqual({
        errors: [{ status: 413, detail: "the request body is larger than 1048576 bytes" }],
      });
    }
    const list = await fetch(`${base}/v2.1/tournaments`, {
      headers: { authorization: served.apiKey },
    });
    expect(list.status).toBe(200);
  });
});
