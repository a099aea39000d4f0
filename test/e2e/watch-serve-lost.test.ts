/**
 * End to end: `tourney watch` through a remote profile while its `serve` goes away and
 * comes back on the same port. Stderr says the connection was lost and that it is
 * reconnecting, then that it reconnected; the events after that come on stdout as before,
 * which holds nothing but them (NDJSON). Before, the watch went silent: nothing was said
 * while it waited, however long, nor when it resumed.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { captured, serveAgain, stopAll, until, watch } from "../helpers/watch-process.js";

describe.runIf(BUILT)("watch through a remote profile, serve gone and back", () => {
  let sb: ServedSandbox;
  let again: ChildProcess | undefined;
  beforeAll(async () => {
    sb = await servedSandbox("watch-lost");
  }, 60_000);
  afterAll(async () => {
    // Whichever serve is still running (the first too, should the test have failed early).
    await stopAll([sb.served.child, again]);
    rmSync(sb.dir, { recursive: true, force: true });
  });

  it("says on stderr that the connection was lost, then that it reconnected", async () => {
    const create = ["tournament", "create", "--name", "Cup", "--url", "cup", "--type", "swiss"];
    expect((await runBinary(create, sb.remote)).code).toBe(0);
    const added = await runBinary(["participants", "bulk-add", "cup"], sb.remote, "A\nB\nC\nD\n");
    expect(added.code, added.stderr).toBe(0);

    const watching = watch(sb.remote, "cup", "--json");
    const { stdout, stderr } = captured(watching.child);
    await watching.ready;
    const base = `http://127.0.0.1:${sb.served.port}`;

    expect(await sb.served.stop()).toBe(0);
    await until(
      stderr,
      `connection to ${base} lost; reconnecting (Ctrl-C stops)\n`,
      watching.child,
    );
    expect(stderr()).not.toContain("reconnected");

    // serve again, on the same port and database.
    again = await serveAgain(sb.served.port, sb.servedDb, sb.local);
    await until(stderr, `reconnected to ${base}\n`, watching.child);

    const started = await runBinary(["tournament", "start", "cup"], sb.remote);
    expect(started.code, started.stderr).toBe(0);
    await until(stdout, '"type":"match.opened"', watching.child);
    for (const line of stdout().trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();

    watching.child.kill("SIGINT");
    expect((await watching.done).code).toBe(130);
  }, 90_000);
});
