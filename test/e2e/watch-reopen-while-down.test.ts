/**
 * End to end: `tourney watch` through a remote profile (serve's event stream) while its serve
 * goes away; meanwhile the embedded CLI, writing the same database file, reopens a match the
 * watch had told complete (a reset), then serve comes back on the same port. The watch tells
 * the reopen once it has reconnected: `match.reopened`, dated by the match's update, as the
 * records keep it. Before, serve's replay (`?since=`) could not tell it (its records keep no
 * reopen): nothing was printed, and the watch went on as if the result stood.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, runBinary } from "../helpers/binary.js";
import { type ServedSandbox, servedSandbox } from "../helpers/remote-profile.js";
import { captured, serveAgain, stopAll, until, watch } from "../helpers/watch-process.js";

interface Told {
  id: string;
  type: string;
  at: string;
  match?: { identifier: string; state: string; winner: unknown };
}

describe.runIf(BUILT)("watch through serve, a match reopened while serve was away", () => {
  let sb: ServedSandbox;
  let again: ChildProcess | undefined;
  beforeAll(async () => {
    sb = await servedSandbox("watch-reopen-down");
  }, 60_000);
  afterAll(async () => {
    await stopAll([sb.served.child, again]);
    rmSync(sb.dir, { recursive: true, force: true });
  });

  it("tells the reopen once it has reconnected", async () => {
    const added = await runBinary(["profile", "add", "srvdb", "--db", sb.servedDb], sb.local);
    expect(added.code, added.stderr).toBe(0);
    const embedded = { ...sb.local, TOURNEY_PROFILE: "srvdb" };
    const create = ["tournament", "create", "--name", "RO", "--url", "ro"];
    expect((await runBinary(create, sb.remote)).code).toBe(0);
    const bulk = await runBinary(["participants", "bulk-add", "ro"], sb.remote, "A\nB\nC\nD\n");
    expect(bulk.code, bulk.stderr).toBe(0);
    const started = await runBinary(["tournament", "start", "ro"], sb.remote);
    expect(started.code, started.stderr).toBe(0);

    const watching = watch(sb.remote, "ro", "--json");
    const { stdout, stderr } = captured(watching.child);
    await watching.ready;
    const report = await runBinary(["match", "report", "ro", "A", "--winner", "A"], sb.remote);
    expect(report.code, report.stderr).toBe(0);
    await until(stdout, '"type":"match.completed"', watching.child);

    const base = `http://127.0.0.1:${sb.served.port}`;
    expect(await sb.served.stop()).toBe(0);
    await until(stderr, `connection to ${base} lost`, watching.child);
    const reopen = await runBinary(["match", "reopen", "ro", "A"], embedded);
    expect(reopen.code, reopen.stderr).toBe(0);
    const view = await runBinary(["match", "view", "ro", "A", "--json"], embedded);
    const updatedAt = (JSON.parse(view.stdout) as { timestamps: { updated_at: string } }).timestamps
      .updated_at;

    again = await serveAgain(sb.served.port, sb.servedDb, sb.local);
    await until(stderr, `reconnected to ${base}\n`, watching.child);
    await until(stdout, '"type":"match.reopened"', watching.child);

    const events = stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Told);
    const reopened = events.filter((e) => e.type === "match.reopened");
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.match).toMatchObject({ identifier: "A", state: "open", winner: null });
    expect(reopened[0]!.at).toBe(updatedAt);
    expect(reopened[0]!.id).toBe(`t1.m1.reopened.${updatedAt}`);

    watching.child.kill("SIGINT");
    expect((await watching.done).code).toBe(130);
  }, 90_000);
});
