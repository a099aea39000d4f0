/**
 * End to end: Ctrl-C (SIGINT), or SIGHUP (its terminal closed), to `tourney serve` while
 * clients hold connections open: one with nothing sent, one with half a request, an event
 * stream. Before, serve closed only
 * idle connections and waited for these (server.close() also stops the check that would
 * answer the first two 408), silently, until the clients gave up: this test timed out.
 * Now it says what it waits for, cuts them after a short grace and exits 0.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { BUILT, binaryEnv, startServe } from "../helpers/binary.js";

/** A connection to `port` that has received `until` (or at once), and a promise of its close. */
async function held(port: number, send: string, until?: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  let received = "";
  const closed = new Promise<void>((done) => socket.on("close", () => done()));
  socket.on("error", () => {});
  await new Promise<void>((done) => socket.once("connect", () => done()));
  const arrived = new Promise<void>((done) => {
    if (until === undefined) done();
    socket.on("data", (d) => {
      received += d;
      if (until !== undefined && received.includes(until)) done();
    });
  });
  if (send !== "") socket.write(send);
  await arrived;
  return { closed, received: () => received };
}

describe.runIf(BUILT)("serve stopped while clients hold connections", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-serve-stop-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // SIGHUP is its terminal closing: before, serve ended at once (killed by it), nothing said.
  for (const signal of ["SIGINT", "SIGHUP"] as const)
    it(`${signal}: says what it waits for, cuts the connections after a grace, exits 0`, async () => {
      const env = binaryEnv(dir);
      const served = await startServe(["--db", join(dir, `served-${signal}.db`)], env);
      const { port, apiKey, child } = served;
      // A failed assertion leaves no serve behind.
      onTestFinished(() => {
        if (child.exitCode === null) child.kill("SIGKILL");
      });
      const create = await fetch(`http://127.0.0.1:${port}/v2.1/tournaments`, {
        method: "POST",
        headers: { authorization: apiKey, "content-type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "tournament",
            attributes: { name: "Cup", url: "cup", tournament_type: "single elimination" },
          },
        }),
      });
      expect(create.status).toBeLessThan(300);

      const idle = await held(port, "");
      const half = await held(port, "GET /v2.1/tournaments HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      const stream = await held(
        port,
        "GET /tournaments/cup/bracket/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        ": watching",
      );
      let stderr = "";
      child.stderr!.on("data", (d) => {
        stderr += d;
      });
      const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
      child.kill(signal);
      expect(await exited, stderr).toBe(0);
      // The stream, its backlog written, ended at once; the other two waited for.
      expect(stderr).toContain(
        "Stopping: waiting for 2 open connections; closing the connections in 1.5 s (Ctrl-C again: at once)\n",
      );
      // Every connection was closed by serve: the test never closed one.
      await Promise.all([idle.closed, half.closed, stream.closed]);
      expect(idle.received()).toBe("");
      expect(stream.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(stream.received()).toMatch(/\r\n0\r\n\r\n$/); // ended, not cut
    }, 30_000);
});
