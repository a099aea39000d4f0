/**
 * End to end: event ids name their place in the order the stream sent them, so an
 * EventSource resuming from any of them after serve started again gets exactly the events
 * after it (of those the records still tell), none it already had. Before, a
 * `match.reopened` id carried the time of the completion it undid (resuming from it sent
 * again a match completed between), and the step back to `underway` when the final was
 * reopened carried the start's time under the start's own id (resuming from it sent the
 * whole tournament again).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";
import { idsUntil, openStream } from "../helpers/event-stream.js";
import { serveAgain, stopAll } from "../helpers/watch-process.js";

const has = (pattern: RegExp) => (ids: readonly string[]) => ids.some((id) => pattern.test(id));
/** The time an id ends with. */
const timeOf = (id: string) => Date.parse(/(\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(id)![1]!);

describe.runIf(BUILT)("event ids in the order sent, resumed after a restart of serve", () => {
  let dir: string;
  let env: Record<string, string>;
  let served: Served;
  let again: ChildProcess | undefined;
  const tourney = async (...args: string[]) => {
    const ran = await runBinary(args, env);
    expect(ran.code, ran.stderr).toBe(0);
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-e2e-resume-ids-"));
    env = binaryEnv(dir);
    await tourney("tournament", "create", "--name", "Pub", "--url", "pub");
    const added = await runBinary(["participants", "bulk-add", "pub"], env, "A\nB\nC\nD\n");
    expect(added.code, added.stderr).toBe(0);
    await tourney("tournament", "start", "pub");
    served = await startServe([], env);
  }, 60_000);
  afterAll(async () => {
    await stopAll([served?.child, again]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("a reopen's id and the step back to underway resume after themselves", async () => {
    const base = `http://127.0.0.1:${served.port}`;
    const auth = { authorization: served.apiKey };
    const api = `${base}/v2.1/tournaments/pub/events`;
    // Each write waits for the stream to tell the last, so that every change is a look of its own.
    const live = await openStream(`${api}?since=2000-01-01T00:00:00Z`, auth);
    await live.until(has(/\.m2\.opened\./));
    await tourney("match", "report", "pub", "A", "--winner", "A", "--scores", "2-1");
    await live.until(has(/\.m1\.completed\./));
    await tourney("match", "report", "pub", "B", "--winner", "C", "--scores", "1-2");
    await live.until(has(/\.m3\.opened\./));
    await tourney("match", "reopen", "pub", "A");
    await live.until(has(/\.m1\.reopened\./));
    await tourney("match", "report", "pub", "A", "--winner", "D", "--scores", "1-2");
    await live.until(has(/\.m3\.opened\.4\.3\./));
    await tourney("match", "report", "pub", "C", "--winner", "D", "--scores", "2-1");
    await live.until(has(/\.state\.awaiting_review\./));
    await tourney("match", "reopen", "pub", "C");
    const seen = await live.until(has(/\.m3\.reopened\./));
    live.close();
    // Told once each, in the order of the times they carry.
    expect(new Set(seen).size, seen.join("\n")).toBe(seen.length);
    const times = seen.map(timeOf);
    expect(times, seen.join("\n")).toEqual([...times].sort((a, b) => a - b));
    const reopenA = seen.find((id) => /\.m1\.reopened\./.test(id))!;
    const back = seen.findLast((id) => /\.state\.underway\./.test(id))!;
    expect(seen.lastIndexOf(back)).toBeGreaterThan(seen.indexOf(reopenA));

    expect(await served.stop()).toBe(0);
    await tourney("match", "report", "pub", "C", "--winner", "C", "--scores", "1-2");
    again = await serveAgain(served.port, join(env.TOURNEY_DATA_DIR!, "tourney.db"), env);

    // What the records tell now: the last event is the final's second review.
    const history = await idsUntil(`${api}?since=2000-01-01T00:00:00Z`, auth, (ids) =>
      ids.some((id) => /\.state\.awaiting_review\./.test(id) && !seen.includes(id)),
    );
    const after = (named: string) => {
      const had = new Set(seen.slice(0, seen.lastIndexOf(named) + 1));
      return history.filter((id) => !had.has(id));
    };
    const last = history.at(-1)!;
    for (const named of [reopenA, back]) {
      const all = await idsUntil(api, { ...auth, "last-event-id": named }, (ids) =>
        ids.includes(last),
      );
      expect(all, named).toEqual(after(named));
    }
    expect(after(reopenA)).toHaveLength(4); // A's second completion, the final's pairing, C's, review
    expect(after(back)).toHaveLength(2); // the final's second completion, review
    // From the last id: the two missed, then a live change (the finalize) after them.
    const resumed = await openStream(api, { ...auth, "last-event-id": seen.at(-1)! });
    await resumed.until((ids) => ids.includes(last));
    await tourney("tournament", "finalize", "pub");
    const got = await resumed.until(has(/\.state\.complete\./));
    resumed.close();
    expect(got.slice(0, -1)).toEqual(after(seen.at(-1)!));
    expect(got).toHaveLength(3);
  }, 120_000);
});
