/**
 * End to end: Ctrl-C (SIGINT), or SIGHUP (its terminal closed), to `tourney serve` while
 * clients hold connections open: one with nothing sent, one with half a request, an event
 * stream. Before, serve closed only
 * idle connections and waited for these (server.close() also stops the check that would
 * answer the first two 408), silently, until the clients gave up: this test timed out.
 * Now it says what it waits for, cuts them after a short grace and exits 0.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { BUILT, binaryEnv, runBinary, startServe } from "../helpers/binary.js";

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
  for (const signal of ["SIGINT", "SIGHUP", "SIGTERM"] as const)
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

/**
 * serve's exit codes on a stop (review J #7): 0 for a graceful stop, as the help and the
 * README's exit-code table say (an exception to 130/143), and 130 for a second Ctrl-C.
 */
describe.runIf(BUILT)("serve's exit code on a stop, as its help says", () => {
  const dir = mkdtempSync(join(tmpdir(), "tourney-e2e-serve-stop-code-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("says 0 for a graceful stop and 130 for a second Ctrl-C; a second Ctrl-C exits 130", async () => {
    const env = binaryEnv(dir);
    const help = await runBinary(["serve", "--help"], env);
    expect(help.stdout.replace(/\s+/g, " ")).toContain(
      "a stop on request (Ctrl-C, SIGTERM, SIGHUP) that ends gracefully exits 0",
    );
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(readme.replace(/\s+/g, " ")).toContain("`tourney serve` stopped on request");
    const { port, child } = await startServe(["--db", join(dir, "served.db")], env);
    onTestFinished(() => {
      if (child.exitCode === null) child.kill("SIGKILL");
    });
    await held(port, ""); // held open: the stop waits its grace, and a second Ctrl-C comes in it
    let stderr = "";
    const waiting = new Promise<void>((done) =>
      child.stderr!.on("data", (d) => {
        stderr += d;
        if (stderr.includes("Stopping: waiting")) done();
      }),
    );
    const exited = new Promise<number | null>((done) => child.on("close", (code) => done(code)));
    child.kill("SIGINT");
    await waiting;
    child.kill("SIGINT");
    expect(await exited, stderr).toBe(130);
  }, 30_000);
});
