/**
 * End to end: an EventSource that resumes with Last-Event-ID after serve stopped and
 * started again gets exactly the events it missed (reported while serve was away), none
 * it had already: on the API's stream and on the bracket page's. Before, the new serve's
 * log did not hold the id and the stream sent nothing but heartbeats (docs/serve.md's
 * Stopping section promised the resume).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, binaryEnv, runBinary, type Served, startServe } from "../helpers/binary.js";
import { idsUntil, openStream } from "../helpers/event-stream.js";
import { serveAgain, stopAll } from "../helpers/watch-process.js";

const finalOpened = (ids: readonly string[]) => ids.some((id) => /\.m3\.opened\./.test(id));
const finalCompleted = (ids: readonly string[]) => ids.some((id) => /\.m3\.completed\./.test(id));
const twoOpened = (ids: readonly string[]) =>
  ids.filter((id) => id.includes(".opened.")).length >= 2;

describe.runIf(BUILT)("Last-Event-ID across a restart of serve", () => {
  let dir: string;
  let env: Record<string, string>;
  let served: Served;
  let again: ChildProcess | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-e2e-resume-"));
    env = binaryEnv(dir);
    const create = ["tournament", "create", "--name", "Pub", "--url", "pub"];
    expect((await runBinary(create, env)).code).toBe(0);
    expect((await runBinary(["participants", "bulk-add", "pub"], env, "A\nB\nC\nD\n")).code).toBe(
      0,
    );
    expect((await runBinary(["tournament", "start", "pub"], env)).code).toBe(0);
    served = await startServe([], env);
  }, 60_000);
  afterAll(async () => {
    await stopAll([served?.child, again]);
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the events reported while serve was stopped, once, on both streams", async () => {
    const base = `http://127.0.0.1:${served.port}`;
    const auth = { authorization: served.apiKey };
    const api = `${base}/v2.1/tournaments/pub/events`;
    const page = `${base}/tournaments/pub/bracket/events`;
    const seen = await idsUntil(`${api}?since=2000-01-01T00:00:00Z`, auth, twoOpened);
    const last = seen.at(-1)!;
    expect(last).toMatch(/^t\d+\.m\d\.opened\./);

    expect(await served.stop()).toBe(0);
    for (const [match, winner, scores] of [
      ["A", "A", "2-1"],
      ["B", "C", "1-2"],
    ]) {
      const report = ["match", "report", "pub", match!, "--winner", winner!, "--scores", scores!];
      const reported = await runBinary(report, env);
      expect(reported.code, reported.stderr).toBe(0);
    }
    again = await serveAgain(served.port, join(env.TOURNEY_DATA_DIR!, "tourney.db"), env);

    const all = await idsUntil(`${api}?since=2000-01-01T00:00:00Z`, auth, finalOpened);
    const missed = all.filter((id) => !seen.includes(id));
    expect(missed).toHaveLength(3);
    expect(missed.map((id) => id.split(".")[2])).toEqual(["completed", "completed", "opened"]);
    // Then the final, reported while the resumed stream is open: the backlog comes before it.
    const resumed = await openStream(api, { ...auth, "last-event-id": last });
    const final = ["match", "report", "pub", "C", "--winner", "A", "--scores", "2-0"];
    const reported = await runBinary(final, env);
    expect(reported.code, reported.stderr).toBe(0);
    const got = await resumed.until(finalCompleted);
    resumed.close();
    expect(got.slice(0, 3)).toEqual(missed);
    expect(got[3]).toMatch(/^t\d+\.m3\.completed\./);
    // The bracket page's stream (anonymous: the tournament is public) resumes the same way.
    const onPage = await idsUntil(page, { "last-event-id": last }, finalCompleted);
    expect(onPage.slice(0, 4)).toEqual(got.slice(0, 4));
  }, 90_000);
});
