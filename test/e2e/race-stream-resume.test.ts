/**
 * End to end: a race's event stream resumed with a Last-Event-ID serve no longer keeps (it
 * was started again). A state's or a round's id carries its time: the stream sends exactly
 * the events after it, as the race's records tell them, then the live ones. A time's id
 * carries none and its record's time moves as others are entered: where the records cannot
 * say what came after it, the stream says so (a `stream.reload` event) before the live
 * events; with `?since=` as well (as `tourney watch` asks) it sends what it cannot place,
 * never the event named. Before, the first two got nothing but the live events.
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
const EVER = "2000-01-01T00:00:00Z";
/** An id without its race, the time it carries or a time's row: `round1.time.61000`, `round2.started`. */
const label = (id: string) =>
  id
    .replace(/^r\d+\./, "")
    .replace(/\.\d{4}-\d\d-\d\dT[\d:.]+Z/g, "")
    .replace(/\.time\d+\./, ".time.");

describe.runIf(BUILT)("a race's Last-Event-ID across a restart of serve", () => {
  let dir: string;
  let env: Record<string, string>;
  let served: Served;
  let again: ChildProcess | undefined;
  let api: string;
  let auth: Record<string, string>;
  const tourney = async (...args: string[]) => {
    const ran = await runBinary(args, env);
    expect(ran.code, ran.stderr).toBe(0);
  };
  /** serve stopped, `writes` made by the CLI meanwhile, serve again on the port. */
  const whileAway = async (...writes: string[][]) => {
    const running = again ?? served.child;
    const closed = new Promise((r) => running.once("close", r));
    running.kill("SIGTERM");
    await closed;
    for (const write of writes) await tourney(...write);
    again = await serveAgain(served.port, join(env.TOURNEY_DATA_DIR!, "tourney.db"), env);
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tourney-e2e-race-resume-"));
    env = binaryEnv(dir);
    await tourney("race", "create", "--name", "GP", "--url", "gp", "--type", "grand prix");
    const added = await runBinary(["race", "participants", "bulk-add", "gp"], env, "A\nB\n");
    expect(added.code, added.stderr).toBe(0);
    await tourney("race", "start", "gp");
    served = await startServe([], env);
    api = `http://127.0.0.1:${served.port}/v2.1/races/gp/events`;
    auth = { authorization: served.apiKey };
  }, 60_000);
  afterAll(async () => {
    await stopAll([served?.child, again]);
    rmSync(dir, { recursive: true, force: true });
  });

  let timeA2 = "";
  let timeA2At = "";

  it("from a round's id: exactly the events after it, then the live ones", async () => {
    const seen = await idsUntil(`${api}?since=${EVER}`, auth, has(/\.round1\.started\./));
    const named = seen.at(-1)!;
    expect(named).toMatch(/^r\d+\.round1\.started\./);
    await whileAway(
      ["race", "update", "gp", "A", "--time", "1:02.000"],
      ["race", "update", "gp", "B", "--time", "1:01.000"],
      ["race", "end-round", "gp"],
    );
    const history = await idsUntil(`${api}?since=${EVER}`, auth, has(/\.round2\.started\./));
    const missed = history.filter((id) => !seen.includes(id));
    expect(missed.map((id) => label(id))).toEqual([
      "round1.time.62000",
      "round1.time.61000",
      "round1.finished",
      "round2.started",
    ]);
    const resumed = await openStream(api, { ...auth, "last-event-id": named });
    await tourney("race", "update", "gp", "A", "--time", "1:03.000");
    const got = await resumed.until(has(/\.round2\..*\.time\d+\.63000\./));
    timeA2 = got.at(-1)!;
    timeA2At = String(resumed.events().at(-1)!.at);
    resumed.close();
    expect(got).toEqual([...missed, timeA2]);
  }, 90_000);

  it("from a time's id the records cannot place: stream.reload, then the live events", async () => {
    expect(timeA2).not.toBe("");
    // B's time, entered while serve was away, re-ranks A's: A's record's time moves on.
    await whileAway(["race", "update", "gp", "B", "--time", "1:00.000"]);
    const resumed = await openStream(api, { ...auth, "last-event-id": timeA2 });
    await tourney("race", "end-round", "gp");
    const got = await resumed.until(has(/\.round3\.started\./));
    const events = resumed.events();
    resumed.close();
    expect(events.map((e) => e.type)).toEqual(["stream.reload", "round.finished", "round.started"]);
    expect(got[0]).toMatch(/^r\d+\.reload\.\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(events[0]!.id).toBe(got[0]);
  }, 90_000);

  it("with since as well (tourney watch): what it cannot place is sent, never the id named", async () => {
    await tourney("race", "update", "gp", "A", "--time", "1:04.000");
    const got = await idsUntil(
      `${api}?since=${timeA2At}`,
      { ...auth, "last-event-id": timeA2 },
      has(/\.round3\..*\.time\d+\.64000\./),
    );
    expect(got).not.toContain(timeA2);
    expect(got.some((id) => /\.reload\./.test(id))).toBe(false);
    // A's time, re-ranked by B's since: its record's time moved on, so it is sent again under
    // a later id (tourney watch, which has told 1:03 of it, does not tell it again).
    expect(got.map((id) => label(id))).toEqual([
      "round2.time.63000",
      "round2.time.60000",
      "round2.finished",
      "round3.started",
      "round3.time.64000",
    ]);
  }, 60_000);
});
