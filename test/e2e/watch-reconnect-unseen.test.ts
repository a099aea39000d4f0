/**
 * End to end: `tourney watch` through a remote profile that has printed no event yet when its
 * serve goes away; a match is reported meanwhile by the embedded CLI writing the same database
 * file, then serve comes back on the same port. The watch's reconnect has no Last-Event-ID to
 * send, so it asks `?since=` the time it began watching, and the match's completion is printed.
 * Before, it reconnected with neither and serve answered a fresh stream: the event was lost,
 * stdout stayed empty (an outside review's steps).
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { captured, serveAgain, stopAll, until, watch } from "../helpers/watch-process.js";

describe.runIf(BUILT)("watch through serve, reconnecting before it has printed an event", () => {
  let sb: ServedSandbox;
  let again: ChildProcess | undefined;
  beforeAll(async () => {
    sb = await servedSandbox("watch-unseen");
  }, 60_000);
  afterAll(async () => {
    // Whichever serve is still running (the first too, should the test have failed early).
    await stopAll([sb.served.child, again]);
    rmSync(sb.dir, { recursive: true, force: true });
  });

  it("prints the match completed while serve was away", async () => {
    // The served database file as an embedded profile.
    const added = await runBinary(["profile", "add", "srvdb", "--db", sb.servedDb], sb.local);
    expect(added.code, added.stderr).toBe(0);
    const embedded = { ...sb.local, TOURNEY_PROFILE: "srvdb" };
    const create = ["tournament", "create", "--name", "RC4", "--url", "rc4"];
    expect((await runBinary(create, sb.remote)).code).toBe(0);
    const bulk = await runBinary(["participants", "bulk-add", "rc4"], sb.remote, "A\nB\nC\nD\n");
    expect(bulk.code, bulk.stderr).toBe(0);
    const started = await runBinary(["tournament", "start", "rc4"], sb.remote);
    expect(started.code, started.stderr).toBe(0);

    const watching = watch(sb.remote, "rc4", "--json", "--until", "complete");
    const { stdout, stderr } = captured(watching.child);
    await watching.ready;
    const base = `http://127.0.0.1:${sb.served.port}`;

    expect(await sb.served.stop()).toBe(0);
    await until(stderr, `connection to ${base} lost`, watching.child);
    const report = await runBinary(["match", "report", "rc4", "A", "--winner", "A"], embedded);
    expect(report.code, report.stderr).toBe(0);

    // serve again, on the same port and database.
    again = await serveAgain(sb.served.port, sb.servedDb, sb.local);
    await until(stderr, `reconnected to ${base}\n`, watching.child);
    await until(stdout, '"type":"match.completed"', watching.child);

    const events = stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; match?: { identifier: string } });
    const completed = events.filter((e) => e.type === "match.completed");
    expect(completed.map((e) => e.match?.identifier)).toEqual(["A"]);
    // Nothing from before the watch began (the matches opened at the start) is told.
    expect(events.map((e) => e.type)).not.toContain("match.opened");

    watching.child.kill("SIGINT");
    expect((await watching.done).code).toBe(130);
  }, 90_000);
});
